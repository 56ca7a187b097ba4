package dev.semhash.training.eval;

import dev.semhash.training.corpus.SparseMatrix;

/**
 * A label-free quality measure for hashing: how many of a query's exact nearest neighbours by
 * cosine of the term vectors appear among its top documents by Hamming distance. Random codes score
 * about {@code retrieved / collection size}; codes that preserve the vector space score near 1.
 */
public final class CosineNeighbourRecall {
  private CosineNeighbourRecall() {}

  /**
   * The exact top {@code k} rows of {@code collection} for each row of {@code queries}, by dot
   * product (cosine for unit rows), best first, ties by lower row.
   */
  public static int[][] exactTopK(SparseMatrix collection, SparseMatrix queries, int k) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be positive, got " + k);
    }
    SparseMatrix byTerm = collection.transpose();
    double[] acc = new double[collection.numRows()];
    int[][] result = new int[queries.numRows()][];
    for (int q = 0; q < queries.numRows(); q++) {
      java.util.Arrays.fill(acc, 0);
      for (int i = queries.rowStart(q); i < queries.rowEnd(q); i++) {
        int term = queries.columns()[i];
        if (term >= byTerm.numRows()) {
          continue;
        }
        double w = queries.values()[i];
        for (int j = byTerm.rowStart(term); j < byTerm.rowEnd(term); j++) {
          acc[byTerm.columns()[j]] += w * byTerm.values()[j];
        }
      }
      int n = Math.min(k, acc.length);
      int[] best = new int[n];
      int size = 0;
      for (int d = 0; d < acc.length; d++) {
        if (acc[d] <= 0) {
          continue;
        }
        if (size < n || acc[d] > acc[best[size - 1]]) {
          int pos = size < n ? size++ : size - 1;
          while (pos > 0 && acc[best[pos - 1]] < acc[d]) {
            best[pos] = best[pos - 1];
            pos--;
          }
          best[pos] = d;
        }
      }
      result[q] = java.util.Arrays.copyOf(best, size);
    }
    return result;
  }

  /**
   * Mean over queries of |truth ∩ retrieved| / |truth|; queries with an empty truth are skipped.
   */
  public static double recall(int[][] truth, int[][] retrieved) {
    double sum = 0;
    int counted = 0;
    for (int q = 0; q < truth.length; q++) {
      if (truth[q].length == 0) {
        continue;
      }
      java.util.Set<Integer> got = new java.util.HashSet<>();
      for (int d : retrieved[q]) {
        got.add(d);
      }
      int hit = 0;
      for (int d : truth[q]) {
        hit += got.contains(d) ? 1 : 0;
      }
      sum += (double) hit / truth[q].length;
      counted++;
    }
    return counted == 0 ? 0 : sum / counted;
  }
}
