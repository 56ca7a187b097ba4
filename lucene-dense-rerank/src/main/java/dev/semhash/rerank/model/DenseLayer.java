package dev.semhash.rerank.model;

import java.io.IOException;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;
import org.apache.lucene.store.IndexInput;

/**
 * A fully connected layer {@code y = act(Wᵀx + b)} with {@code inputs × outputs} weights kept
 * input-major (all outputs of input 0, then of input 1, ...), the layout of {@link Projection}, so
 * that the forward pass adds one contiguous row per input.
 *
 * <pre class="prettyprint">
 * DenseLayer layer = new DenseLayer(2, 1, new float[] {1, -1}, new float[] {0.5f}, Activation.TANH);
 * float[] y = layer.apply(new float[] {2, 1}); // tanh(2 - 1 + 0.5)
 * </pre>
 *
 * @param inputs number of inputs
 * @param outputs number of outputs
 * @param weights {@code inputs × outputs} finite values, input-major; used, not copied
 * @param bias {@code outputs} finite values
 * @param activation the non-linearity
 */
public record DenseLayer(int inputs, int outputs, float[] weights, float[] bias, Activation activation) {
  private static final int MAX_SIZE = 1 << 16;

  public DenseLayer {
    if (inputs <= 0 || outputs <= 0 || inputs > MAX_SIZE || outputs > MAX_SIZE) {
      throw new IllegalArgumentException("a layer needs 1 to " + MAX_SIZE + " inputs and outputs, got " + inputs + " × " + outputs);
    }
    if ((long) inputs * outputs != weights.length || bias.length != outputs) {
      throw new IllegalArgumentException(
          "a " + inputs + " × " + outputs + " layer needs " + (long) inputs * outputs + " weights and " + outputs
              + " biases, got " + weights.length + " and " + bias.length);
    }
    checkFinite(weights, "weight");
    checkFinite(bias, "bias");
  }

  static void checkFinite(float[] values, String what) {
    for (int i = 0; i < values.length; i++) {
      if (Float.isFinite(values[i]) == false) {
        throw new IllegalArgumentException(what + " " + i + " is " + values[i] + "; every parameter must be finite");
      }
    }
  }

  /** {@code act(Wᵀx + b)}: the weighted rows summed in input order, then the bias added. */
  public float[] apply(float[] x) {
    if (x.length != inputs) {
      throw new IllegalArgumentException("layer takes " + inputs + " inputs, got " + x.length);
    }
    float[] y = new float[outputs];
    for (int i = 0; i < inputs; i++) {
      float v = x[i];
      if (v == 0f) {
        continue;
      }
      int base = i * outputs;
      for (int j = 0; j < outputs; j++) {
        y[j] += v * weights[base + j];
      }
    }
    finish(y, bias, activation);
    return y;
  }

  /** Adds the bias and applies the activation in place. */
  static void finish(float[] y, float[] bias, Activation activation) {
    for (int j = 0; j < y.length; j++) {
      y[j] = activation.apply(y[j] + bias[j]);
    }
  }

  /** Writes VInt inputs, VInt outputs, Byte activation, the weights, then the biases (Floats). */
  void write(DataOutput out) throws IOException {
    out.writeVInt(inputs);
    out.writeVInt(outputs);
    out.writeByte((byte) activation.ordinal());
    for (float w : weights) {
      out.writeInt(Float.floatToIntBits(w));
    }
    for (float b : bias) {
      out.writeInt(Float.floatToIntBits(b));
    }
  }

  static DenseLayer read(DataInput in) throws IOException {
    int inputs = in.readVInt();
    int outputs = in.readVInt();
    int act = in.readByte();
    if (inputs <= 0 || outputs <= 0 || inputs > MAX_SIZE || outputs > MAX_SIZE) {
      throw new IOException("implausible layer shape " + inputs + " × " + outputs);
    }
    if (act < 0 || act >= Activation.values().length) {
      throw new IOException("unknown activation " + act);
    }
    long size = (long) inputs * outputs;
    if (size > Integer.MAX_VALUE - 8
        || (in instanceof IndexInput file && (size + outputs) * Float.BYTES > file.length() - file.getFilePointer())) {
      throw new IOException("a " + inputs + " × " + outputs + " layer does not fit in the rest of the file");
    }
    float[] weights = new float[(int) size];
    in.readFloats(weights, 0, weights.length);
    float[] bias = new float[outputs];
    in.readFloats(bias, 0, outputs);
    return new DenseLayer(inputs, outputs, weights, bias, Activation.values()[act]);
  }
}
