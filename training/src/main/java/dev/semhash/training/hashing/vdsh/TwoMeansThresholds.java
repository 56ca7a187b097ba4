package dev.semhash.training.hashing.vdsh;

import java.util.Arrays;

/**
 * Per-bit thresholds that split each output dimension into the two groups of least within-group
 * squared error (one-dimensional 2-means, solved exactly; Otsu's criterion on the raw values):
 * the threshold of {@link Binarization#TWO_MEANS}. Where a dimension's values form two clusters
 * of unequal size, as a supervised latent does for a label that holds a third of the corpus, the
 * threshold falls between the clusters, where the median would cut through the larger one; on a
 * symmetric unimodal dimension it falls near the median.
 *
 * <pre class="prettyprint">
 * float[] thresholds = TwoMeansThresholds.of(outputs, rows, bits); // outputs row-major, rows x bits
 * </pre>
 */
final class TwoMeansThresholds {
  private TwoMeansThresholds() {}

  /**
   * The threshold of each of the {@code bits} dimensions of row-major {@code values}: the midpoint
   * between the largest value of the lower group and the smallest of the upper one, so that a bit
   * is 1 exactly for the upper group's training rows. A dimension whose values are all equal
   * gets that value (every bit 0).
   *
   * @throws IllegalArgumentException if a value is not finite or there are no rows
   */
  static float[] of(float[] values, int rows, int bits) {
    if (rows < 1 || values.length != rows * bits) {
      throw new IllegalArgumentException(
          "2-means thresholds need rows x bits values, got " + values.length + " for " + rows + " rows of " + bits + " bits");
    }
    float[] thresholds = new float[bits];
    double[] column = new double[rows];
    for (int j = 0; j < bits; j++) {
      for (int r = 0; r < rows; r++) {
        float v = values[r * bits + j];
        if (Float.isFinite(v) == false) {
          throw new IllegalArgumentException("training document " + r + " has output " + v + " at bit " + j
              + "; the encoder diverged, so no threshold can be set (retrain with a smaller --learning-rate)");
        }
        column[r] = v;
      }
      thresholds[j] = split(column);
    }
    return thresholds;
  }

  /** The 2-means threshold of one dimension; sorts {@code column} in place. */
  static float split(double[] column) {
    Arrays.sort(column);
    int n = column.length;
    double total = 0;
    for (double v : column) {
      total += v;
    }
    // Least within-group squared error = most n_L m_L^2 + n_R m_R^2, compared only where the
    // sorted values differ, so that the two groups are separable by a threshold.
    double best = Double.NEGATIVE_INFINITY;
    int bestLeft = -1;
    double left = 0;
    for (int k = 1; k < n; k++) {
      left += column[k - 1];
      if (column[k - 1] == column[k]) {
        continue;
      }
      double right = total - left;
      double score = left * left / k + right * right / (n - k);
      if (score > best) {
        best = score;
        bestLeft = k;
      }
    }
    if (bestLeft < 0) {
      return (float) column[0];
    }
    double below = column[bestLeft - 1];
    double above = column[bestLeft];
    float mid = (float) ((below + above) / 2);
    // Rows keep their group after rounding to float: a bit is 1 when the value is above the threshold.
    return mid >= (float) above || mid < (float) below ? (float) below : mid;
  }
}
