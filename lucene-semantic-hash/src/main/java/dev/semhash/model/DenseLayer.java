package dev.semhash.model;

import java.util.Arrays;

/**
 * A fully connected layer {@code y = activation(W x + b)}.
 *
 * <p>The layer keeps {@code W} by columns and adds {@code x[i]} times column {@code i} to the
 * outputs, input after input, skipping inputs that are zero (a quarter to two fifths of a ReLU
 * layer's on 20 Newsgroups posts), four inputs per pass over the outputs where their columns span
 * the same outputs. Each output is thus summed in one fixed order whatever the JIT does: the
 * element-wise loop vectorises across outputs, never across the terms of one sum. A SIMD dot
 * product per output (Lucene's {@code VectorUtil}) sums its lanes in an order that changes when
 * the JIT recompiles, which can flip a bit whose value sits on its threshold between two encodings
 * of one document. Each column keeps only the weights from its first to its last non-zero one, so
 * a block-diagonal layer (NbrReg+Doc's two encoder branches side by side) costs the memory and
 * time of its blocks.
 *
 * <pre class="prettyprint">
 * DenseLayer layer = new DenseLayer(new float[][] {{1, -1}}, new float[] {0.5f}, Activation.IDENTITY);
 * float[] y = layer.apply(new float[] {2, 1}); // {1.5}
 * </pre>
 */
public final class DenseLayer {
  /**
   * Per input, its weights up to its last non-zero one; those before output {@code from[i]} are
   * zero and never read. The loop indexes outputs and weights alike, which the JIT vectorises, and
   * it does not for a shifted index.
   */
  private final float[][] columns;
  private final int[] from;
  private final float[] bias;
  private final Activation activation;

  /**
   * @param weights {@code outputs} rows of {@code inputs} values: row {@code o} holds the weights
   *     of output {@code o} (copied)
   * @param bias one value per output
   * @param activation applied to each output
   */
  public DenseLayer(float[][] weights, float[] bias, Activation activation) {
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
    int outputs = weights.length;
    this.columns = new float[weights[0].length][];
    this.from = new int[columns.length];
    for (int i = 0; i < columns.length; i++) {
      int hi = outputs;
      while (hi > 0 && weights[hi - 1][i] == 0) {
        hi--;
      }
      int lo = 0;
      while (lo < hi && weights[lo][i] == 0) {
        lo++;
      }
      float[] column = new float[hi];
      for (int o = lo; o < hi; o++) {
        column[o] = weights[o][i];
      }
      from[i] = lo;
      columns[i] = column;
    }
    this.bias = bias.clone();
    this.activation = activation;
  }

  /** Input dimension. */
  public int inputs() {
    return columns.length;
  }

  /** Output dimension. */
  public int outputs() {
    return bias.length;
  }

  /** The weights by output: row {@code o} holds the weights of output {@code o} (a copy). */
  public float[][] weights() {
    float[][] w = new float[bias.length][columns.length];
    for (int i = 0; i < columns.length; i++) {
      for (int o = from[i]; o < columns[i].length; o++) {
        w[o][i] = columns[i][o];
      }
    }
    return w;
  }

  /** One value per output (a copy). */
  public float[] bias() {
    return bias.clone();
  }

  /** The activation applied to each output. */
  public Activation activation() {
    return activation;
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
    if (x.length != columns.length) {
      throw new IllegalArgumentException(
          "layer takes " + columns.length + " inputs, got " + x.length + "; the layer before it must have as many outputs");
    }
    float[] y = new float[bias.length];
    int[] active = new int[x.length];
    int n = 0;
    for (int i = 0; i < x.length; i++) {
      if (x[i] != 0) {
        active[n++] = i;
      }
    }
    int k = 0;
    while (k < n) {
      int a = active[k];
      int lo = from[a];
      int hi = columns[a].length;
      if (k + 4 <= n
          && spans(active[k + 1], lo, hi)
          && spans(active[k + 2], lo, hi)
          && spans(active[k + 3], lo, hi)) {
        int b = active[k + 1];
        int c = active[k + 2];
        int d = active[k + 3];
        ScaledColumnSums.add(y, lo, hi, x[a], columns[a], x[b], columns[b], x[c], columns[c], x[d], columns[d]);
        k += 4;
      } else {
        ScaledColumnSums.add(y, lo, hi, x[a], columns[a]);
        k++;
      }
    }
    for (int o = 0; o < y.length; o++) {
      y[o] += bias[o];
    }
    activation.apply(y);
    return y;
  }

  /**
   * Whether input {@code i}'s stored weights cover exactly outputs {@code [lo, hi)}, so that its
   * column can share a four-column pass with one that covers them.
   */
  private boolean spans(int i, int lo, int hi) {
    return from[i] == lo && columns[i].length == hi;
  }

  @Override
  public boolean equals(Object other) {
    // from[] follows from the columns, which keep their leading zeros
    return other instanceof DenseLayer l
        && Arrays.deepEquals(columns, l.columns)
        && Arrays.equals(bias, l.bias)
        && activation == l.activation;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.deepHashCode(columns) + Arrays.hashCode(bias)) + activation.hashCode();
  }

  @Override
  public String toString() {
    return "DenseLayer(" + inputs() + " -> " + outputs() + ", " + activation + ")";
  }
}
