package dev.semhash.model;

import dev.semhash.text.SparseVector;

/**
 * The first layer of a model, {@code y = activation(W x + b)} for a sparse input {@code x} over the
 * vocabulary. Weights are stored per input term so that a document costs one pass over its
 * non-zero terms: {@code y = b + sum over terms t of x[t] * column(t)}.
 *
 * @param columns {@code vocabularySize} arrays of {@code outputs} values: {@code columns[t][o]} is
 *     the weight from term {@code t} to output {@code o}
 * @param bias one value per output
 * @param activation applied to each output
 */
public record SparseInputLayer(float[][] columns, float[] bias, Activation activation) {

  public SparseInputLayer {
    if (columns.length == 0 || bias.length == 0) {
      throw new IllegalArgumentException("a layer needs at least one input and one output");
    }
    for (int t = 0; t < columns.length; t++) {
      if (columns[t].length != bias.length) {
        throw new IllegalArgumentException(
            "weights of term " + t + " have " + columns[t].length + " outputs, expected " + bias.length);
      }
      DenseLayer.requireFinite(columns[t], "columns[" + t + "]");
    }
    DenseLayer.requireFinite(bias, "bias");
  }

  /** Input dimension (the vocabulary size). */
  public int inputs() {
    return columns.length;
  }

  /** Output dimension. */
  public int outputs() {
    return bias.length;
  }

  /** Computes the layer's output for a sparse input whose indices are below {@link #inputs()}. */
  public float[] apply(SparseVector x) {
    float[] y = bias.clone();
    int[] indices = x.indices();
    float[] values = x.values();
    int i = 0;
    for (; i + 4 <= indices.length; i += 4) {
      ScaledColumnSums.add(
          y,
          0,
          y.length,
          values[i],
          columns[indices[i]],
          values[i + 1],
          columns[indices[i + 1]],
          values[i + 2],
          columns[indices[i + 2]],
          values[i + 3],
          columns[indices[i + 3]]);
    }
    for (; i < indices.length; i++) {
      ScaledColumnSums.add(y, 0, y.length, values[i], columns[indices[i]]);
    }
    activation.apply(y);
    return y;
  }
}
