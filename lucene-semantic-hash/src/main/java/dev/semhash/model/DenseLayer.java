package dev.semhash.model;

import org.apache.lucene.util.VectorUtil;

/**
 * A fully connected layer {@code y = activation(W x + b)}.
 *
 * @param weights {@code outputs} rows of {@code inputs} values: row {@code o} holds the weights of
 *     output {@code o}
 * @param bias one value per output
 * @param activation applied to each output
 */
public record DenseLayer(float[][] weights, float[] bias, Activation activation) {

  public DenseLayer {
    if (weights.length == 0 || weights[0].length == 0) {
      throw new IllegalArgumentException("a layer needs at least one input and one output");
    }
    for (int o = 0; o < weights.length; o++) {
      if (weights[o].length != weights[0].length) {
        throw new IllegalArgumentException(
            "weight row " + o + " has " + weights[o].length + " values, row 0 has " + weights[0].length);
      }
      requireFinite(weights[o], "weights[" + o + "]");
    }
    if (bias.length != weights.length) {
      throw new IllegalArgumentException(
          "layer has " + weights.length + " outputs but " + bias.length + " biases");
    }
    requireFinite(bias, "bias");
  }

  /** Input dimension. */
  public int inputs() {
    return weights[0].length;
  }

  /** Output dimension. */
  public int outputs() {
    return weights.length;
  }

  static void requireFinite(float[] values, String what) {
    for (int i = 0; i < values.length; i++) {
      if (Float.isFinite(values[i]) == false) {
        throw new IllegalArgumentException(
            what
                + "["
                + i
                + "] is "
                + values[i]
                + "; a model must hold finite numbers (did training diverge?)");
      }
    }
  }

  /** Computes the layer's output for {@code x} (length {@link #inputs()}). */
  public float[] apply(float[] x) {
    float[] y = new float[weights.length];
    for (int o = 0; o < y.length; o++) {
      y[o] = bias[o] + VectorUtil.dotProduct(weights[o], x);
    }
    activation.apply(y);
    return y;
  }
}
