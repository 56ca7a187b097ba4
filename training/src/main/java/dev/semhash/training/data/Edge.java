package dev.semhash.training.data;

/** A directed link between two documents, such as a citation (citing first). */
public record Edge(String source, String target) {}
