package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ItqRotationTest {

  @Test
  void rotationIsOrthogonalAndTheLossNeverRises() {
    Random random = new Random(11);
    for (int round = 0; round < 6; round++) {
      int bits = new int[] {2, 8, 16, 32}[random.nextInt(4)];
      int rows = bits + 1 + random.nextInt(400);
      float[] values = new float[rows * bits];
      for (int i = 0; i < values.length; i++) {
        values[i] = (float) (random.nextGaussian() * (1 + i % bits) + 3);
      }
      ItqRotation itq = ItqRotation.learn(values, rows, bits, round);
      double[][] r = itq.rotation();
      for (int a = 0; a < bits; a++) {
        for (int b = 0; b < bits; b++) {
          double dot = 0;
          for (int o = 0; o < bits; o++) {
            dot += r[o][a] * r[o][b];
          }
          assertEquals(a == b ? 1 : 0, dot, 1e-9, "columns " + a + ", " + b + " of round " + round);
        }
      }
      double[] loss = itq.lossByIteration();
      assertEquals(ItqRotation.ITERATIONS, loss.length);
      for (int i = 1; i < loss.length; i++) {
        // each half-step is an exact minimisation, so the loss can only fall (up to rounding)
        assertTrue(loss[i] <= loss[i - 1] * (1 + 1e-9), "loss rose at iteration " + i + ": " + loss[i - 1] + " -> " + loss[i]);
      }
    }
  }

  /**
   * Eight tight groups at the corners of a cube turned by 45 degrees about two axes: each median
   * threshold of the turned coordinates cuts through groups, but the learnt rotation turns the
   * corners back into the orthants, so every group gets one code of its own.
   */
  @Test
  void findsTheCodesOfARotatedCube() {
    double c = Math.sqrt(0.5);
    double[][] turn = {{c, -c, 0}, {c, c, 0}, {0, 0, 1}};
    double[][] turn2 = {{1, 0, 0}, {0, c, -c}, {0, c, c}};
    Random random = new Random(5);
    int perGroup = 40;
    int rows = 8 * perGroup;
    float[] values = new float[rows * 3];
    for (int g = 0; g < 8; g++) {
      double[] corner = {(g & 1) == 0 ? -1 : 1, (g & 2) == 0 ? -1 : 1, (g & 4) == 0 ? -1 : 1};
      double[] turned = apply(turn2, apply(turn, corner));
      for (int i = 0; i < perGroup; i++) {
        for (int j = 0; j < 3; j++) {
          values[(g * perGroup + i) * 3 + j] = (float) (turned[j] + 5 + 0.05 * random.nextGaussian());
        }
      }
    }
    ItqRotation itq = ItqRotation.learn(values, rows, 3, 42L);
    long[][] codes = ItqRotation.signs(itq.rotateValues(values, rows), rows, 3);
    Set<Long> distinct = new HashSet<>();
    for (int g = 0; g < 8; g++) {
      for (int i = 1; i < perGroup; i++) {
        assertArrayEquals(codes[g * perGroup], codes[g * perGroup + i], "group " + g + " is split");
      }
      distinct.add(codes[g * perGroup][0]);
    }
    assertEquals(8, distinct.size(), "groups sharing a code");
    double[] loss = itq.lossByIteration();
    // ||B − V R|| per point is about the noise plus the corner's distance from (±1, ±1, ±1): 0 here
    assertTrue(loss[loss.length - 1] / Math.sqrt(rows) < 0.15, "loss per point " + loss[loss.length - 1] / Math.sqrt(rows));
  }

  @Test
  void foldedLayerOutputsTheRotatedCentredValues() {
    Random random = new Random(3);
    int inputs = 7;
    int bits = 4;
    float[][] w = new float[bits][inputs];
    float[] b = new float[bits];
    for (int o = 0; o < bits; o++) {
      b[o] = (float) random.nextGaussian();
      for (int i = 0; i < inputs; i++) {
        w[o][i] = (float) random.nextGaussian();
      }
    }
    DenseLayer last = new DenseLayer(w, b, Activation.IDENTITY);
    int rows = 300;
    float[][] h = new float[rows][inputs];
    float[] outputs = new float[rows * bits];
    for (int r = 0; r < rows; r++) {
      for (int i = 0; i < inputs; i++) {
        h[r][i] = (float) Math.abs(random.nextGaussian());
      }
      System.arraycopy(last.apply(h[r]), 0, outputs, r * bits, bits);
    }
    ItqRotation itq = ItqRotation.learn(outputs, rows, bits, 1L);
    DenseLayer folded = itq.fold(last);
    long[][] codes = ItqRotation.signs(itq.rotateValues(outputs, rows), rows, bits);
    double[] mean = new double[bits];
    int differing = 0;
    for (int r = 0; r < rows; r++) {
      float[] z = folded.apply(h[r]);
      for (int j = 0; j < bits; j++) {
        mean[j] += z[j] / rows;
      }
      if (java.util.Arrays.equals(codes[r], HashModel.binarize(z, 0, new float[bits])) == false) {
        differing++;
      }
    }
    assertEquals(0, differing, "codes of the folded layer that differ from the rotation's own");
    for (int j = 0; j < bits; j++) {
      assertEquals(0, mean[j], 1e-4, "the folded outputs are centred on the training rows, bit " + j);
    }
  }

  @Test
  void refusesWhatItCannotRotate() {
    DenseLayer relu = new DenseLayer(new float[][] {{1, 0}, {0, 1}}, new float[2], Activation.RELU);
    ItqRotation itq = ItqRotation.learn(new float[] {1, 2, 3, 5, -1, 0}, 3, 2, 1L);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> itq.fold(relu));
    assertTrue(e.getMessage().contains("use --binarization median"), e.getMessage());
    IllegalArgumentException nan =
        assertThrows(IllegalArgumentException.class, () -> ItqRotation.learn(new float[] {1, Float.NaN, 3, 4}, 2, 2, 1L));
    assertTrue(nan.getMessage().contains("training document 0 has output NaN at bit 1"), nan.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ItqRotation.learn(new float[] {1, 2}, 1, 2, 1L));
  }

  private static double[] apply(double[][] m, double[] x) {
    double[] y = new double[x.length];
    for (int i = 0; i < m.length; i++) {
      for (int j = 0; j < x.length; j++) {
        y[i] += m[i][j] * x[j];
      }
    }
    return y;
  }
}
