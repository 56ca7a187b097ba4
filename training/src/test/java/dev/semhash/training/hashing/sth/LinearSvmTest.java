package dev.semhash.training.hashing.sth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LinearSvmTest {

  @Test
  void separatesLinearlySeparableSparseData() {
    // Points on 50 sparse dimensions labelled by a hidden hyperplane with a margin of 0.2.
    SplittableRandom random = new SplittableRandom(3);
    int dims = 50;
    double[] hidden = new double[dims];
    for (int d = 0; d < dims; d++) {
      hidden[d] = random.nextGaussian();
    }
    List<SparseVector> rows = new ArrayList<>();
    List<Boolean> labels = new ArrayList<>();
    while (rows.size() < 400) {
      int[] idx = random.ints(0, dims).distinct().limit(6).sorted().toArray();
      float[] val = new float[idx.length];
      double score = 0.3; // a non-zero offset, so the bias matters
      for (int a = 0; a < idx.length; a++) {
        val[a] = (float) random.nextGaussian();
        score += hidden[idx[a]] * val[a];
      }
      if (Math.abs(score) < 0.2) {
        continue;
      }
      rows.add(new SparseVector(idx, val));
      labels.add(score > 0);
    }
    SparseMatrix x = SparseMatrix.ofRows(rows, dims);
    boolean[] positive = new boolean[rows.size()];
    for (int i = 0; i < positive.length; i++) {
      positive[i] = labels.get(i);
    }
    int[] all = java.util.stream.IntStream.range(0, rows.size()).toArray();
    LinearSvm.Model m = LinearSvm.train(x, positive, all, new SvmSettings(1000, 0.01, 5000), 1L);
    assertTrue(m.converged(), "epochs " + m.epochs());
    for (int i = 0; i < positive.length; i++) {
      assertEquals(positive[i], m.decision(x, i) > 0, "row " + i + " decision " + m.decision(x, i));
    }
    // Same seed, same classifier.
    LinearSvm.Model again =
        LinearSvm.train(x, positive, all, new SvmSettings(1000, 0.01, 5000), 1L);
    assertArrayEquals(m.weights(), again.weights(), 0);
    assertEquals(m.bias(), again.bias(), 0);
  }

  @Test
  void twoPointsByHand() {
    // x = +1 (positive) and x = -1 (negative) on one feature with large C: the dual optimum of
    // the squared hinge with the bias feature is w = 4C / (1 + 4C), b = 0; as C grows, w -> 1.
    SparseMatrix x =
        SparseMatrix.ofRows(
            List.of(
                new SparseVector(new int[] {0}, new float[] {1}),
                new SparseVector(new int[] {0}, new float[] {-1})),
            1);
    LinearSvm.Model m =
        LinearSvm.train(
            x,
            new boolean[] {true, false},
            new int[] {0, 1},
            new SvmSettings(1e6, 1e-9, 100000),
            1L);
    assertEquals(1, m.weights()[0], 1e-4);
    assertEquals(0, m.bias(), 1e-4);
    // With C = 1: minimise 1/2 w^2 + 2 (1 - w)^2, so w = 4/5.
    LinearSvm.Model soft =
        LinearSvm.train(
            x, new boolean[] {true, false}, new int[] {0, 1}, new SvmSettings(1, 1e-9, 100000), 1L);
    assertEquals(0.8, soft.weights()[0], 1e-6);
    assertEquals(0, soft.bias(), 1e-6);
  }

  @Test
  void onlyTheGivenRowsTrain() {
    SparseMatrix x =
        SparseMatrix.ofRows(
            List.of(
                new SparseVector(new int[] {0}, new float[] {1}),
                new SparseVector(new int[] {1}, new float[] {1}),
                new SparseVector(new int[] {0}, new float[] {1})),
            2);
    // Row 2 contradicts row 0 but is left out, so it cannot pull w[0] down.
    LinearSvm.Model m =
        LinearSvm.train(
            x, new boolean[] {true, false, false}, new int[] {0, 1}, SvmSettings.DEFAULT, 1L);
    assertTrue(m.decision(x, 0) > 0);
    assertTrue(m.decision(x, 1) < 0);
  }

  @Test
  void badInputs() {
    SparseMatrix x =
        SparseMatrix.ofRows(List.of(new SparseVector(new int[] {0}, new float[] {1})), 1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LinearSvm.train(x, new boolean[] {true}, new int[0], SvmSettings.DEFAULT, 1L));
    assertTrue(e.getMessage().contains("no training row"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LinearSvm.train(x, new boolean[2], new int[] {0}, SvmSettings.DEFAULT, 1L));
    assertTrue(e.getMessage().contains("2 labels for a matrix of 1 rows"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SvmSettings(0, 0.1, 10));
    assertThrows(IllegalArgumentException.class, () -> new SvmSettings(1, Double.NaN, 10));
    assertThrows(IllegalArgumentException.class, () -> new SvmSettings(1, 0.1, 0));
  }
}
