package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The precision criterion on means whose codes and rankings are worked out by hand. */
class ValidationPrecisionTest {
  private static final int BITS = 8;

  /**
   * 200 trained rows: rows 0-99 of label 1 with every mean 1, rows 100-199 of label 0 with every
   * mean 3, so each bit's median is 2. Held out: rows 200 and 201, both of label 0, with means 3
   * and 1. Under the medians, row 200 is all ones, at distance 0 from the 100 rows of label 0
   * (Prec@100 1), and row 201 all zeros, at distance 0 from the 100 rows of label 1 (0): mean
   * 0.5. Under sign, every code is all ones, and ties keep training order, so both queries get
   * rows 0-99 of label 1: 0.
   */
  @Test
  void medianAndSignThresholdsGiveTheHandComputedPrecision() {
    int[] trained = IntStream.range(0, 200).toArray();
    int[] heldOut = {200, 201};
    int[][] labels = new int[202][];
    for (int r = 0; r < 202; r++) {
      labels[r] = new int[] {r < 100 ? 1 : 0};
    }
    // these means read the row numbers alone, so measure is given no training matrix
    EpochScorer.Means means = (inputs, rows) -> {
      float[] out = new float[rows.length * BITS];
      for (int i = 0; i < rows.length; i++) {
        float v = rows[i] < 100 || rows[i] == 201 ? 1f : 3f;
        Arrays.fill(out, i * BITS, (i + 1) * BITS, v);
      }
      return out;
    };
    assertEquals(0.5, new ValidationPrecision(trained, heldOut, labels, BITS, Binarization.MEDIAN, 2, 42L).measure(means, null), 0.0);
    assertEquals(0.0, new ValidationPrecision(trained, heldOut, labels, BITS, Binarization.SIGN, 1, 42L).measure(means, null), 0.0);
  }

  /** Medians as numpy computes them: the middle value, or the mean of the two middle ones. */
  @Test
  void mediansPerBit() {
    // rows x 2 bits, row-major: bit 0 takes 5, 1, 3; bit 1 takes -1, -4, 10
    assertArrayEquals(new float[] {3f, -1f}, ValidationPrecision.medians(new float[] {5, -1, 1, -4, 3, 10}, 3, 2));
    assertArrayEquals(new float[] {2f, 0.5f}, ValidationPrecision.medians(new float[] {1, 0, 3, 1}, 2, 2));
  }

  @Test
  void labelsAreRequired() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ValidationPrecision(new int[] {0}, new int[] {1}, null, BITS, Binarization.MEDIAN, 1, 42L));
    assertEquals("early stopping on precision needs the training documents' labels", e.getMessage());
  }

  /**
   * Under ITQ an epoch is judged by the codes the exported model would give, and the export
   * ({@link TrainedVdsh#export}) starts ITQ's rotation from the run's seed: so must the criterion,
   * since ITQ's alternation ends in a local optimum that depends on its random start.
   */
  @Test
  void itqScoresTheCodesOfTheRotationTheExportLearns() {
    Random random = new Random(3);
    int documents = 300;
    int queries = 60;
    float[] documentValues = new float[documents * BITS];
    float[] queryValues = new float[queries * BITS];
    List<List<String>> documentLabels = new ArrayList<>();
    List<List<String>> queryLabels = new ArrayList<>();
    for (int r = 0; r < documents + queries; r++) {
      int label = random.nextInt(4);
      float[] values = r < documents ? documentValues : queryValues;
      int row = r < documents ? r : r - documents;
      for (int j = 0; j < BITS; j++) {
        // each label a cluster in a few dimensions, plus noise
        values[row * BITS + j] = (float) ((j % 4 == label ? 2 : 0) + random.nextGaussian());
      }
      (r < documents ? documentLabels : queryLabels).add(List.of(Integer.toString(label)));
    }
    long seed = 42;
    ItqRotation exported = ItqRotation.learn(documentValues, documents, BITS, seed);
    double expected = new HammingRankingEvaluator(BITS, codes(exported, documentValues, documents), documentLabels)
        .evaluate(codes(exported, queryValues, queries), queryLabels, new int[] {100}, 2, 1, ProgressReporter.NONE)
        .precisionAt(100);
    assertEquals(expected,
        ValidationPrecision.precision(documentValues, documentLabels, () -> queryValues, queryLabels, BITS, Binarization.ITQ, 1, seed,
            itq -> new float[][] {itq.rotateValues(documentValues, documents), itq.rotateValues(queryValues, queries)}),
        0.0);
  }

  /** The codes of row-major values under {@code itq}, as the exported model gives them. */
  private static long[][] codes(ItqRotation itq, float[] values, int rows) {
    return ItqRotation.signs(itq.rotateValues(values, rows), rows, BITS);
  }
}
