package dev.semhash.training.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.training.corpus.SparseMatrix;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SparseCosineScorerTest {

  @Test
  void handComputedCosinesAndAZeroVector() {
    // train: (3, 4, 0), (0, 0, 2), empty; query (1, 0, 0): cosines 3/5, 0, 0
    SparseMatrix train =
        OneVsRestLogisticRegressionTest.rows(3, new int[][] {{0, 1}, {2}, {}}, new float[][] {{3, 4}, {2}, {}});
    SparseMatrix queries =
        OneVsRestLogisticRegressionTest.rows(3, new int[][] {{0}, {}}, new float[][] {{1}, {}});
    double[] scores = {9, 9, 9}; // stale values from an earlier query must not survive
    SparseCosineScorer scorer = new SparseCosineScorer(train, queries);
    scorer.score(0, scores);
    assertArrayEquals(new double[] {0.6, 0, 0}, scores, 1e-7);
    scorer.score(1, scores);
    assertArrayEquals(new double[] {0, 0, 0}, scores, 0);
  }

  @Test
  void agreesWithADenseCosineOverRandomSparseVectors() {
    Random random = new Random(42);
    for (int round = 0; round < 50; round++) {
      int columns = 1 + random.nextInt(30);
      double[][] train = randomDense(random, 1 + random.nextInt(40), columns);
      double[][] test = randomDense(random, 1 + random.nextInt(10), columns);
      SparseCosineScorer scorer = new SparseCosineScorer(sparse(train, columns), sparse(test, columns));
      double[] scores = new double[train.length];
      for (int q = 0; q < test.length; q++) {
        scorer.score(q, scores);
        for (int d = 0; d < train.length; d++) {
          assertEquals(denseCosine(test[q], train[d]), scores[d], 1e-5);
        }
      }
    }
  }

  @Test
  void vectorsOverDifferentVocabulariesAreRefused() {
    SparseMatrix a = OneVsRestLogisticRegressionTest.rows(3, new int[][] {{0}}, new float[][] {{1}});
    SparseMatrix b = OneVsRestLogisticRegressionTest.rows(4, new int[][] {{0}}, new float[][] {{1}});
    assertEquals(
        "training vectors have 3 columns but queries 4; vectorize both with one vocabulary",
        assertThrows(IllegalArgumentException.class, () -> new SparseCosineScorer(a, b)).getMessage());
  }

  private static double[][] randomDense(Random random, int rows, int columns) {
    double[][] m = new double[rows][columns];
    for (double[] row : m) {
      for (int c = 0; c < columns; c++) {
        if (random.nextInt(3) == 0) {
          row[c] = (float) (random.nextDouble() * 2); // float values, as the sparse matrix stores
        }
      }
    }
    return m;
  }

  private static SparseMatrix sparse(double[][] dense, int columns) {
    int[][] cols = new int[dense.length][];
    float[][] vals = new float[dense.length][];
    for (int r = 0; r < dense.length; r++) {
      int nnz = 0;
      for (double v : dense[r]) {
        nnz += v != 0 ? 1 : 0;
      }
      cols[r] = new int[nnz];
      vals[r] = new float[nnz];
      for (int c = 0, i = 0; c < columns; c++) {
        if (dense[r][c] != 0) {
          cols[r][i] = c;
          vals[r][i++] = (float) dense[r][c];
        }
      }
    }
    return OneVsRestLogisticRegressionTest.rows(columns, cols, vals);
  }

  private static double denseCosine(double[] a, double[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
