package dev.semhash.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DenseLayerTest {

  @Test
  void computesByHand() {
    DenseLayer layer =
        new DenseLayer(new float[][] {{1, -1, 0}, {0, 2, 3}}, new float[] {0.5f, -10}, Activation.RELU);
    // (2 - 1 + 0.5, 0 + 2 + 9 - 10) = (1.5, 1); with x = (0, 0, 1): (0.5, -7) -> relu (0.5, 0)
    assertArrayEquals(new float[] {1.5f, 1f}, layer.apply(new float[] {2, 1, 3}));
    assertArrayEquals(new float[] {0.5f, 0f}, layer.apply(new float[] {0, 0, 1}));
    assertEquals(3, layer.inputs());
    assertEquals(2, layer.outputs());
  }

  /**
   * Every output equals the plain float sum over the inputs in ascending order plus the bias, bit
   * for bit, over random layers with zero inputs, zero columns and block-diagonal parts: the
   * encoder's codes do not depend on how the JIT compiled the loop.
   */
  @Test
  void sumsEachOutputInInputOrderOverRandomLayers() {
    Random random = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      int inputs = 1 + random.nextInt(70);
      int outputs = 1 + random.nextInt(70);
      float[][] w = new float[outputs][inputs];
      int split = random.nextInt(outputs + 1);
      boolean blocks = random.nextBoolean();
      for (int o = 0; o < outputs; o++) {
        for (int i = 0; i < inputs; i++) {
          boolean offBlock = blocks && (o < split) != (i < inputs / 2);
          w[o][i] = offBlock || random.nextInt(5) == 0 ? 0f : (float) random.nextGaussian();
        }
      }
      float[] bias = new float[outputs];
      for (int o = 0; o < outputs; o++) {
        bias[o] = (float) random.nextGaussian();
      }
      DenseLayer layer = new DenseLayer(w, bias, Activation.IDENTITY);
      float[] x = new float[inputs];
      for (int i = 0; i < inputs; i++) {
        x[i] = random.nextInt(3) == 0 ? 0f : (float) random.nextGaussian() * 100;
      }
      float[] expected = new float[outputs];
      for (int o = 0; o < outputs; o++) {
        float sum = 0;
        for (int i = 0; i < inputs; i++) {
          sum += x[i] * w[o][i];
        }
        expected[o] = sum + bias[o];
      }
      assertArrayEquals(expected, layer.apply(x), 0f, "trial " + trial);
      assertArrayEquals(w, layer.weights(), "trial " + trial);
      assertEquals(layer, new DenseLayer(layer.weights(), layer.bias(), Activation.IDENTITY));
    }
  }

  /**
   * A block-diagonal layer whose inputs come in runs of four with the same outputs (as NbrReg+Doc's
   * two branches do), and runs cut short by a zero input or a block's end: every path of the
   * four-column pass, by hand.
   */
  @Test
  void addsRunsOfFourColumnsAndTheirRemaindersByHand() {
    float[][] w = new float[4][10];
    for (int i = 0; i < 5; i++) { // inputs 0-4 feed outputs 0-1 with weights i + 1 and 1
      w[0][i] = i + 1;
      w[1][i] = 1;
    }
    for (int i = 5; i < 10; i++) { // inputs 5-9 feed outputs 2-3 with weights 1 and i - 4
      w[2][i] = 1;
      w[3][i] = i - 4;
    }
    DenseLayer layer = new DenseLayer(w, new float[] {0.5f, 0, 0, -1}, Activation.IDENTITY);
    // all ten inputs 1: outputs (1+2+3+4+5, 5, 5, 1+2+3+4+5) + bias
    assertArrayEquals(new float[] {15.5f, 5, 5, 14}, layer.apply(new float[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
    // inputs 0-3 and 5-8 two, 4 and 9 zero: (2 * 10, 8, 8, 2 * 10) + bias
    assertArrayEquals(new float[] {20.5f, 8, 8, 19}, layer.apply(new float[] {2, 2, 2, 2, 0, 2, 2, 2, 2, 0}));
    // a run of four that crosses the blocks (inputs 3-6) is added column by column: (4 + 5, 2, 2, 1 + 2) + bias
    assertArrayEquals(new float[] {9.5f, 2, 2, 2}, layer.apply(new float[] {0, 0, 0, 1, 1, 1, 1, 0, 0, 0}));
  }

  @Test
  void repeatsItselfWhileTheJitCompiles() {
    Random random = new Random(11);
    float[][] w = new float[64][300];
    for (float[] row : w) {
      for (int i = 0; i < row.length; i++) {
        row[i] = (float) random.nextGaussian();
      }
    }
    DenseLayer layer = new DenseLayer(w, new float[64], Activation.IDENTITY);
    float[] x = new float[300];
    for (int i = 0; i < x.length; i++) {
      x[i] = (float) random.nextGaussian();
    }
    float[] first = layer.apply(x);
    for (int round = 0; round < 20_000; round++) {
      assertArrayEquals(first, layer.apply(x), 0f, "round " + round);
    }
  }

  @Test
  void copiesWhatItIsGivenAndGives() {
    float[][] w = {{1, 2}};
    float[] bias = {3};
    DenseLayer layer = new DenseLayer(w, bias, Activation.IDENTITY);
    w[0][0] = 100;
    bias[0] = 100;
    layer.weights()[0][1] = 100;
    layer.bias()[0] = 100;
    assertArrayEquals(new float[] {6}, layer.apply(new float[] {1, 1}));
    assertNotEquals(layer, new DenseLayer(new float[][] {{1, 2}}, new float[] {3}, Activation.RELU));
  }

  @Test
  void refusesBadShapesAndValues() {
    String m =
        assertThrows(IllegalArgumentException.class, () -> new DenseLayer(new float[][] {{1, 2}, {3}}, new float[2], Activation.IDENTITY))
            .getMessage();
    assertTrue(m.contains("row 1 has 1 values"), m);
    m = assertThrows(IllegalArgumentException.class, () -> new DenseLayer(new float[][] {{1}}, new float[2], Activation.IDENTITY))
        .getMessage();
    assertTrue(m.contains("1 outputs but 2 biases"), m);
    m = assertThrows(IllegalArgumentException.class, () -> new DenseLayer(new float[][] {{Float.NaN}}, new float[1], Activation.IDENTITY))
        .getMessage();
    assertTrue(m.contains("did training diverge"), m);
    DenseLayer layer = new DenseLayer(new float[][] {{1, 2}}, new float[1], Activation.IDENTITY);
    m = assertThrows(IllegalArgumentException.class, () -> layer.apply(new float[3])).getMessage();
    assertTrue(m.contains("takes 2 inputs, got 3"), m);
  }
}
