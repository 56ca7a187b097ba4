package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.semhash.model.Activation;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.SparseVector;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Median thresholds, on a model whose output is its input (identity first layer). */
class TrainedVdshTest {

  private static HashModel identityModel(int bits) {
    List<String> terms = new ArrayList<>();
    long[] df = new long[bits];
    float[][] columns = new float[bits][bits];
    for (int t = 0; t < bits; t++) {
      terms.add("t" + t);
      df[t] = 1;
      columns[t][t] = 1;
    }
    return new HashModel("vdsh", Map.of(), AnalyzerSettings.DEFAULT, new Vocabulary(terms, df, 5, 1),
        TermWeighting.TF, false, new SparseInputLayer(columns, new float[bits], Activation.IDENTITY),
        List.of(), new float[bits]);
  }

  private static SparseMatrix rows(float[]... dense) {
    List<SparseVector> vectors = new ArrayList<>();
    for (float[] d : dense) {
      int n = 0;
      for (float v : d) {
        n += v != 0 ? 1 : 0;
      }
      int[] idx = new int[n];
      float[] val = new float[n];
      for (int i = 0, k = 0; i < d.length; i++) {
        if (d[i] != 0) {
          idx[k] = i;
          val[k++] = d[i];
        }
      }
      vectors.add(new SparseVector(idx, val));
    }
    return SparseMatrix.ofRows(vectors, dense[0].length);
  }

  @Test
  void oddCountTakesTheMiddleValue() throws IOException {
    try (HashModel m = identityModel(8)) {
      SparseMatrix x = rows(
          new float[] {5, -1, 0, 0, 0, 0, 0, 2},
          new float[] {1, -3, 0, 0, 0, 0, 0, 2},
          new float[] {3, 7, 0, 0, 0, 0, 0, 2});
      float[] medians = TrainedVdsh.medians(m, x, 2, ProgressReporter.NONE);
      assertArrayEquals(new float[] {3, -1, 0, 0, 0, 0, 0, 2}, medians);
    }
  }

  @Test
  void evenCountTakesTheMeanOfTheTwoMiddleValues() throws IOException {
    try (HashModel m = identityModel(8)) {
      SparseMatrix x = rows(
          new float[] {4, 0, 0, 0, 0, 0, 0, 1},
          new float[] {1, 0, 0, 0, 0, 0, 0, 1},
          new float[] {9, 0, 0, 0, 0, 0, 0, 1},
          new float[] {2, 1, 0, 0, 0, 0, 0, 1});
      float[] medians = TrainedVdsh.medians(m, x, 1, ProgressReporter.NONE);
      assertArrayEquals(new float[] {3, 0, 0, 0, 0, 0, 0, 1}, medians);
    }
  }
}
