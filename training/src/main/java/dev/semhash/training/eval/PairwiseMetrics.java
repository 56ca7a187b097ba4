package dev.semhash.training.eval;

import java.util.Arrays;

/**
 * Metrics that compare relevant with non-relevant documents pair by pair, from the scores a model
 * gives every candidate of a query.
 *
 * <p><b>AUC</b> of a query = share of (relevant, non-relevant) pairs where the relevant document
 * scores higher, a tie counting one half (the Mann-Whitney statistic). Computed in O(n log n) from
 * ranks, with tied scores given their average rank.
 *
 * <p>The rank loss over many queries, estimated on a fixed sample of triples, is in {@link
 * TripleSample}; with ties counted the same way, its expectation is 1 minus the triple-weighted
 * mean AUC.
 *
 * <pre class="prettyprint">
 * double auc = PairwiseMetrics.auc(new double[] {0.9, 0.1, 0.5}, new boolean[] {true, false, true});
 * </pre>
 */
public final class PairwiseMetrics {
  private PairwiseMetrics() {}

  /**
   * AUC of one query.
   *
   * @param scores score of each candidate (higher = more relevant); no NaN
   * @param relevant whether each candidate is relevant, same length as {@code scores}
   * @throws IllegalArgumentException if the lengths differ, a score is NaN, or there is no relevant
   *     or no non-relevant candidate (the AUC is undefined; leave such queries out)
   */
  public static double auc(double[] scores, boolean[] relevant) {
    if (scores.length != relevant.length) {
      throw new IllegalArgumentException(
          scores.length + " scores but " + relevant.length + " relevance flags; give one per candidate");
    }
    int n = scores.length;
    Integer[] order = new Integer[n];
    long positives = 0;
    for (int i = 0; i < n; i++) {
      if (Double.isNaN(scores[i])) {
        throw new IllegalArgumentException("score of candidate " + i + " is NaN");
      }
      order[i] = i;
      if (relevant[i]) {
        positives++;
      }
    }
    long negatives = n - positives;
    if (positives == 0 || negatives == 0) {
      throw new IllegalArgumentException(
          "AUC needs at least one relevant and one non-relevant candidate, got "
              + positives
              + " relevant of "
              + n);
    }
    Arrays.sort(order, (a, b) -> Double.compare(scores[a], scores[b]));
    // Sum of the (1-based, tie-averaged) ascending ranks of the relevant candidates.
    double rankSum = 0;
    for (int i = 0; i < n; ) {
      int j = i;
      while (j + 1 < n && scores[order[j + 1]] == scores[order[i]]) {
        j++;
      }
      double averageRank = (i + j) / 2.0 + 1;
      for (int t = i; t <= j; t++) {
        if (relevant[order[t]]) {
          rankSum += averageRank;
        }
      }
      i = j + 1;
    }
    double wins = rankSum - positives * (positives + 1) / 2.0;
    return wins / ((double) positives * negatives);
  }
}
