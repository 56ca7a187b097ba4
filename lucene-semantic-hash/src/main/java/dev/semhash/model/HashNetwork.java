package dev.semhash.model;

import dev.semhash.text.SparseVector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The feed-forward part of a {@link HashModel}: a sparse input layer over the vocabulary, then dense
 * layers, mapping a weighted term vector to one real value per bit before any threshold. For a
 * network that {@link #readsNeighbourhood() reads a neighbourhood} the last layer reads the
 * document's own hidden values beside the mean of its neighbours'. Immutable and thread-safe.
 *
 * <p>A trainer that scores its network while it trains uses this class with the current weights,
 * so that each epoch is judged by the very values its exported model will give; {@link HashModel} adds the text analysis around it and the thresholds after it.
 *
 * <pre class="prettyprint">
 * HashNetwork network = new HashNetwork(inputLayer, List.of(hiddenLayer, outputLayer), 0);
 * float[] values = network.project(termVector); // one value per bit
 * </pre>
 */
public final class HashNetwork {
  private final SparseInputLayer inputLayer;
  private final List<DenseLayer> layers;
  private final int neighbourWidth;

  /**
   * @param inputLayer the first layer, over the vocabulary
   * @param layers further layers; the last one's outputs are the values, one per bit
   * @param neighbourWidth how many of the last dense layer's inputs, at the end, are mean-pooled
   *     over the document's neighbours instead of read from the document; 0 for a network that
   *     reads the document alone
   * @throws IllegalArgumentException if a layer does not take its predecessor's outputs, or {@code
   *     neighbourWidth} is negative or not smaller than the last dense layer's inputs
   */
  public HashNetwork(SparseInputLayer inputLayer, List<DenseLayer> layers, int neighbourWidth) {
    this.inputLayer = inputLayer;
    this.layers = List.copyOf(layers);
    int width = inputLayer.outputs();
    for (int i = 0; i < this.layers.size(); i++) {
      DenseLayer layer = this.layers.get(i);
      if (layer.inputs() != width) {
        throw new IllegalArgumentException(
            "layer " + (i + 1) + " takes " + layer.inputs() + " inputs but receives " + width);
      }
      width = layer.outputs();
    }
    if (neighbourWidth < 0) {
      throw new IllegalArgumentException("neighbour width must be 0 or more, got " + neighbourWidth);
    }
    if (neighbourWidth > 0
        && (this.layers.isEmpty() || neighbourWidth >= this.layers.get(this.layers.size() - 1).inputs())) {
      throw new IllegalArgumentException(
          "a neighbourhood model pools the last " + neighbourWidth + " inputs of its last dense layer, but "
              + (this.layers.isEmpty()
                  ? "it has no dense layer"
                  : "that layer has only " + this.layers.get(this.layers.size() - 1).inputs() + " inputs")
              + "; the document's own part must stay non-empty");
    }
    this.neighbourWidth = neighbourWidth;
  }

  /** How many values the network gives, one per bit. */
  public int outputs() {
    return layers.isEmpty() ? inputLayer.outputs() : layers.get(layers.size() - 1).outputs();
  }

  /**
   * The values of {@code x}, for a network that reads the document alone.
   *
   * @throws IllegalStateException if the network reads a neighbourhood
   */
  public float[] project(SparseVector x) {
    if (readsNeighbourhood()) {
      throw new IllegalStateException(
          "the network reads each document with its neighbourhood; call project(x, neighbours)");
    }
    float[] h = hidden(x);
    return layers.isEmpty() ? h : layers.get(layers.size() - 1).apply(h);
  }

  /**
   * The values of {@code x} read with the listed neighbours, for a network that {@link
   * #readsNeighbourhood()}: {@link #pool} of their {@link #hidden} values.
   *
   * @throws IllegalStateException if the network reads the document alone
   */
  public float[] project(SparseVector x, List<SparseVector> neighbours) {
    requireNeighbourhood();
    float[] own = hidden(x);
    List<float[]> hidden = new ArrayList<>(neighbours.size());
    for (SparseVector n : neighbours) {
      hidden.add(hidden(n));
    }
    return pool(own, hidden);
  }

  /**
   * The output of every layer but the last for {@code x} (the input layer's output when there is
   * no dense layer). For a neighbourhood network this is both the document's own part and its
   * contribution as someone's neighbour, so an indexer can compute it once per document.
   *
   * @throws IllegalArgumentException if {@code x} has a term index outside the input layer
   */
  public float[] hidden(SparseVector x) {
    if (x.size() > 0 && x.indices()[x.size() - 1] >= inputLayer.inputs()) {
      throw new IllegalArgumentException(
          "term index " + x.indices()[x.size() - 1] + " is outside the vocabulary of " + inputLayer.inputs());
    }
    float[] h = inputLayer.apply(x);
    for (int l = 0; l < layers.size() - 1; l++) {
      h = layers.get(l).apply(h);
    }
    return h;
  }

  /**
   * The last layer over a document's {@link #hidden} values and its neighbours': the first {@code
   * inputs - neighbourWidth} values are the document's, the last {@link #neighbourWidth()} the
   * mean of the neighbours' (summed in list order, then divided, so the result does not depend on
   * the caller's threads). With no neighbour the document is its own.
   *
   * @throws IllegalStateException if the network reads the document alone
   */
  public float[] pool(float[] documentHidden, List<float[]> neighbourHidden) {
    requireNeighbourhood();
    DenseLayer last = layers.get(layers.size() - 1);
    int width = last.inputs();
    requireWidth(documentHidden, width, "document");
    if (neighbourHidden.isEmpty()) {
      neighbourHidden = List.of(documentHidden);
    }
    int own = width - neighbourWidth;
    float[] z = Arrays.copyOf(documentHidden, width);
    Arrays.fill(z, own, width, 0f);
    for (float[] n : neighbourHidden) {
      requireWidth(n, width, "neighbour");
      for (int i = own; i < width; i++) {
        z[i] += n[i];
      }
    }
    float count = neighbourHidden.size();
    for (int i = own; i < width; i++) {
      z[i] /= count;
    }
    return last.apply(z);
  }

  private static void requireWidth(float[] hidden, int width, String whose) {
    if (hidden.length != width) {
      throw new IllegalArgumentException(
          "the " + whose + "'s hidden values have " + hidden.length + " entries but the last layer reads " + width
              + "; give the output of hidden() of this model");
    }
  }

  private void requireNeighbourhood() {
    if (readsNeighbourhood() == false) {
      throw new IllegalStateException("the network reads the document alone; call project(x)");
    }
  }

  /** Whether the network reads each document with its neighbourhood. */
  public boolean readsNeighbourhood() {
    return neighbourWidth > 0;
  }

  /** How many of the last layer's inputs are pooled over the neighbours; 0 for most networks. */
  public int neighbourWidth() {
    return neighbourWidth;
  }

  public SparseInputLayer inputLayer() {
    return inputLayer;
  }

  public List<DenseLayer> layers() {
    return layers;
  }
}
