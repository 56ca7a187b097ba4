package dev.semhash.training.eval;

/**
 * Scores every candidate document for one query at once, as dense models and TF-IDF cosine do
 * naturally. Must be thread-safe when an evaluator runs on several threads.
 */
@FunctionalInterface
public interface QueryScorer {
  /**
   * Writes the score of each candidate document {@code d} for query {@code query} to {@code
   * scores[d]} (higher = more relevant; never NaN). The array is reused between calls.
   */
  void score(int query, double[] scores);
}
