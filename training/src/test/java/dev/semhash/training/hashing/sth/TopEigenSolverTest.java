package dev.semhash.training.hashing.sth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TopEigenSolverTest {

  @Test
  void ringSpectrumWithRepeatedEigenvalues() {
    // The normalised adjacency of the n-cycle is A / 2, with eigenvalues cos(2 pi k / n); every
    // value but 1 (and -1) appears twice. The trivial eigenvalue 1 is deflated.
    int n = 80;
    NormalizedAdjacency s = NormalizedAdjacency.of(GraphFixtures.ring(n), EdgeWeighting.BINARY);
    EigenPairs top = new TopEigenSolver(1e-9, 1L).solve(s, 7, ProgressReporter.NONE);
    double[] expected = new double[7];
    for (int k = 0; k < 7; k++) {
      expected[k] = Math.cos(2 * Math.PI * ((k / 2) + 1) / n);
    }
    assertArrayEquals(expected, top.values(), 1e-9);
    assertTrue(top.restarts() > 0, "the basis (41 of 79 dimensions) should have restarted");
    checkPairs(s, top, 1e-9);
  }

  @Test
  void completeBipartiteSpectrum() {
    // K(3, 4): normalised adjacency eigenvalues 1, -1 and 0 five times.
    NormalizedAdjacency s =
        NormalizedAdjacency.of(GraphFixtures.completeBipartite(3, 4), EdgeWeighting.BINARY);
    EigenPairs top = new TopEigenSolver(1e-10, 3L).solve(s, 6, ProgressReporter.NONE);
    assertArrayEquals(new double[] {0, 0, 0, 0, 0, -1}, top.values(), 1e-12);
    checkPairs(s, top, 1e-10);
  }

  @Test
  void disconnectedGraphKeepsComponentIndicators() {
    // A 10-cycle, a 6-cycle and an isolated node. Only the global trivial vector D^1/2 1 and the
    // isolated node are deflated, so eigenvalue 1 remains once (the vector that is constant on
    // each cycle with opposite signs: it separates the components), then the cycles' spectra.
    List<int[]> edges = new ArrayList<>(GraphFixtures.ringEdges(0, 10));
    edges.addAll(GraphFixtures.ringEdges(10, 6));
    NormalizedAdjacency s =
        NormalizedAdjacency.of(
            GraphFixtures.graph(17, edges.toArray(int[][]::new)), EdgeWeighting.BINARY);
    assertEquals(2, s.components());
    assertEquals(1, s.isolatedCount());
    assertEquals(2, s.deflatedDimension());
    EigenPairs top = new TopEigenSolver(1e-10, 5L).solve(s, 5, ProgressReporter.NONE);
    double c10 = Math.cos(2 * Math.PI / 10);
    double c6 = Math.cos(2 * Math.PI / 6);
    // 1 > cos(2 pi / 10) = 0.809 > cos(2 pi / 6) = 0.5
    assertArrayEquals(new double[] {1, c10, c10, c6, c6}, top.values(), 1e-10);
    checkPairs(s, top, 1e-10);
    for (double[] v : top.vectors()) {
      assertEquals(0, v[16], 0, "isolated node");
    }
    // The leading vector is D^1/2 times a constant per cycle (all degrees are 2), signs opposite.
    double[] y = s.unnormalize(top.vectors()[0]);
    for (int i = 1; i < 16; i++) {
      assertEquals(i < 10 ? y[0] : -y[0] * 10 / 6, y[i], 1e-9, "node " + i);
    }
    // All 15 non-trivial eigenvectors exist, but no more.
    assertEquals(15, new TopEigenSolver(1e-10, 5L).solve(s, 15, ProgressReporter.NONE).count());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new TopEigenSolver(1e-10, 5L).solve(s, 16, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("only 15 exist"), e.getMessage());
  }

  @Test
  void randomSparseSymmetricMatricesMatchTheDenseSolver() {
    SplittableRandom random = new SplittableRandom(11);
    for (int trial = 0; trial < 6; trial++) {
      int n = 150 + random.nextInt(150);
      double[][] a = new double[n][n];
      for (int e = 0; e < 4 * n; e++) {
        int i = random.nextInt(n);
        int j = random.nextInt(n);
        double w = random.nextGaussian();
        a[i][j] += w;
        if (i != j) {
          a[j][i] += w;
        }
      }
      int count = 1 + random.nextInt(12);
      SymmetricOperator op = SymmetricOperator.dense(a);
      EigenPairs top = new TopEigenSolver(1e-8, trial).solve(op, count, ProgressReporter.NONE);
      double[] exact = DenseSymmetricEigen.of(a).values();
      assertArrayEquals(
          java.util.Arrays.copyOf(exact, count), top.values(), 1e-7, "trial " + trial);
      checkPairs(op, top, 1e-8);
    }
  }

  @Test
  void sameSeedSameVectors() {
    NormalizedAdjacency s = NormalizedAdjacency.of(GraphFixtures.ring(30), EdgeWeighting.BINARY);
    EigenPairs a = new TopEigenSolver(1e-9, 9L).solve(s, 3, ProgressReporter.NONE);
    EigenPairs b = new TopEigenSolver(1e-9, 9L).solve(s, 3, ProgressReporter.NONE);
    for (int k = 0; k < 3; k++) {
      assertArrayEquals(a.vectors()[k], b.vectors()[k], 0);
    }
  }

  @Test
  void unreachableToleranceFailsClearly() {
    SplittableRandom random = new SplittableRandom(2);
    int n = 200;
    double[][] a = new double[n][n];
    for (int i = 0; i < n; i++) {
      a[i][i] = random.nextDouble() * 1000;
    }
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                new TopEigenSolver(1e-300, 1L)
                    .solve(SymmetricOperator.dense(a), 2, ProgressReporter.NONE));
    assertTrue(
        e.getMessage().contains("did not converge")
            && e.getMessage().contains("loosen the tolerance"),
        e.getMessage());
  }

  @Test
  void badArguments() {
    assertThrows(IllegalArgumentException.class, () -> new TopEigenSolver(0, 1L));
    assertThrows(IllegalArgumentException.class, () -> new TopEigenSolver(Double.NaN, 1L));
    SymmetricOperator op = SymmetricOperator.dense(new double[][] {{1, 0}, {0, 2}});
    assertThrows(
        IllegalArgumentException.class,
        () -> new TopEigenSolver(1e-6, 1L).solve(op, 0, ProgressReporter.NONE));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new TopEigenSolver(1e-6, 1L).solve(op, 3, ProgressReporter.NONE));
    assertTrue(
        e.getMessage().contains("asked for 3 eigenvectors but only 2 exist"), e.getMessage());
    IllegalArgumentException asym =
        assertThrows(
            IllegalArgumentException.class,
            () -> SymmetricOperator.dense(new double[][] {{1, 2}, {3, 1}}));
    assertTrue(asym.getMessage().contains("not symmetric"), asym.getMessage());
  }

  /** Residuals within tolerance, vectors orthonormal and orthogonal to the deflated subspace. */
  static void checkPairs(SymmetricOperator op, EigenPairs top, double tolerance) {
    int n = op.size();
    for (int k = 0; k < top.count(); k++) {
      double[] v = top.vectors()[k];
      double[] av = new double[n];
      op.multiply(v, av);
      double r = 0;
      for (int i = 0; i < n; i++) {
        r += (av[i] - top.values()[k] * v[i]) * (av[i] - top.values()[k] * v[i]);
      }
      assertTrue(Math.sqrt(r) <= tolerance * 1.01, "residual " + Math.sqrt(r) + " of pair " + k);
      assertTrue(top.residuals()[k] <= tolerance);
      for (int l = 0; l <= k; l++) {
        assertEquals(
            l == k ? 1 : 0, TopEigenSolver.dot(v, top.vectors()[l]), 1e-10, "pair " + k + ", " + l);
      }
      double[] deflated = v.clone();
      op.deflate(deflated);
      for (int i = 0; i < n; i++) {
        assertEquals(v[i], deflated[i], 1e-10);
      }
    }
  }
}
