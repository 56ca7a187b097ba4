package dev.semhash.training.hashing.sth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DenseSymmetricEigenTest {

  @Test
  void twoByTwoByHand() {
    // [[2, 1], [1, 2]] has eigenvalues 3 and 1 with eigenvectors (1, 1) and (1, -1) / sqrt(2).
    DenseSymmetricEigen e = DenseSymmetricEigen.of(new double[][] {{2, 1}, {1, 2}});
    assertArrayEquals(new double[] {3, 1}, e.values(), 1e-14);
    double r = Math.sqrt(0.5);
    double[] v0 = e.vector(0);
    assertEquals(1, Math.abs(v0[0] / r), 1e-14);
    assertEquals(v0[0], v0[1], 1e-14);
    double[] v1 = e.vector(1);
    assertEquals(-v1[0], v1[1], 1e-14);
  }

  @Test
  void diagonalMatrixIsSortedLargestFirst() {
    DenseSymmetricEigen e =
        DenseSymmetricEigen.of(new double[][] {{-1, 0, 0}, {0, 5, 0}, {0, 0, 2}});
    assertArrayEquals(new double[] {5, 2, -1}, e.values(), 0);
    assertArrayEquals(new double[] {0, 1, 0}, e.vector(0), 0);
  }

  @Test
  void randomMatricesAreDiagonalised() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 20; trial++) {
      int n = 1 + random.nextInt(40);
      double[][] a = new double[n][n];
      double trace = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++) {
          a[i][j] = a[j][i] = random.nextGaussian();
        }
        trace += a[i][i];
      }
      DenseSymmetricEigen e = DenseSymmetricEigen.of(a);
      double[] values = e.values();
      double sum = 0;
      for (int k = 0; k < n; k++) {
        sum += values[k];
        if (k > 0) {
          assertTrue(values[k] <= values[k - 1]);
        }
        double[] v = e.vector(k);
        double[] av = new double[n];
        SymmetricOperator.dense(a).multiply(v, av);
        for (int i = 0; i < n; i++) {
          assertEquals(values[k] * v[i], av[i], 1e-10, "trial " + trial + " pair " + k);
        }
        for (int l = 0; l <= k; l++) {
          assertEquals(l == k ? 1 : 0, TopEigenSolver.dot(v, e.vector(l)), 1e-12);
        }
      }
      assertEquals(trace, sum, 1e-10);
    }
  }

  @Test
  void rejectsBadMatrices() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DenseSymmetricEigen.of(new double[][] {{1, 2}}));
    assertTrue(e.getMessage().contains("expected 1"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DenseSymmetricEigen.of(new double[][] {{1, Double.NaN}, {0, 1}}));
    assertTrue(e.getMessage().contains("NaN"), e.getMessage());
  }
}
