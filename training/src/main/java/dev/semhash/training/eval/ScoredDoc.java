package dev.semhash.training.eval;

/** A retrieved document and its score. */
public record ScoredDoc(String docId, double score) {}
