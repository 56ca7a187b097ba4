package dev.semhash.rerank.model;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.rerank.text.TfIdfVectorizer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * A linear text-similarity model. With {@code q} and {@code d} the unit-length TF-IDF vectors of a
 * query and a document, {@code A} the query projection and {@code B} the document projection:
 *
 * <ul>
 *   <li>{@link Similarity#DOT}: {@code score(q, d) = (A q)·(B d) + λ q·d}. Supervised Semantic
 *       Indexing's {@code qᵀ(UᵀV + I)d} is {@code A = U}, {@code B = V}, {@code λ = 1}.
 *   <li>{@link Similarity#COSINE}: {@code score(q, d) = cos(A q, B d) + λ q·d}. S2Net is {@code A =
 *       B}, {@code λ = 0}. A zero projection has cosine 0 with everything.
 *   <li>{@link Kind#TERM_MATRIX}: {@code score(q, d) = qᵀ W d} with a square {@link TermMatrix}
 *       {@code W} over the dictionary: SSI's diagonal {@code W = D}, its sparse {@code W} from
 *       recursive feature elimination and its unconstrained {@code W}. The document side is the
 *       sparse {@code W d}; there is no dense part ({@link #dimension()} is 0).
 * </ul>
 *
 * A {@link Kind#DEEP} model (DSE, DSSM) also has {@link DeepLayers}: each side is encoded as
 * {@code deep(P x)} instead of {@code P x}, the projection {@code P} holding the network's first
 * layer, then compared by {@link Similarity} as above.
 *
 * <p>The document side is computed once, at index time ({@link #encodeDocument}), the query side once
 * per query ({@link #encodeQuery}); {@link #score} then costs one dense dot product, plus a sparse
 * one when {@code λ ≠ 0}. Immutable and thread-safe.
 *
 * <pre class="prettyprint">
 * RerankModel model = RerankModelFormat.read(Path.of("ssi.rerankmodel"));
 * RerankModel.QueryVector q = model.encodeQuery("vitamin D and bone density");
 * float s = model.score(q, model.encodeDocument("Vitamin D supplementation ..."));
 * </pre>
 */
public final class RerankModel {
  /** What the model file stores, and so how a score is computed. */
  public enum Kind {
    /** A query and a document projection ({@code A}, {@code B}), optionally plus {@code λ q·d}. */
    PROJECTIONS,
    /** A square term matrix {@code W}: {@code qᵀ W d}. */
    TERM_MATRIX,
    /**
     * A deep network (DSE, DSSM): projections as {@link #PROJECTIONS}, followed by {@link
     * DeepLayers}.
     */
    DEEP
  }

  /** How the two projections are compared. */
  public enum Similarity {
    /** Dot product of the projections. */
    DOT,
    /** Cosine of the projections (both scaled to unit length when encoded). */
    COSINE
  }

  /**
   * A query, encoded once.
   *
   * @param terms its unit-length TF-IDF vector (empty if it has no known term)
   * @param projected {@code A q}, unit length for {@link Similarity#COSINE}
   */
  public record QueryVector(TermVector terms, float[] projected) {
    /** True if the query has no term of the model's dictionary: every document scores 0. */
    public boolean isEmpty() {
      return terms.isEmpty();
    }
  }

  /**
   * A document, encoded once at index time.
   *
   * @param projected {@code B d}, unit length for {@link Similarity#COSINE}; empty for {@link
   *     Kind#TERM_MATRIX}
   * @param terms its unit-length TF-IDF vector when the model has a term-overlap weight, {@code W
   *     d} for {@link Kind#TERM_MATRIX}, else empty
   */
  public record DocumentVector(float[] projected, TermVector terms) {}

  private final String method;
  private final Map<String, String> info;
  private final TfIdfVectorizer vectorizer;
  private final Projection queryProjection;
  private final Projection documentProjection;
  private final TermMatrix termMatrix;
  private final Similarity similarity;
  private final float termOverlapWeight;
  private final DeepLayers deepLayers;
  private final int fingerprint;

  /**
   * @param method the training method, e.g. {@code "ssi"} or {@code "s2net"}
   * @param info provenance key/values (training settings, data, seed), stored in the file
   * @param analysis the analysis chain
   * @param dictionary the terms and their idf
   * @param queryProjection {@code A}
   * @param documentProjection {@code B}; may be the same instance as {@code A} (stored once)
   * @param similarity how projections are compared
   * @param termOverlapWeight {@code λ}, finite
   */
  public RerankModel(
      String method,
      Map<String, String> info,
      AnalysisSettings analysis,
      TermDictionary dictionary,
      Projection queryProjection,
      Projection documentProjection,
      Similarity similarity,
      float termOverlapWeight) {
    this(method, info, analysis, dictionary, queryProjection, documentProjection, similarity, termOverlapWeight, null);
  }

  /**
   * A {@link Kind#DEEP} model (DSE, DSSM): both sides are encoded as {@code deepLayers.apply(P x)},
   * with {@code P} the projection holding the network's first layer.
   *
   * <pre class="prettyprint">
   * RerankModel dse = new RerankModel("dse", info, analysis, dictionary, firstLayer, firstLayer,
   *     Similarity.DOT, 0f, new DeepLayers(bias1, Activation.SIGMOID, List.of(layer2, layer3, top)));
   * </pre>
   *
   * @param deepLayers applied after the projection on both sides; null makes a linear ({@link
   *     Kind#PROJECTIONS}) model
   * @throws IllegalArgumentException as the linear constructor, or if the deep layers do not take
   *     the projection's dimension
   */
  public RerankModel(
      String method,
      Map<String, String> info,
      AnalysisSettings analysis,
      TermDictionary dictionary,
      Projection queryProjection,
      Projection documentProjection,
      Similarity similarity,
      float termOverlapWeight,
      DeepLayers deepLayers) {
    if (queryProjection.terms() != dictionary.size() || documentProjection.terms() != dictionary.size()) {
      throw new IllegalArgumentException(
          "projections take " + queryProjection.terms() + " and " + documentProjection.terms()
              + " terms but the dictionary has " + dictionary.size());
    }
    if (queryProjection.dimension() != documentProjection.dimension()) {
      throw new IllegalArgumentException(
          "query and document projections differ in dimension: " + queryProjection.dimension() + " vs " + documentProjection.dimension());
    }
    if (Float.isFinite(termOverlapWeight) == false) {
      throw new IllegalArgumentException("term-overlap weight must be finite, got " + termOverlapWeight);
    }
    this.method = method;
    this.info = Map.copyOf(new TreeMap<>(info));
    this.vectorizer = new TfIdfVectorizer(analysis, dictionary);
    this.queryProjection = queryProjection;
    this.documentProjection = documentProjection;
    this.termMatrix = null;
    this.similarity = similarity;
    this.termOverlapWeight = termOverlapWeight;
    if (deepLayers != null && deepLayers.inputDimension() != queryProjection.dimension()) {
      throw new IllegalArgumentException(
          "deep layers take " + deepLayers.inputDimension() + " inputs but the projection has " + queryProjection.dimension()
              + " dimensions");
    }
    this.deepLayers = deepLayers;
    this.fingerprint = computeFingerprint();
  }

  /**
   * A {@link Kind#TERM_MATRIX} model: {@code score(q, d) = qᵀ W d}.
   *
   * @param method the training method, e.g. {@code "ssi"}
   * @param info provenance key/values, stored in the file
   * @param analysis the analysis chain
   * @param dictionary the terms and their idf
   * @param termMatrix {@code W}, one row and column per dictionary term
   */
  public RerankModel(
      String method,
      Map<String, String> info,
      AnalysisSettings analysis,
      TermDictionary dictionary,
      TermMatrix termMatrix) {
    if (termMatrix.terms() != dictionary.size()) {
      throw new IllegalArgumentException(
          "the term matrix has "
              + termMatrix.terms()
              + " terms but the dictionary has "
              + dictionary.size());
    }
    this.method = method;
    this.info = Map.copyOf(new TreeMap<>(info));
    this.vectorizer = new TfIdfVectorizer(analysis, dictionary);
    this.queryProjection = null;
    this.documentProjection = null;
    this.termMatrix = termMatrix;
    this.deepLayers = null;
    this.similarity = Similarity.DOT;
    this.termOverlapWeight = 0f;
    this.fingerprint = computeFingerprint();
  }

  /** What the model stores. */
  public Kind kind() {
    return termMatrix != null ? Kind.TERM_MATRIX : deepLayers != null ? Kind.DEEP : Kind.PROJECTIONS;
  }

  /** The layers after the projection of a {@link Kind#DEEP} model, else null. */
  public DeepLayers deepLayers() {
    return deepLayers;
  }

  /** {@code W} of a {@link Kind#TERM_MATRIX} model, else null. */
  public TermMatrix termMatrix() {
    return termMatrix;
  }

  /**
   * The weight of the sparse dot product of the query's terms with the stored sparse document
   * vector: {@code λ} for {@link Kind#PROJECTIONS}, 1 for {@link Kind#TERM_MATRIX} (whose whole
   * score it is).
   */
  public float sparseWeight() {
    return termMatrix == null ? termOverlapWeight : 1f;
  }

  public String method() {
    return method;
  }

  /** Provenance, sorted by key. */
  public Map<String, String> info() {
    return new TreeMap<>(info);
  }

  public AnalysisSettings analysis() {
    return vectorizer.analysis();
  }

  public TermDictionary dictionary() {
    return vectorizer.dictionary();
  }

  public TfIdfVectorizer vectorizer() {
    return vectorizer;
  }

  public Projection queryProjection() {
    return queryProjection;
  }

  public Projection documentProjection() {
    return documentProjection;
  }

  /** True if both sides use one projection (false for {@link Kind#TERM_MATRIX}). */
  public boolean sharedProjection() {
    return termMatrix == null && queryProjection == documentProjection;
  }

  public Similarity similarity() {
    return similarity;
  }

  /** {@code λ}, the weight of the plain TF-IDF cosine {@code q·d} added to the projected score. */
  public float termOverlapWeight() {
    return termOverlapWeight;
  }

  /** Number of dimensions of the projected vectors; 0 for {@link Kind#TERM_MATRIX}. */
  public int dimension() {
    return termMatrix != null ? 0 : deepLayers != null ? deepLayers.outputDimension() : queryProjection.dimension();
  }

  /**
   * A CRC-32 of everything that determines the model's vectors and scores; stored with each
   * document's vector so that vectors of another model are recognised.
   */
  public int fingerprint() {
    return fingerprint;
  }

  /** Encodes a query text. */
  public QueryVector encodeQuery(String text) {
    return encodeQuery(vectorizer.vectorize(text));
  }

  /** Encodes a query already turned into a term vector by {@link #vectorizer()}. */
  public QueryVector encodeQuery(TermVector q) {
    return new QueryVector(q, termMatrix == null ? finish(deep(queryProjection.project(q))) : new float[0]);
  }

  /** Encodes a document text, as stored at index time. */
  public DocumentVector encodeDocument(String text) {
    return encodeDocument(vectorizer.vectorize(text));
  }

  /** Encodes a document already turned into a term vector by {@link #vectorizer()}. */
  public DocumentVector encodeDocument(TermVector d) {
    if (termMatrix != null) {
      return new DocumentVector(new float[0], termMatrix.multiply(d));
    }
    return new DocumentVector(finish(deep(documentProjection.project(d))), termOverlapWeight == 0 ? TermVector.EMPTY : d);
  }

  private float[] deep(float[] projected) {
    return deepLayers == null ? projected : deepLayers.apply(projected);
  }

  private float[] finish(float[] projected) {
    if (similarity == Similarity.COSINE) {
      double norm = Math.sqrt(FixedOrderDot.dot(projected, projected));
      if (norm > 0) {
        for (int i = 0; i < projected.length; i++) {
          projected[i] = (float) (projected[i] / norm);
        }
      }
    }
    return projected;
  }

  /**
   * The model's score of a document for a query.
   *
   * @throws IllegalArgumentException if the document vector has another dimension
   */
  public float score(QueryVector query, DocumentVector document) {
    if (document.projected().length != dimension()) {
      throw new IllegalArgumentException(
          "document vector has " + document.projected().length + " dimensions, the model " + dimension());
    }
    if (termMatrix != null) {
      return query.terms().dot(document.terms());
    }
    float s = FixedOrderDot.dot(query.projected(), document.projected());
    if (termOverlapWeight != 0) {
      s += termOverlapWeight * query.terms().dot(document.terms());
    }
    return s;
  }

  private int computeFingerprint() {
    CRC32 crc = new CRC32();
    crc.update(method.getBytes(StandardCharsets.UTF_8));
    crc.update(analysis().toString().getBytes(StandardCharsets.UTF_8));
    ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    TermDictionary dict = dictionary();
    for (int i = 0; i < dict.size(); i++) {
      crc.update(dict.term(i).getBytes(StandardCharsets.UTF_8));
      updateInt(crc, Float.floatToIntBits(dict.idf(i)));
    }
    // the layout of stored document vectors is part of what they depend on
    crc.update(STORED_VECTOR_LAYOUT);
    crc.update(kind().ordinal());
    if (termMatrix != null) {
      for (int[] ints : new int[][] {termMatrix.columnStart(), termMatrix.rows()}) {
        for (int x : ints) {
          buf = flushIfFull(crc, buf);
          buf.putInt(x);
        }
      }
      for (float w : termMatrix.values()) {
        buf = flushIfFull(crc, buf);
        buf.putFloat(w);
      }
      buf.flip();
      crc.update(buf);
      return (int) crc.getValue();
    }
    crc.update(similarity.ordinal());
    updateInt(crc, Float.floatToIntBits(termOverlapWeight));
    crc.update(sharedProjection() ? 1 : 0);
    for (Projection p : sharedProjection() ? new Projection[] {queryProjection} : new Projection[] {queryProjection, documentProjection}) {
      for (int id : p.termIds() == null ? new int[0] : p.termIds()) {
        buf = flushIfFull(crc, buf);
        buf.putInt(id);
      }
      for (float w : p.weights()) {
        buf = flushIfFull(crc, buf);
        buf.putFloat(w);
      }
    }
    buf.flip();
    crc.update(buf);
    if (deepLayers != null) {
      deepLayers.forEachParameter(x -> updateInt(crc, x));
    }
    return (int) crc.getValue();
  }

  /**
   * Version of the stored document-vector layout ({@code RerankVectorField}); part of the
   * fingerprint, so vectors stored in an older layout are recognised and refused.
   */
  private static final int STORED_VECTOR_LAYOUT = 1;

  /** All four bytes of {@code v}: {@link CRC32#update(int)} takes the low byte only. */
  private static void updateInt(CRC32 crc, int v) {
    for (int shift = 0; shift < Integer.SIZE; shift += Byte.SIZE) {
      crc.update(v >>> shift);
    }
  }

  private static ByteBuffer flushIfFull(CRC32 crc, ByteBuffer buf) {
    if (buf.remaining() < Float.BYTES) {
      buf.flip();
      crc.update(buf);
      buf.clear();
    }
    return buf;
  }

  @Override
  public String toString() {
    if (termMatrix != null) {
      return method + " rerank model (term matrix W over " + dictionary().size() + " terms, " + termMatrix.entries() + " entries)";
    }
    return method + " rerank model (" + similarity + ", " + dimension() + " dimensions, "
        + (deepLayers == null ? "" : (deepLayers.layers().size() + 1) + " layers, ") + dictionary().size()
        + " terms, term-overlap weight " + termOverlapWeight + ")";
  }
}
