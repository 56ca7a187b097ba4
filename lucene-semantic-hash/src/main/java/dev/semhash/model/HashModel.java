package dev.semhash.model;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.SparseVector;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.TextVectorizer;
import dev.semhash.text.Vocabulary;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A text hashing function: text &rarr; sparse term vector &rarr; feed-forward network &rarr; one
 * real value per bit &rarr; bit {@code j} is 1 when value {@code j} is greater than threshold
 * {@code j}. Immutable and thread-safe.
 *
 * <pre class="prettyprint">
 * HashModel model = HashModelFormat.read(Path.of("20ng-vdsh-32.hashmodel"));
 * long[] code = model.encode("Which graphics card runs X11 best?");
 * byte[] bytes = HammingCodes.toBytes(code, model.bits());
 * </pre>
 *
 * <p>A text with no vocabulary term still has a code: the network's output for the zero vector
 * (its biases), thresholded as usual. All such texts share that one code.
 */
public final class HashModel implements AutoCloseable {
  private final String method;
  private final Map<String, String> info;
  private final SparseInputLayer inputLayer;
  private final List<DenseLayer> layers;
  private final float[] thresholds;
  private final TextVectorizer vectorizer;

  /**
   * @param method the training method, such as {@code lsh} or {@code vdsh} (for reports)
   * @param info free-form provenance (dataset, seed, settings), stored in the file
   * @param normalize whether input vectors are scaled to unit length after weighting
   * @param inputLayer the first layer, over the vocabulary
   * @param layers further layers; the last one's outputs are the bits
   * @param thresholds one threshold per bit
   */
  public HashModel(
      String method,
      Map<String, String> info,
      AnalyzerSettings analyzerSettings,
      Vocabulary vocabulary,
      TermWeighting weighting,
      boolean normalize,
      SparseInputLayer inputLayer,
      List<DenseLayer> layers,
      float[] thresholds) {
    this.method = method;
    this.info = Map.copyOf(info);
    this.inputLayer = inputLayer;
    this.layers = List.copyOf(layers);
    this.thresholds = thresholds.clone();
    if (inputLayer.inputs() != vocabulary.size()) {
      throw new IllegalArgumentException(
          "input layer takes "
              + inputLayer.inputs()
              + " terms but the vocabulary has "
              + vocabulary.size());
    }
    int width = inputLayer.outputs();
    for (int i = 0; i < this.layers.size(); i++) {
      DenseLayer layer = this.layers.get(i);
      if (layer.inputs() != width) {
        throw new IllegalArgumentException(
            "layer " + (i + 1) + " takes " + layer.inputs() + " inputs but receives " + width);
      }
      width = layer.outputs();
    }
    if (width != thresholds.length) {
      throw new IllegalArgumentException(
          "the network has " + width + " outputs but " + thresholds.length + " thresholds");
    }
    if (width % 8 != 0 || width < 8) {
      throw new IllegalArgumentException(
          "code length must be a positive multiple of 8 bits, got " + width);
    }
    DenseLayer.requireFinite(thresholds, "thresholds");
    this.vectorizer = new TextVectorizer(analyzerSettings, vocabulary, weighting, normalize);
  }

  /** Code length in bits. */
  public int bits() {
    return thresholds.length;
  }

  /** The code of {@code text}, packed as in {@code dev.semhash.index.HammingCodes}. */
  public long[] encode(String text) {
    return encode(vectorizer.vectorize(text));
  }

  /** The code of an already weighted term vector (from this model's {@link #vectorizer()}). */
  public long[] encode(SparseVector x) {
    return binarize(project(x));
  }

  /** The network's real-valued output for {@code x}, one value per bit, before thresholding. */
  public float[] project(SparseVector x) {
    if (x.size() > 0 && x.indices()[x.size() - 1] >= inputLayer.inputs()) {
      throw new IllegalArgumentException(
          "term index " + x.indices()[x.size() - 1] + " is outside the vocabulary of " + inputLayer.inputs());
    }
    float[] h = inputLayer.apply(x);
    for (DenseLayer layer : layers) {
      h = layer.apply(h);
    }
    return h;
  }

  /** Bit {@code j} is set when {@code values[j] > thresholds[j]}. */
  public long[] binarize(float[] values) {
    return binarize(values, 0, thresholds);
  }

  /**
   * The code of {@code values[offset .. offset + thresholds.length)} under {@code thresholds}: bit
   * {@code j} is set when {@code values[offset + j] > thresholds[j]}, in {@link
   * dev.semhash.index.HammingCodes}'s bit order. For trainers that threshold many rows of one array.
   */
  public static long[] binarize(float[] values, int offset, float[] thresholds) {
    long[] words = new long[(thresholds.length + 63) >>> 6];
    for (int j = 0; j < thresholds.length; j++) {
      if (values[offset + j] > thresholds[j]) {
        words[j >>> 6] |= 1L << (63 - (j & 63));
      }
    }
    return words;
  }

  /** The vectorizer that turns text into this model's input. */
  public TextVectorizer vectorizer() {
    return vectorizer;
  }

  public String method() {
    return method;
  }

  /** Provenance recorded at training time, sorted by key. */
  public Map<String, String> info() {
    return new TreeMap<>(info);
  }

  /** Shorthand for {@code vectorizer().analyzerSettings()}. */
  public AnalyzerSettings analyzerSettings() {
    return vectorizer.analyzerSettings();
  }

  /** Shorthand for {@code vectorizer().vocabulary()}. */
  public Vocabulary vocabulary() {
    return vectorizer.vocabulary();
  }

  /** Shorthand for {@code vectorizer().weighting()}. */
  public TermWeighting weighting() {
    return vectorizer.weighting();
  }

  /** Shorthand for {@code vectorizer().normalize()}. */
  public boolean normalize() {
    return vectorizer.normalize();
  }

  public SparseInputLayer inputLayer() {
    return inputLayer;
  }

  public List<DenseLayer> layers() {
    return layers;
  }

  /** The per-bit thresholds (a copy). */
  public float[] thresholds() {
    return thresholds.clone();
  }

  @Override
  public void close() {
    vectorizer.close();
  }
}
