package dev.semhash.training.data;

/** A retrieval query, such as a SciFact claim. */
public record Query(String id, String text, String split) {}
