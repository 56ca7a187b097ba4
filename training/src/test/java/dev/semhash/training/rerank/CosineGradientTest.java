package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class CosineGradientTest {
  @Test
  void cosineOfHandPickedVectors() {
    assertEquals(0.6, CosineGradient.cosine(new float[] {3, 4}, new float[] {1, 0}), 1e-12);
    assertEquals(-1, CosineGradient.cosine(new float[] {1, 1}, new float[] {-2, -2}), 1e-12);
    assertEquals(0, CosineGradient.cosine(new float[] {0, 0}, new float[] {1, 2}), 0, "a zero vector has cosine 0");
  }

  /** The analytic gradient matches central differences of the cosine over random vectors. */
  @Test
  void gradientMatchesFiniteDifferences() {
    Random random = new Random(7);
    double h = 1e-3;
    for (int trial = 0; trial < 50; trial++) {
      int n = 1 + random.nextInt(8);
      float[] u = new float[n];
      float[] v = new float[n];
      for (int j = 0; j < n; j++) {
        u[j] = (float) (random.nextGaussian() * 3);
        v[j] = (float) (random.nextGaussian() * 0.5);
      }
      double scale = random.nextGaussian();
      float[] du = new float[n];
      float[] dv = new float[n];
      CosineGradient.accumulate(u, v, CosineGradient.norm(u), CosineGradient.norm(v), CosineGradient.cosine(u, v), scale, du, dv);
      for (int j = 0; j < n; j++) {
        assertEquals(scale * numeric(u, v, j, h, true), du[j], 1e-3 * (1 + Math.abs(du[j])), "du[" + j + "], trial " + trial);
        assertEquals(scale * numeric(u, v, j, h, false), dv[j], 1e-3 * (1 + Math.abs(dv[j])), "dv[" + j + "], trial " + trial);
      }
    }
  }

  @Test
  void gradientsAddUpAndAZeroVectorPassesNone() {
    float[] u = {1, 2};
    float[] v = {2, -1};
    float[] du = {10, 10};
    float[] dv = {0, 0};
    // cos = 0: dr/du = v / (|u||v|) = v / 5, dr/dv = u / 5
    CosineGradient.accumulate(u, v, CosineGradient.norm(u), CosineGradient.norm(v), 0, 2, du, dv);
    assertArrayEquals(new float[] {10.8f, 9.6f}, du, 1e-6f);
    assertArrayEquals(new float[] {0.4f, 0.8f}, dv, 1e-6f);
    float[] none = {0, 0};
    CosineGradient.accumulate(new float[2], v, 0, CosineGradient.norm(v), 0, 1, none, dv);
    assertArrayEquals(new float[] {0, 0}, none);
  }

  private static double numeric(float[] u, float[] v, int j, double h, boolean inU) {
    float[] a = (inU ? u : v).clone();
    float saved = a[j];
    a[j] = (float) (saved + h);
    double plus = inU ? CosineGradient.cosine(a, v) : CosineGradient.cosine(u, a);
    a[j] = (float) (saved - h);
    double minus = inU ? CosineGradient.cosine(a, v) : CosineGradient.cosine(u, a);
    return (plus - minus) / (2 * h);
  }
}
