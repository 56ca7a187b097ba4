package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TwoMeansThresholdsTest {

  /**
   * Values 0, 1, 2, 10, 11: the splits after 1, 2, 3 and 4 values leave within-group squared
   * errors of 82, 49.17, 2.5 and 62.75 (by hand: {0,1,2} has mean 1 and error 2, {10,11} mean
   * 10.5 and error 0.5), so the threshold is the midpoint of 2 and 10. The median, 2, would put
   * the 2 with the upper group's 10 and 11 apart from 0 and 1.
   */
  @Test
  void thresholdLiesBetweenTheGroupsOfLeastSquaredError() {
    float[] thresholds = TwoMeansThresholds.of(new float[] {10, 0, 2, 11, 1}, 5, 1);
    assertEquals(6f, thresholds[0]);
  }

  /** Two dimensions, row-major, each with its own split; a constant one gets its value. */
  @Test
  void eachDimensionIsSplitOnItsOwnValues() {
    float[] values = {
      0, 5, -3,
      0, 5, -2,
      1, 5, 4,
      9, 5, 5,
    };
    float[] thresholds = TwoMeansThresholds.of(values, 4, 3);
    // column 0: {0,0,1 | 9} error 0.667 against {0,0 | 1,9} 32.0; column 2: {-3,-2 | 4,5} error 1.0
    assertEquals(5f, thresholds[0]);
    assertEquals(5f, thresholds[1]);
    assertEquals(1f, thresholds[2]);
  }

  /** Against every split tried one by one, over random columns with ties and skew. */
  @Test
  void matchesTheBestSplitFoundByBruteForce() {
    Random random = new Random(5);
    for (int round = 0; round < 200; round++) {
      int n = 2 + random.nextInt(60);
      double[] column = new double[n];
      for (int i = 0; i < n; i++) {
        column[i] = random.nextBoolean() ? random.nextInt(5) : Math.exp(random.nextGaussian() * 2);
      }
      double[] sorted = column.clone();
      Arrays.sort(sorted);
      double bestError = Double.POSITIVE_INFINITY;
      for (int k = 1; k < n; k++) {
        if (sorted[k - 1] < sorted[k]) {
          bestError = Math.min(bestError, error(sorted, 0, k) + error(sorted, k, n));
        }
      }
      float t = TwoMeansThresholds.split(column.clone());
      int upper = 0;
      for (double v : sorted) {
        upper += v > t ? 1 : 0;
      }
      if (bestError == Double.POSITIVE_INFINITY) {
        assertEquals(0, upper, "round " + round + ": a constant column gives no 1 bit");
        continue;
      }
      assertTrue(upper > 0 && upper < n, "round " + round + ": both groups are non-empty");
      double got = error(sorted, 0, n - upper) + error(sorted, n - upper, n);
      assertEquals(bestError, got, 1e-9 * (1 + bestError), "round " + round);
    }
  }

  /**
   * A label that holds 30 % of the rows, far from the rest: the median cuts through the larger
   * group, the 2-means threshold keeps each group whole.
   */
  @Test
  void anUnevenPairOfClustersIsNotCutThrough() {
    Random random = new Random(9);
    int rows = 1000;
    float[] values = new float[rows];
    for (int r = 0; r < rows; r++) {
      values[r] = (float) (r < 300 ? 4 + random.nextGaussian() * 0.3 : random.nextGaussian() * 0.3);
    }
    float t = TwoMeansThresholds.of(values, rows, 1)[0];
    for (int r = 0; r < rows; r++) {
      assertEquals(r < 300, values[r] > t, "row " + r + " value " + values[r] + " threshold " + t);
    }
    assertTrue(ValidationPrecision.medians(values, rows, 1)[0] < 1, "the median lies inside the larger group");
  }

  @Test
  void nonFiniteValuesAreRefusedByRowAndBit() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TwoMeansThresholds.of(new float[] {0, 1, Float.NaN, 2}, 2, 2));
    assertEquals("training document 1 has output NaN at bit 0; the encoder diverged, so no threshold can be set"
        + " (retrain with a smaller --learning-rate)", e.getMessage());
  }

  private static double error(double[] sorted, int from, int to) {
    double mean = 0;
    for (int i = from; i < to; i++) {
      mean += sorted[i];
    }
    mean /= to - from;
    double e = 0;
    for (int i = from; i < to; i++) {
      e += (sorted[i] - mean) * (sorted[i] - mean);
    }
    return e;
  }
}
