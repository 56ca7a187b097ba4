package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** CD-1 on a 2-visible, 1-hidden RBM against a hand computation; pretraining lowers reconstruction error. Under a second. */
class RbmTest {
  private static double s(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  private static Rbm tiny(boolean gaussian) {
    Rbm rbm = new Rbm(2, 1, gaussian, 0.01f, new Random(1));
    rbm.w[0] = 0.5f; // visible 0 → hidden
    rbm.w[1] = -1f; // visible 1 → hidden
    rbm.b[0] = 0.2f;
    rbm.b[1] = -0.3f;
    rbm.c[0] = 0.1f;
    return rbm;
  }

  @Test
  void binaryCd1ByHand() {
    Rbm rbm = tiny(false);
    float[] v0 = {1f, 0f};
    float[] p0 = rbm.hiddenMean(v0);
    assertEquals(s(0.1 + 0.5), p0[0], 1e-7);
    float[] h0 = {1f}; // the sample
    float[] gw = new float[2];
    float[] gb = new float[2];
    float[] gc = new float[1];
    double err = rbm.cd1(v0, p0, h0, gw, gb, gc);
    double v10 = s(0.2 + 0.5); // reconstruction of visible 0 given h = 1
    double v11 = s(-0.3 - 1);
    double p1 = s(0.1 + 0.5 * v10 - 1 * v11);
    double p0h = s(0.6);
    assertArrayEquals(new float[] {(float) (1 * p0h - v10 * p1), (float) (0 - v11 * p1)}, gw, 1e-6f);
    assertArrayEquals(new float[] {(float) (1 - v10), (float) (0 - v11)}, gb, 1e-6f);
    assertArrayEquals(new float[] {(float) (p0h - p1)}, gc, 1e-6f);
    assertEquals((1 - v10) * (1 - v10) + v11 * v11, err, 1e-6);
  }

  @Test
  void gaussianHiddenCd1ByHand() {
    Rbm rbm = tiny(true);
    float[] v0 = {1f, 1f};
    float[] p0 = rbm.hiddenMean(v0);
    assertEquals(0.1 + 0.5 - 1, p0[0], 1e-7); // linear mean
    float[] h0 = {0.25f}; // mean plus a noise draw
    float[] gw = new float[2];
    float[] gb = new float[2];
    float[] gc = new float[1];
    rbm.cd1(v0, p0, h0, gw, gb, gc);
    double v10 = s(0.2 + 0.5 * 0.25);
    double v11 = s(-0.3 - 0.25);
    double p1 = 0.1 + 0.5 * v10 - v11;
    assertArrayEquals(new float[] {(float) (p0[0] - v10 * p1), (float) (p0[0] - v11 * p1)}, gw, 1e-6f);
    assertArrayEquals(new float[] {(float) (1 - v10), (float) (1 - v11)}, gb, 1e-6f);
    assertArrayEquals(new float[] {(float) (p0[0] - p1)}, gc, 1e-6f);
  }

  @Test
  void trainingLowersReconstructionError() {
    // two prototypes over 8 visible units, each row a noisy copy of one: 2 hidden units can encode them
    Random random = new Random(7);
    float[][] data = new float[200][8];
    for (float[] row : data) {
      int proto = random.nextInt(2);
      for (int i = 0; i < 8; i++) {
        boolean on = (i < 4) == (proto == 0);
        row[i] = random.nextFloat() < 0.05 ? (on ? 0 : 1) : (on ? 1 : 0);
      }
    }
    Rbm rbm = new Rbm(8, 2, false, 0.01f, new Random(3));
    double before = rbm.train(data, 1, 10, 1e-6f, 0f, 0f, new Random(1), null);
    double after = rbm.train(data, 30, 10, 0.1f, 0.9f, 1e-4f, new Random(1), null);
    assertTrue(after < 0.5 * before, "reconstruction error " + before + " -> " + after);
  }

  @Test
  void divergenceIsAnErrorNamingTheEpochAndRate() {
    // Gaussian hidden units with a huge rate: W grows without bound and overflows
    Random random = new Random(5);
    float[][] data = new float[50][20];
    for (float[] row : data) {
      for (int i = 0; i < row.length; i++) {
        row[i] = random.nextFloat() < 0.5 ? 1f : 0f;
      }
    }
    Rbm rbm = new Rbm(20, 4, true, 0.01f, new Random(3));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> rbm.train(data, 50, 10, 1e6f, 0.9f, 0f, new Random(1), null));
    assertTrue(e.getMessage().contains("20 visible, 4 Gaussian hidden units) diverged in epoch"), e.getMessage());
    assertTrue(e.getMessage().contains("at rate 1000000.0"), e.getMessage());
  }

  @Test
  void widerLayersPretrainWithAProportionallySmallerRate() {
    assertEquals(0.05f, DseTrainer.pretrainRate(0.05f, 500));
    assertEquals(0.05f, DseTrainer.pretrainRate(0.05f, 1000));
    assertEquals(0.025f, DseTrainer.pretrainRate(0.05f, 2000), 1e-9f);
    assertEquals(0.005f / 3, DseTrainer.pretrainRate(0.005f, 3000), 1e-9f);
  }
}
