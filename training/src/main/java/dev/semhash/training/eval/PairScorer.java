package dev.semhash.training.eval;

/**
 * The score a model gives document {@code doc} for query {@code query}, both as 0-based ordinals
 * of the caller's query and document lists. Higher means more relevant.
 */
@FunctionalInterface
public interface PairScorer {
  double score(int query, int doc);
}
