package dev.semhash.training.rerank;

import java.util.function.Supplier;

/**
 * An exponential moving average of a {@link SparseInputNetwork}'s weights and biases, {@code θ̄ ←
 * β θ̄ + (1 − β) θ} after every update, which the exported model is built from instead of the last
 * weights. Per-pair SGD with momentum leaves the last weights wherever the latest few hundred pairs
 * pushed them; on CiteSeer's validation links DSE's MAP swung by up to .016 from one epoch to the
 * next, so picking the best epoch picked noise. The average over about {@code 1 / (1 − β)} updates
 * moves smoothly and keeps what the recent updates agree on.
 *
 * <pre class="prettyprint">
 * WeightAverage average = new WeightAverage(net, 0.9997f);
 * // after each update of net:
 * average.update(net);
 * // a model of the averaged weights, built while net holds them:
 * RerankModel model = average.withAveraged(net, () -&gt; buildModel(net));
 * </pre>
 */
final class WeightAverage {
  private final float decay;
  private final float[][] weights;
  private final float[][] biases;

  /**
   * Starts the average at {@code net}'s current weights.
   *
   * @param decay β, in (0, 1): the average spans about {@code 1 / (1 − β)} updates
   */
  WeightAverage(SparseInputNetwork net, float decay) {
    if (!(decay > 0 && decay < 1)) {
      throw new IllegalArgumentException("weight-average decay must be in (0, 1), got " + decay);
    }
    this.decay = decay;
    weights = new float[net.weights.length][];
    biases = new float[net.biases.length][];
    for (int l = 0; l < weights.length; l++) {
      weights[l] = net.weights[l].clone();
      biases[l] = net.biases[l].clone();
    }
  }

  /** Folds {@code net}'s current weights into the average. */
  void update(SparseInputNetwork net) {
    float keep = decay;
    float take = 1f - decay;
    for (int l = 0; l < weights.length; l++) {
      blend(weights[l], net.weights[l], keep, take);
      blend(biases[l], net.biases[l], keep, take);
    }
  }

  private static void blend(float[] average, float[] current, float keep, float take) {
    for (int i = 0; i < average.length; i++) {
      average[i] = keep * average[i] + take * current[i];
    }
  }

  /**
   * Runs {@code action} with {@code net} holding the averaged weights, then puts its own back:
   * training goes on from where it was.
   */
  <T> T withAveraged(SparseInputNetwork net, Supplier<T> action) {
    float[][] ownWeights = net.weights.clone();
    float[][] ownBiases = net.biases.clone();
    System.arraycopy(weights, 0, net.weights, 0, weights.length);
    System.arraycopy(biases, 0, net.biases, 0, biases.length);
    try {
      return action.get();
    } finally {
      System.arraycopy(ownWeights, 0, net.weights, 0, ownWeights.length);
      System.arraycopy(ownBiases, 0, net.biases, 0, ownBiases.length);
    }
  }
}
