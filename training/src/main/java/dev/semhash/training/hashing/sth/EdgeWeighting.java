package dev.semhash.training.hashing.sth;

/** How an edge of the k-nearest-neighbour graph becomes an affinity weight. */
public enum EdgeWeighting {
  /** Every edge weighs 1: the plain k-NN graph, the simplest affinity of Laplacian eigenmaps. */
  BINARY,
  /**
   * An edge weighs the cosine similarity of its two documents, the neighbour score (the affinity
   * matrix of the thesis's STH baseline, section 5.3.2: "each entry is the cosine distance").
   */
  COSINE;

  /** The weight of an edge whose neighbour score is {@code score}. */
  double weight(float score) {
    return this == BINARY ? 1 : score;
  }
}
