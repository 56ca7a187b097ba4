package dev.semhash.training.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OneVsRestLogisticRegressionTest {

  @Test
  void oneStepFromZeroWeightsMovesEachLabelByHalfTheInput() {
    // One document x = (0.6, 0.8) with label 0 of 2, one epoch at step 1: every logit starts at 0,
    // p = 1/2, so label 0's gradient is +1/2 and label 1's -1/2: b = (.5, -.5),
    // w_0 = (.3, .4), w_1 = (-.3, -.4); the logits of x are then .5 + .18 + .32 = 1 and -1.
    SparseMatrix x = rows(2, new int[][] {{0, 1}}, new float[][] {{0.6f, 0.8f}});
    OneVsRestLogisticRegression c =
        OneVsRestLogisticRegression.train(
            x, new int[][] {{0}}, 2, new OneVsRestLogisticRegression.Settings(1, 1.0), 1L, ProgressReporter.NONE);
    double[] logits = new double[2];
    c.logits(x, 0, logits);
    assertArrayEquals(new double[] {1.0, -1.0}, logits, 1e-6);
    SparseMatrix other = rows(2, new int[][] {{1}}, new float[][] {{1f}});
    c.logits(other, 0, logits); // b + w . (0, 1)
    assertArrayEquals(new double[] {0.5 + 0.4, -0.5 - 0.4}, logits, 1e-6);
  }

  @Test
  void learnsWhichTermsMarkWhichLabelsIncludingADocumentWithTwo() {
    // label l is marked by term l; other terms are noise shared by all
    Random random = new Random(5);
    int labels = 4;
    int terms = 12;
    int n = 400;
    int[][] cols = new int[n][];
    float[][] vals = new float[n][];
    int[][] y = new int[n][];
    for (int d = 0; d < n; d++) {
      int l = random.nextInt(labels);
      int noise = labels + random.nextInt(terms - labels);
      cols[d] = new int[] {l, noise};
      vals[d] = new float[] {0.8f, 0.6f};
      y[d] = new int[] {l};
    }
    SparseMatrix x = rows(terms, cols, vals);
    OneVsRestLogisticRegression c =
        OneVsRestLogisticRegression.train(x, y, labels, OneVsRestLogisticRegression.Settings.DEFAULT, 3L, ProgressReporter.NONE);
    SparseMatrix both = rows(terms, new int[][] {{1, 2}}, new float[][] {{0.7071f, 0.7071f}});
    double[] z = new double[labels];
    c.logits(both, 0, z);
    assertTrue(z[1] > 0 && z[2] > 0, "labels 1 and 2 both likely: " + java.util.Arrays.toString(z));
    assertTrue(z[0] < 0 && z[3] < 0, "labels 0 and 3 unlikely: " + java.util.Arrays.toString(z));
  }

  @Test
  void theSameSeedGivesTheSameWeightsAndAnotherSeedAnotherOrder() {
    Random random = new Random(11);
    int n = 60;
    int[][] cols = new int[n][];
    float[][] vals = new float[n][];
    int[][] y = new int[n][];
    for (int d = 0; d < n; d++) {
      cols[d] = new int[] {random.nextInt(3), 3 + random.nextInt(3)};
      vals[d] = new float[] {random.nextFloat(), random.nextFloat()};
      y[d] = new int[] {random.nextInt(2)};
    }
    SparseMatrix x = rows(6, cols, vals);
    OneVsRestLogisticRegression.Settings s = new OneVsRestLogisticRegression.Settings(3, 0.5);
    double[] a = logitsOfFirst(OneVsRestLogisticRegression.train(x, y, 2, s, 9L, ProgressReporter.NONE), x);
    double[] b = logitsOfFirst(OneVsRestLogisticRegression.train(x, y, 2, s, 9L, ProgressReporter.NONE), x);
    double[] c = logitsOfFirst(OneVsRestLogisticRegression.train(x, y, 2, s, 10L, ProgressReporter.NONE), x);
    assertArrayEquals(a, b, 0.0);
    assertTrue(a[0] != c[0], "SGD's result depends on the document order");
  }

  @Test
  void badInputIsRefusedWithWhatToDo() {
    SparseMatrix x = rows(2, new int[][] {{0}, {1}}, new float[][] {{1f}, {1f}});
    OneVsRestLogisticRegression.Settings s = OneVsRestLogisticRegression.Settings.DEFAULT;
    assertEquals(
        "2 documents but 1 label lists; give one per document",
        assertThrows(IllegalArgumentException.class,
            () -> OneVsRestLogisticRegression.train(x, new int[][] {{0}}, 2, s, 1L, ProgressReporter.NONE)).getMessage());
    assertEquals(
        "document 1 has label id 2, outside [0, 2)",
        assertThrows(IllegalArgumentException.class,
            () -> OneVsRestLogisticRegression.train(x, new int[][] {{0}, {2}}, 2, s, 1L, ProgressReporter.NONE)).getMessage());
    assertEquals(
        "no training document has a label; a label classifier learns from labelled documents",
        assertThrows(IllegalArgumentException.class,
            () -> OneVsRestLogisticRegression.train(x, new int[][] {{}, {}}, 2, s, 1L, ProgressReporter.NONE)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> new OneVsRestLogisticRegression.Settings(0, 1));
    assertThrows(IllegalArgumentException.class, () -> new OneVsRestLogisticRegression.Settings(30, Double.NaN));
    OneVsRestLogisticRegression c = OneVsRestLogisticRegression.train(x, new int[][] {{0}, {1}}, 2, s, 1L, ProgressReporter.NONE);
    SparseMatrix wider = rows(3, new int[][] {{2}}, new float[][] {{1f}});
    assertEquals(
        "documents of 3 terms, but the classifier was trained on 2; vectorize them with the training corpus's vocabulary",
        assertThrows(IllegalArgumentException.class, () -> c.logits(wider, 0, new double[2])).getMessage());
  }

  private static double[] logitsOfFirst(OneVsRestLogisticRegression c, SparseMatrix x) {
    double[] z = new double[c.numLabels()];
    c.logits(x, 0, z);
    return z;
  }

  static SparseMatrix rows(int columns, int[][] cols, float[][] vals) {
    SparseMatrix.Builder b = new SparseMatrix.Builder(columns);
    for (int r = 0; r < cols.length; r++) {
      b.addRow(new SparseVector(cols[r], vals[r]));
    }
    return b.build();
  }
}
