package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.rerank.model.Activation;
import org.junit.jupiter.api.Test;

class WeightAverageTest {
  private static SparseInputNetwork network() {
    return new SparseInputNetwork(2, new int[] {2, 1}, new Activation[] {Activation.SIGMOID, Activation.LINEAR});
  }

  private static void set(SparseInputNetwork net, float first, float second, float bias) {
    java.util.Arrays.fill(net.weights[0], first);
    java.util.Arrays.fill(net.weights[1], second);
    java.util.Arrays.fill(net.biases[0], bias);
    java.util.Arrays.fill(net.biases[1], bias);
  }

  /** β = 0.75, starting at 4 and then updated with 8 and 0: 0.75·4 + 0.25·8 = 5, then 0.75·5 = 3.75. */
  @Test
  void averageOfTwoUpdatesByHand() {
    SparseInputNetwork net = network();
    set(net, 4f, -4f, 1f);
    WeightAverage average = new WeightAverage(net, 0.75f);
    set(net, 8f, 0f, 2f);
    average.update(net);
    set(net, 0f, 4f, -2f);
    average.update(net);
    float[][][] seen = average.withAveraged(net, () -> new float[][][] {
        {net.weights[0].clone(), net.weights[1].clone()}, {net.biases[0].clone(), net.biases[1].clone()}});
    assertArrayEquals(new float[] {3.75f, 3.75f, 3.75f, 3.75f}, seen[0][0]);
    // -4, then 0.75·(-4) + 0.25·0 = -3, then 0.75·(-3) + 0.25·4 = -1.25
    assertArrayEquals(new float[] {-1.25f, -1.25f}, seen[0][1]);
    // 1, then 1.25, then 0.75·1.25 − 0.5 = 0.4375
    assertArrayEquals(new float[] {0.4375f, 0.4375f}, seen[1][0]);
    assertArrayEquals(new float[] {0.4375f}, seen[1][1]);
  }

  @Test
  void theNetworkGetsItsOwnWeightsBackEvenWhenTheActionFails() {
    SparseInputNetwork net = network();
    set(net, 1f, 1f, 1f);
    WeightAverage average = new WeightAverage(net, 0.5f);
    float[] own = net.weights[0];
    set(net, 3f, 3f, 3f);
    assertThrows(IllegalStateException.class, () -> average.withAveraged(net, () -> {
      throw new IllegalStateException("export failed");
    }));
    assertSame(own, net.weights[0], "the live array, not a copy");
    assertArrayEquals(new float[] {3f, 3f, 3f, 3f}, net.weights[0], "training goes on from the last weights");
  }

  @Test
  void decayOutsideTheOpenUnitIntervalIsRefused() {
    for (float bad : new float[] {0f, 1f, -0.5f, 1.5f, Float.NaN}) {
      assertThrows(IllegalArgumentException.class, () -> new WeightAverage(network(), bad), "β = " + bad);
    }
  }
}
