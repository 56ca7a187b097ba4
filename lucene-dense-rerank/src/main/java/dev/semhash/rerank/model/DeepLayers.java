package dev.semhash.rerank.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;

/**
 * The non-linear part of a deep rerank model (DSE, DSSM). A deep model's first layer takes the
 * sparse term vector; its weights are the model's {@link Projection} (so a sparse input costs one
 * row per term it holds), and this class does the rest: adds the first layer's bias, applies its
 * activation, then applies each following {@link DenseLayer}.
 *
 * <pre class="prettyprint">
 * DeepLayers layers = new DeepLayers(bias1, Activation.SIGMOID, List.of(layer2, layer3, top));
 * float[] phi = layers.apply(projection.project(termVector));
 * </pre>
 *
 * @param firstBias the first layer's bias, one per projection dimension
 * @param firstActivation the first layer's activation
 * @param layers the following layers, each taking the previous one's outputs (may be empty)
 */
public record DeepLayers(float[] firstBias, Activation firstActivation, List<DenseLayer> layers) {
  private static final int MAX_LAYERS = 64;

  public DeepLayers {
    layers = List.copyOf(layers);
    if (firstBias.length == 0 || layers.size() > MAX_LAYERS) {
      throw new IllegalArgumentException("a deep model needs a first layer and at most " + MAX_LAYERS + " more, got "
          + firstBias.length + " first-layer outputs and " + layers.size() + " layers");
    }
    DenseLayer.checkFinite(firstBias, "first-layer bias");
    int width = firstBias.length;
    for (int i = 0; i < layers.size(); i++) {
      if (layers.get(i).inputs() != width) {
        throw new IllegalArgumentException(
            "layer " + (i + 2) + " takes " + layers.get(i).inputs() + " inputs but the layer below has " + width + " outputs");
      }
      width = layers.get(i).outputs();
    }
  }

  /** Number of inputs: the projection's dimension. */
  public int inputDimension() {
    return firstBias.length;
  }

  /** Number of outputs: the model's vector dimension. */
  public int outputDimension() {
    return layers.isEmpty() ? firstBias.length : layers.get(layers.size() - 1).outputs();
  }

  /** The network's output for a projected input; {@code projected} is overwritten. */
  public float[] apply(float[] projected) {
    if (projected.length != firstBias.length) {
      throw new IllegalArgumentException("deep layers take " + firstBias.length + " inputs, got " + projected.length);
    }
    DenseLayer.finish(projected, firstBias, firstActivation);
    float[] h = projected;
    for (DenseLayer layer : layers) {
      h = layer.apply(h);
    }
    return h;
  }

  /** Every parameter, in file order (for the model fingerprint). */
  void forEachParameter(java.util.function.IntConsumer floatBits) {
    floatBits.accept(firstActivation.ordinal());
    for (float b : firstBias) {
      floatBits.accept(Float.floatToIntBits(b));
    }
    for (DenseLayer layer : layers) {
      floatBits.accept(layer.activation().ordinal());
      floatBits.accept(layer.outputs());
      for (float w : layer.weights()) {
        floatBits.accept(Float.floatToIntBits(w));
      }
      for (float b : layer.bias()) {
        floatBits.accept(Float.floatToIntBits(b));
      }
    }
  }

  /** Writes VInt first-layer width, Byte activation, its biases, VInt layer count, each layer. */
  void write(DataOutput out) throws IOException {
    out.writeVInt(firstBias.length);
    out.writeByte((byte) firstActivation.ordinal());
    for (float b : firstBias) {
      out.writeInt(Float.floatToIntBits(b));
    }
    out.writeVInt(layers.size());
    for (DenseLayer layer : layers) {
      layer.write(out);
    }
  }

  static DeepLayers read(DataInput in) throws IOException {
    int width = in.readVInt();
    int act = in.readByte();
    if (width <= 0 || width > (1 << 16)) {
      throw new IOException("implausible first-layer width " + width);
    }
    if (act < 0 || act >= Activation.values().length) {
      throw new IOException("unknown activation " + act);
    }
    float[] bias = new float[width];
    in.readFloats(bias, 0, width);
    int n = in.readVInt();
    if (n < 0 || n > MAX_LAYERS) {
      throw new IOException("implausible layer count " + n);
    }
    List<DenseLayer> layers = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      layers.add(DenseLayer.read(in));
    }
    try {
      return new DeepLayers(bias, Activation.values()[act], layers);
    } catch (IllegalArgumentException e) {
      throw new IOException("bad deep layers: " + e.getMessage(), e);
    }
  }
}
