package dev.semhash.training.rerank;

import dev.semhash.rerank.model.FixedOrderDot;
import dev.semhash.rerank.model.Activation;
import dev.semhash.rerank.model.DeepLayers;
import dev.semhash.rerank.model.DenseLayer;
import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.text.TermVector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The trainable form of a deep rerank model (DSE, DSSM): a feed-forward network whose first layer
 * takes a sparse term vector. Weights are kept input-major, the runtime's layout, and the forward
 * pass does the runtime's arithmetic in the runtime's order ({@link Projection#project}, then
 * {@link DeepLayers#apply}), so an exported model encodes exactly (bit for bit) as the trainer
 * does. Backpropagation accumulates into a {@link Gradient}; the trainers apply it.
 */
final class SparseInputNetwork {
  final int terms;
  final int[] widths;
  final Activation[] activations;
  /** Layer l's weights, {@code inputs(l) × widths[l]}, input-major; inputs(0) = terms. */
  final float[][] weights;
  final float[][] biases;
  /**
   * Factor applied to the sparse input while training, folded into the exported first layer ({@code
   * (s W) x}); with s = 1 the export encodes bit for bit as {@link #forward}, otherwise within
   * float rounding.
   */
  float inputScale = 1f;
  /**
   * The dictionary's size when the network reads only some of its terms ({@link #readOnly}), else
   * {@link #terms}.
   */
  private int dictionarySize;
  /** Dictionary term id to input row, -1 for a term the network ignores; null: the identity. */
  private int[] inputRows;
  /** The dictionary ids of the input rows, ascending; null: the identity. */
  private int[] inputTerms;

  SparseInputNetwork(int terms, int[] widths, Activation[] activations) {
    if (terms <= 0 || widths.length == 0 || widths.length != activations.length) {
      throw new IllegalArgumentException("need terms > 0 and one activation per layer, got " + terms + ", " + Arrays.toString(widths));
    }
    for (int w : widths) {
      if (w <= 0) {
        throw new IllegalArgumentException("layer widths must be positive, got " + Arrays.toString(widths));
      }
    }
    if ((long) terms * widths[0] > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(terms + " terms × " + widths[0] + " first-layer units is too large; use fewer terms or units");
    }
    this.terms = terms;
    this.widths = widths.clone();
    this.activations = activations.clone();
    this.weights = new float[widths.length][];
    this.biases = new float[widths.length][];
    for (int l = 0; l < widths.length; l++) {
      weights[l] = new float[inputs(l) * widths[l]];
      biases[l] = new float[widths[l]];
    }
    this.dictionarySize = terms;
  }

  /**
   * Makes the network read only {@code inputTerms} (ascending dictionary ids, {@link #terms} of
   * them) of a dictionary of {@code dictionarySize} terms: the others are ignored in training and
   * have zero rows in the exported first layer. The model then keeps the whole dictionary, so its
   * term-overlap part covers every term while the network stays small (its first layer exported
   * with {@link Projection#ofTerms}).
   */
  void readOnly(int[] inputTerms, int dictionarySize) {
    if (inputTerms.length != terms) {
      throw new IllegalArgumentException("expected " + terms + " input terms, got " + inputTerms.length);
    }
    int[] rows = new int[dictionarySize];
    Arrays.fill(rows, -1);
    for (int r = 0; r < inputTerms.length; r++) {
      if (r > 0 && inputTerms[r] <= inputTerms[r - 1]) {
        throw new IllegalArgumentException("input terms must be ascending and distinct");
      }
      rows[inputTerms[r]] = r;
    }
    this.inputRows = rows;
    this.inputTerms = inputTerms.clone();
    this.dictionarySize = dictionarySize;
  }

  /** The input row of dictionary term {@code id}, or -1 if the network ignores it. */
  int row(int id) {
    return inputRows == null ? id : inputRows[id];
  }

  /** Whether the network reads any term of {@code x} (if not, x gets its response to an empty input). */
  boolean readsAny(TermVector x) {
    for (int id : x.ids()) {
      if (row(id) >= 0) {
        return true;
      }
    }
    return false;
  }

  int layers() {
    return widths.length;
  }

  int inputs(int layer) {
    return layer == 0 ? terms : widths[layer - 1];
  }

  int outputDimension() {
    return widths[widths.length - 1];
  }

  /** Every layer's output for {@code x}; the last is the encoding. */
  float[][] forward(TermVector x) {
    float[][] out = new float[widths.length][];
    int h = widths[0];
    float[] y = new float[h];
    int[] ids = x.ids();
    float[] w = x.weights();
    for (int i = 0; i < ids.length; i++) {
      int r = row(ids[i]);
      if (r < 0) {
        continue;
      }
      int base = r * h;
      float v = w[i] * inputScale;
      for (int j = 0; j < h; j++) {
        y[j] += v * weights[0][base + j];
      }
    }
    finish(y, 0);
    out[0] = y;
    for (int l = 1; l < widths.length; l++) {
      out[l] = dense(out[l - 1], l);
    }
    return out;
  }

  private float[] dense(float[] x, int l) {
    int h = widths[l];
    float[] y = new float[h];
    float[] wl = weights[l];
    for (int i = 0; i < x.length; i++) {
      float v = x[i];
      if (v == 0f) {
        continue;
      }
      int base = i * h;
      for (int j = 0; j < h; j++) {
        y[j] += v * wl[base + j];
      }
    }
    finish(y, l);
    return y;
  }

  private void finish(float[] y, int l) {
    for (int j = 0; j < y.length; j++) {
      y[j] = activations[l].apply(y[j] + biases[l][j]);
    }
  }

  /**
   * Adds {@code dL/dθ} to {@code g}, given {@code dOut = dL/d(output)} for the input {@code x}
   * whose {@link #forward} was {@code out}.
   */
  void backward(TermVector x, float[][] out, float[] dOut, Gradient g) {
    float[] dy = dOut.clone();
    for (int l = widths.length - 1; l >= 0; l--) {
      int h = widths[l];
      float[] dz = new float[h];
      for (int j = 0; j < h; j++) {
        dz[j] = dy[j] * activations[l].derivativeFromOutput(out[l][j]);
        g.biases[l][j] += dz[j];
      }
      if (l == 0) {
        int[] ids = x.ids();
        float[] xv = x.weights();
        for (int i = 0; i < ids.length; i++) {
          int r = row(ids[i]);
          if (r < 0) {
            continue;
          }
          int base = r * h;
          float v = xv[i] * inputScale;
          for (int j = 0; j < h; j++) {
            g.weights[0][base + j] += v * dz[j];
          }
          g.touch(r);
        }
      } else {
        float[] in = out[l - 1];
        float[] wl = weights[l];
        float[] gl = g.weights[l];
        float[] dx = new float[in.length];
        for (int i = 0; i < in.length; i++) {
          int base = i * h;
          float v = in[i];
          for (int j = 0; j < h; j++) {
            gl[base + j] += v * dz[j];
          }
          dx[i] = FixedOrderDot.dot(wl, base, dz, h);
        }
        dy = dx;
      }
    }
  }

  /** The runtime form: the first layer's weights as the projection, the rest as deep layers. */
  Projection projection() {
    float[] first = weights[0].clone();
    if (inputScale != 1f) {
      for (int i = 0; i < first.length; i++) {
        first[i] *= inputScale;
      }
    }
    return inputTerms == null
        ? new Projection(terms, widths[0], first)
        : Projection.ofTerms(dictionarySize, widths[0], inputTerms, first);
  }

  DeepLayers deepLayers() {
    List<DenseLayer> rest = new ArrayList<>();
    for (int l = 1; l < widths.length; l++) {
      rest.add(new DenseLayer(inputs(l), widths[l], weights[l].clone(), biases[l].clone(), activations[l]));
    }
    return new DeepLayers(biases[0].clone(), activations[0], rest);
  }

  /** Gradients of every parameter, with the first layer's touched rows tracked for sparse updates. */
  static final class Gradient {
    final float[][] weights;
    final float[][] biases;
    private final int firstWidth;
    private final boolean[] touched;
    private int[] touchedRows = new int[64];
    private int numTouched;

    Gradient(SparseInputNetwork net) {
      weights = new float[net.layers()][];
      biases = new float[net.layers()][];
      for (int l = 0; l < net.layers(); l++) {
        weights[l] = new float[net.weights[l].length];
        biases[l] = new float[net.biases[l].length];
      }
      firstWidth = net.widths[0];
      touched = new boolean[net.terms];
    }

    void touch(int row) {
      if (touched[row] == false) {
        touched[row] = true;
        if (numTouched == touchedRows.length) {
          touchedRows = Arrays.copyOf(touchedRows, numTouched * 2);
        }
        touchedRows[numTouched++] = row;
      }
    }

    /** Plain SGD: {@code θ -= rate × g}, the first layer on its touched rows only; then clears. */
    void applySgd(SparseInputNetwork net, float rate) {
      for (int r = 0; r < numTouched; r++) {
        int base = touchedRows[r] * firstWidth;
        for (int j = 0; j < firstWidth; j++) {
          net.weights[0][base + j] -= rate * weights[0][base + j];
        }
      }
      for (int l = 1; l < weights.length; l++) {
        axpy(-rate, weights[l], net.weights[l]);
      }
      for (int l = 0; l < biases.length; l++) {
        axpy(-rate, biases[l], net.biases[l]);
      }
      clear();
    }

    /**
     * SGD with momentum and weight decay on every weight (not the biases): {@code v = μ v - rate ×
     * (g / n + decay × W)}, {@code W += v}; biases {@code v = μ v - rate × g / n}. Then clears.
     */
    void applyMomentum(SparseInputNetwork net, Gradient velocity, float rate, float momentum, float decay, int n) {
      float inv = 1f / n;
      for (int l = 0; l < weights.length; l++) {
        float[] w = net.weights[l];
        float[] v = velocity.weights[l];
        float[] gw = weights[l];
        for (int i = 0; i < w.length; i++) {
          v[i] = momentum * v[i] - rate * (gw[i] * inv + decay * w[i]);
          w[i] += v[i];
        }
        float[] b = net.biases[l];
        float[] vb = velocity.biases[l];
        float[] gb = biases[l];
        for (int j = 0; j < b.length; j++) {
          vb[j] = momentum * vb[j] - rate * gb[j] * inv;
          b[j] += vb[j];
        }
        Arrays.fill(gw, 0f);
        Arrays.fill(gb, 0f);
      }
      for (int r = 0; r < numTouched; r++) {
        touched[touchedRows[r]] = false;
      }
      numTouched = 0;
    }

    void clear() {
      for (int r = 0; r < numTouched; r++) {
        Arrays.fill(weights[0], touchedRows[r] * firstWidth, (touchedRows[r] + 1) * firstWidth, 0f);
        touched[touchedRows[r]] = false;
      }
      numTouched = 0;
      for (int l = 1; l < weights.length; l++) {
        Arrays.fill(weights[l], 0f);
      }
      for (float[] b : biases) {
        Arrays.fill(b, 0f);
      }
    }

    private static void axpy(float a, float[] x, float[] y) {
      for (int i = 0; i < x.length; i++) {
        y[i] += a * x[i];
      }
    }
  }
}
