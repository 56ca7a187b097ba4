package dev.semhash.training.neighbors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CosineKnnGraphTest {

  /** Random non-negative sparse rows; values on a coarse grid so that exact score ties happen. */
  static SparseMatrix randomRows(long seed, int rows, int columns, double density, boolean withEmpty) {
    Random random = new Random(seed);
    List<SparseVector> out = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      List<Integer> idx = new ArrayList<>();
      if (withEmpty == false || r % 37 != 5) {
        for (int c = 0; c < columns; c++) {
          if (random.nextDouble() < density) {
            idx.add(c);
          }
        }
      }
      int[] indices = idx.stream().mapToInt(Integer::intValue).toArray();
      float[] values = new float[indices.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = 1 + random.nextInt(3);
      }
      out.add(new SparseVector(indices, values));
    }
    return SparseMatrix.ofRows(out, columns);
  }

  /** Every other row sharing a column, by dot product descending then ordinal, first k. */
  static Neighbors bruteForce(SparseMatrix m, int k) {
    int n = m.numRows();
    int[][] ords = new int[n][];
    float[][] scores = new float[n][];
    for (int i = 0; i < n; i++) {
      SparseVector a = m.row(i);
      List<double[]> candidates = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        SparseVector b = m.row(j);
        boolean shares = false;
        for (int c : a.indices()) {
          shares |= java.util.Arrays.binarySearch(b.indices(), c) >= 0;
        }
        if (j != i && shares) {
          candidates.add(new double[] {j, a.dot(b)});
        }
      }
      candidates.sort(
          Comparator.comparingDouble((double[] c) -> -c[1]).thenComparingDouble(c -> c[0]));
      int c = Math.min(k, candidates.size());
      ords[i] = new int[c];
      scores[i] = new float[c];
      for (int p = 0; p < c; p++) {
        ords[i][p] = (int) candidates.get(p)[0];
        scores[i][p] = (float) candidates.get(p)[1];
      }
    }
    return new Neighbors(ords, scores);
  }

  @Test
  void equalsBruteForceCosineOnRandomData() throws IOException {
    for (long seed = 1; seed <= 4; seed++) {
      SparseMatrix m = randomRows(seed, 250, 40, 0.08, true).normalizeRows();
      for (int k : new int[] {1, 7, 20, 400}) {
        Neighbors expected = bruteForce(m, k);
        for (int threads : new int[] {1, 2}) {
          Neighbors actual = CosineKnnGraph.compute(m, k, threads, ProgressReporter.NONE);
          assertEquals(expected, actual, "seed " + seed + " k " + k + " threads " + threads);
        }
      }
    }
  }

  @Test
  void emptyRowsHaveNoNeighboursAndAreNobodysNeighbour() throws IOException {
    SparseMatrix m = randomRows(9, 100, 30, 0.1, true).normalizeRows();
    Neighbors nn = CosineKnnGraph.compute(m, 5, 2, ProgressReporter.NONE);
    assertEquals(0, nn.of(5).length);
    assertEquals(0, nn.minCount());
    for (int i = 0; i < m.numRows(); i++) {
      for (int j : nn.of(i)) {
        assertTrue(m.rowSize(j) > 0);
      }
    }
  }

  @Test
  void handComputedCosines() throws IOException {
    // Rows: (1,0,0), (1,1,0)/sqrt2, (0,0,1), (1,1,0)/sqrt2 again.
    float h = (float) (1 / Math.sqrt(2));
    SparseMatrix m =
        SparseMatrix.ofRows(
            List.of(
                new SparseVector(new int[] {0}, new float[] {1}),
                new SparseVector(new int[] {0, 1}, new float[] {h, h}),
                new SparseVector(new int[] {2}, new float[] {1}),
                new SparseVector(new int[] {0, 1}, new float[] {h, h})),
            3);
    Neighbors nn = CosineKnnGraph.compute(m, 2, 1, ProgressReporter.NONE);
    assertArrayEquals(new int[] {1, 3}, nn.of(0)); // tie at 1/sqrt2: lower ordinal first
    assertArrayEquals(new float[] {h, h}, nn.scoresOf(0), 1e-7f);
    assertArrayEquals(new int[] {3, 0}, nn.of(1));
    assertArrayEquals(new float[] {1, h}, nn.scoresOf(1), 1e-6f);
    assertArrayEquals(new int[0], nn.of(2));
  }

  @Test
  void symmetrizedIsTheUnionOfBothDirections() throws IOException {
    SparseMatrix m = randomRows(21, 200, 50, 0.06, false).normalizeRows();
    Neighbors nn = CosineKnnGraph.compute(m, 4, 2, ProgressReporter.NONE);
    Neighbors sym = nn.symmetrized();
    Map<Long, Float> edges = new HashMap<>();
    for (int i = 0; i < nn.size(); i++) {
      for (int p = 0; p < nn.of(i).length; p++) {
        int j = nn.of(i)[p];
        float s = nn.scoresOf(i)[p];
        edges.merge(((long) Math.min(i, j) << 32) | Math.max(i, j), s, Math::max);
      }
    }
    long pairs = 0;
    for (int i = 0; i < sym.size(); i++) {
      pairs += sym.of(i).length;
      for (int p = 0; p < sym.of(i).length; p++) {
        int j = sym.of(i)[p];
        assertEquals(edges.get(((long) Math.min(i, j) << 32) | Math.max(i, j)), sym.scoresOf(i)[p]);
        assertTrue(
            p == 0
                || sym.scoresOf(i)[p - 1] > sym.scoresOf(i)[p]
                || (sym.scoresOf(i)[p - 1] == sym.scoresOf(i)[p] && sym.of(i)[p - 1] < j));
      }
    }
    assertEquals(2L * edges.size(), pairs);
    assertTrue(sym.minCount() >= nn.minCount());
  }

  @Test
  void badKIsRejected() {
    SparseMatrix m = randomRows(1, 3, 3, 0.5, false);
    assertThrows(IllegalArgumentException.class, () -> CosineKnnGraph.compute(m, 0, 1, ProgressReporter.NONE));
  }
}
