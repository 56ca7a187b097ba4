package dev.semhash.training.data;

/** One relevance judgement: {@code docId} has grade {@code relevance} for {@code queryId}. */
public record Qrel(String queryId, String docId, int relevance, String split) {}
