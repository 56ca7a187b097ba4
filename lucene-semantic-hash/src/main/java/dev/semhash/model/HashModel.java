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
 *
 * <p><b>Models that read a neighbourhood</b> (NbrReg+Doc, thesis eq. 4.7-4.9) encode a document
 * together with its nearest documents, found by the caller (for instance by BM25 over the
 * collection being indexed). Such a model ({@link #readsNeighbourhood()}) runs the document and
 * each neighbour through every layer but the last; the last layer reads the document's own part of
 * that hidden vector beside the mean of the neighbours' part ({@link #neighbourWidth()} values).
 * Its thresholds were computed the same way, so it refuses {@link #encode(String)}: call {@link
 * #encode(String, List)}. A document without neighbours (none given, or none found) is read as its
 * own single neighbour.
 *
 * <pre class="prettyprint">
 * List&lt;String&gt; nearest = ...; // the texts of its 20 BM25 neighbours in the collection
 * long[] code = model.readsNeighbourhood() ? model.encode(text, nearest) : model.encode(text);
 * </pre>
 */
public final class HashModel implements AutoCloseable {
  private final String method;
  private final Map<String, String> info;
  private final HashNetwork network;
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
    this(method, info, analyzerSettings, vocabulary, weighting, normalize, inputLayer, layers, thresholds, 0);
  }

  /**
   * A model that reads a neighbourhood when {@code neighbourWidth > 0}.
   *
   * @param neighbourWidth how many of the last layer's inputs, at the end, are mean-pooled over the
   *     document's neighbours instead of read from the document; 0 for a model that reads the
   *     document alone
   * @throws IllegalArgumentException if {@code neighbourWidth} is negative, or not smaller than
   *     the last dense layer's inputs (which a neighbourhood model needs)
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
      float[] thresholds,
      int neighbourWidth) {
    this.method = method;
    this.info = Map.copyOf(info);
    this.thresholds = thresholds.clone();
    if (inputLayer.inputs() != vocabulary.size()) {
      throw new IllegalArgumentException(
          "input layer takes "
              + inputLayer.inputs()
              + " terms but the vocabulary has "
              + vocabulary.size());
    }
    this.network = new HashNetwork(inputLayer, layers, neighbourWidth);
    int width = network.outputs();
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

  /**
   * The code of {@code text}, packed as in {@code dev.semhash.index.HammingCodes}.
   *
   * @throws IllegalStateException if the model reads a neighbourhood ({@link #encode(String, List)})
   */
  public long[] encode(String text) {
    return encode(vectorizer.vectorize(text));
  }

  /** The code of an already weighted term vector (from this model's {@link #vectorizer()}). */
  public long[] encode(SparseVector x) {
    return binarize(project(x));
  }

  /**
   * The code of {@code text} read with its neighbourhood, for a model that {@link
   * #readsNeighbourhood()}.
   *
   * @param neighbourTexts the document's nearest documents; none: the document is its own
   */
  public long[] encode(String text, List<String> neighbourTexts) {
    return encode(vectorizer.vectorize(text), neighbourTexts.stream().map(vectorizer::vectorize).toList());
  }

  /** {@link #encode(String, List)} for already weighted term vectors. */
  public long[] encode(SparseVector x, List<SparseVector> neighbours) {
    return binarize(project(x, neighbours));
  }

  /**
   * The network's real-valued output for {@code x}, one value per bit, before thresholding.
   *
   * @throws IllegalStateException if the model reads a neighbourhood
   */
  public float[] project(SparseVector x) {
    if (readsNeighbourhood()) {
      throw new IllegalStateException(
          "model '" + method + "' reads each document's neighbourhood (its last " + neighbourWidth()
              + " hidden values are pooled over the document's nearest documents): encode with"
              + " encode(text, neighbourTexts) or project(x, neighbours); with no collection to search,"
              + " give no neighbour, and the document is read as its own");
    }
    return network.project(x);
  }

  /**
   * The output of {@code x} read with the listed neighbours, for a model that {@link
   * #readsNeighbourhood()}: the last layer applied to {@code x}'s own hidden values beside the mean
   * of the neighbours' ({@link #pool}).
   *
   * @throws IllegalStateException if the model reads the document alone
   */
  public float[] project(SparseVector x, List<SparseVector> neighbours) {
    requireNeighbourhoodModel();
    return network.project(x, neighbours);
  }

  /**
   * The output of every layer but the last for {@code x} (the input layer's output when there is
   * no dense layer). For a neighbourhood model this is both the document's own part and its
   * contribution as someone's neighbour, so an indexer can compute it once per document.
   */
  public float[] hidden(SparseVector x) {
    return network.hidden(x);
  }

  /**
   * The last layer over a document's {@link #hidden} values and its neighbours': the first {@code
   * inputs - neighbourWidth} values are the document's, the last {@link #neighbourWidth()} the
   * mean of the neighbours' (summed in list order, then divided, so the result does not depend on
   * the caller's threads). With no neighbour the document is its own.
   */
  public float[] pool(float[] documentHidden, List<float[]> neighbourHidden) {
    requireNeighbourhoodModel();
    return network.pool(documentHidden, neighbourHidden);
  }

  private void requireNeighbourhoodModel() {
    if (readsNeighbourhood() == false) {
      throw new IllegalStateException(
          "model '" + method + "' reads the document alone; encode with encode(text) or project(x)");
    }
  }

  /**
   * This model with other provenance, dense layers and thresholds (a rotation folded into the last
   * layer, new thresholds); analysis, vocabulary, input layer and neighbour width stay.
   */
  public HashModel with(Map<String, String> info, List<DenseLayer> layers, float[] thresholds) {
    return new HashModel(method, info, analyzerSettings(), vocabulary(), weighting(), normalize(), inputLayer(),
        layers, thresholds, neighbourWidth());
  }

  /** Whether the model reads each document with its neighbourhood (see the class documentation). */
  public boolean readsNeighbourhood() {
    return network.readsNeighbourhood();
  }

  /** How many of the last layer's inputs are pooled over the neighbours; 0 for most models. */
  public int neighbourWidth() {
    return network.neighbourWidth();
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
    return network.inputLayer();
  }

  public List<DenseLayer> layers() {
    return network.layers();
  }

  /** The model's network: its values before thresholds. */
  public HashNetwork network() {
    return network;
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
