package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.Activation;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The encoder's first layer {@code W1 d + b1} over the vocabulary, trained in plain Java because
 * its input is sparse: a document costs its non-zero terms times the layer width, where a dense
 * matrix product (what SameDiff offers) would cost the whole vocabulary. The rest of the network
 * lives in a SameDiff graph that takes this layer's output as a placeholder and hands back the
 * gradient with respect to it.
 *
 * <p>The forward pass adds the terms' weight columns to the bias in the document's term order,
 * exactly as {@link SparseInputLayer#apply} does, so the exported layer computes bit-identical
 * values. The update is dense Adam over every weight (as TensorFlow's optimizer treats the
 * thesis's dense input), not a lazy per-row variant.
 */
final class TrainableSparseLayer {
  private final int inputs;
  private final int outputs;
  private final int threads;
  private final float[] weights; // term-major: weights[t * outputs + o]
  private final float[] bias;
  private final float[] weightGrad;
  private final float[] biasGrad;
  private final JavaAdam weightAdam;
  private final JavaAdam biasAdam;
  private final boolean[] touched;

  /** Glorot-uniform weights drawn from {@code random}, zero bias. */
  TrainableSparseLayer(int inputs, int outputs, double learningRate, int threads, SplittableRandom random) {
    if ((long) inputs * outputs > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(
          "first layer of " + inputs + " x " + outputs + " weights is too large; shrink the vocabulary or hidden units");
    }
    this.inputs = inputs;
    this.outputs = outputs;
    this.threads = threads;
    this.weights = new float[inputs * outputs];
    double limit = Math.sqrt(6.0 / (inputs + outputs));
    for (int i = 0; i < weights.length; i++) {
      weights[i] = (float) ((random.nextDouble() * 2 - 1) * limit);
    }
    this.bias = new float[outputs];
    this.weightGrad = new float[weights.length];
    this.biasGrad = new float[outputs];
    this.weightAdam = new JavaAdam(weights.length, learningRate);
    this.biasAdam = new JavaAdam(outputs, learningRate);
    this.touched = new boolean[inputs];
  }

  int outputs() {
    return outputs;
  }

  /** Writes {@code b1 + W1 x} of each listed row of {@code x} into {@code out} (row-major). */
  void forward(SparseMatrix x, int[] rows, float[] out) {
    int[] cols = x.columns();
    float[] vals = x.values();
    IntStream.range(0, Math.min(threads, rows.length)).parallel().forEach(part -> {
      for (int r = part; r < rows.length; r += threads) {
        int base = r * outputs;
        System.arraycopy(bias, 0, out, base, outputs);
        for (int i = x.rowStart(rows[r]); i < x.rowEnd(rows[r]); i++) {
          int w = cols[i] * outputs;
          float v = vals[i];
          for (int o = 0; o < outputs; o++) {
            out[base + o] += v * weights[w + o];
          }
        }
      }
    });
  }

  /**
   * Accumulates the gradient of the loss given {@code gradOut}, its gradient with respect to this
   * layer's outputs for the listed rows (row-major).
   */
  void backward(SparseMatrix x, int[] rows, float[] gradOut) {
    int[] cols = x.columns();
    float[] vals = x.values();
    for (int row : rows) {
      for (int i = x.rowStart(row); i < x.rowEnd(row); i++) {
        touched[cols[i]] = true;
      }
    }
    // Threads own disjoint output ranges, so rows sharing a term never write the same weight.
    int parts = Math.min(threads, outputs);
    IntStream.range(0, parts).parallel().forEach(part -> {
      int from = (int) ((long) outputs * part / parts);
      int to = (int) ((long) outputs * (part + 1) / parts);
      for (int r = 0; r < rows.length; r++) {
        int g = r * outputs;
        for (int o = from; o < to; o++) {
          biasGrad[o] += gradOut[g + o];
        }
        for (int i = x.rowStart(rows[r]); i < x.rowEnd(rows[r]); i++) {
          int w = cols[i] * outputs;
          float v = vals[i];
          for (int o = from; o < to; o++) {
            weightGrad[w + o] += v * gradOut[g + o];
          }
        }
      }
    });
  }

  /** One Adam step with the accumulated gradient, which is then cleared. */
  void step() {
    weightAdam.step(weights, weightGrad, threads);
    biasAdam.step(bias, biasGrad, 1);
    for (int t = 0; t < inputs; t++) {
      if (touched[t]) {
        Arrays.fill(weightGrad, t * outputs, (t + 1) * outputs, 0f);
        touched[t] = false;
      }
    }
    Arrays.fill(biasGrad, 0f);
  }

  /** A copy of the current weights and bias. */
  float[][] snapshot() {
    return new float[][] {weights.clone(), bias.clone()};
  }

  /** Restores weights and bias from a {@link #snapshot()}. */
  void restore(float[][] snapshot) {
    System.arraycopy(snapshot[0], 0, weights, 0, weights.length);
    System.arraycopy(snapshot[1], 0, bias, 0, bias.length);
  }

  /** The layer for a {@link dev.semhash.model.HashModel}, followed by {@code activation}. */
  SparseInputLayer export(Activation activation) {
    float[][] columns = new float[inputs][];
    for (int t = 0; t < inputs; t++) {
      columns[t] = Arrays.copyOfRange(weights, t * outputs, (t + 1) * outputs);
    }
    return new SparseInputLayer(columns, bias.clone(), activation);
  }

  // for tests
  float[] weights() {
    return weights;
  }

  float[] bias() {
    return bias;
  }
}
