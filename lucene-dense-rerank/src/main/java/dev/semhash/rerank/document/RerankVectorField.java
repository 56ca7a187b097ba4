package dev.semhash.rerank.document;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.TermVector;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.util.BitUtil;
import org.apache.lucene.util.BytesRef;

/**
 * The index-time field that stores a document's rerank vector, computed from its text by a {@link
 * RerankModel}.
 *
 * <pre class="prettyprint">
 * Document doc = new Document();
 * doc.add(new TextField("contents", text, Field.Store.NO));
 * doc.add(RerankVectorField.create("rerank", model, text));
 * </pre>
 *
 * <p><b>Why binary doc values rather than a {@code KnnFloatVectorField}.</b> Reranking looks up the
 * vectors of N known documents; it never searches for nearest neighbours, so the HNSW graph a
 * vector field builds would cost index time and disk for nothing. A model with a term-overlap
 * weight (SSI's {@code + I}) also needs the document's sparse TF-IDF vector, which has no fixed
 * dimension; one binary value holds both, read with one seek. And each value carries the model's
 * fingerprint, so vectors written by another model are detected instead of silently mis-scored.
 *
 * <p><b>Value layout</b> (little-endian, fixed width, so that a query scores a document straight
 * from the stored bytes without decoding it; see {@link StoredVectorScorer}): Int model {@linkplain
 * RerankModel#fingerprint() fingerprint}; Int dimension k; k Floats, the projected vector; Int n;
 * n Ints, the increasing term ids of the sparse part; n Floats, their weights. The sparse part is
 * the unit TF-IDF vector when the model has a term-overlap weight, {@code W d} for a {@linkplain
 * RerankModel.Kind#TERM_MATRIX term-matrix} model, else empty (n = 0). A value is {@code 12 + 4k +
 * 8n} bytes.
 */
public final class RerankVectorField {
  private RerankVectorField() {}

  /**
   * The field holding {@code model}'s vector of {@code text}.
   *
   * @throws IllegalArgumentException if the text is null
   */
  public static BinaryDocValuesField create(String field, RerankModel model, String text) {
    if (text == null) {
      throw new IllegalArgumentException("document text for field '" + field + "' is null; give the text (an empty string is allowed)");
    }
    return new BinaryDocValuesField(field, encode(model, model.encodeDocument(text)));
  }

  /** Bytes before the dense part: fingerprint and dimension. */
  static final int HEADER_BYTES = 2 * Integer.BYTES;

  /** The stored bytes of a document vector. */
  public static BytesRef encode(RerankModel model, RerankModel.DocumentVector vector) {
    float[] p = vector.projected();
    TermVector terms = vector.terms();
    int n = terms.size();
    byte[] bytes = new byte[HEADER_BYTES + Float.BYTES * p.length + Integer.BYTES + 8 * n];
    int o = 0;
    BitUtil.VH_LE_INT.set(bytes, o, model.fingerprint());
    BitUtil.VH_LE_INT.set(bytes, o += 4, p.length);
    o += 4;
    for (float v : p) {
      BitUtil.VH_LE_FLOAT.set(bytes, o, v);
      o += 4;
    }
    BitUtil.VH_LE_INT.set(bytes, o, n);
    o += 4;
    for (int i = 0; i < n; i++) {
      BitUtil.VH_LE_INT.set(bytes, o + 4 * i, terms.ids()[i]);
      BitUtil.VH_LE_FLOAT.set(bytes, o + 4 * (n + i), terms.weights()[i]);
    }
    return new BytesRef(bytes);
  }

  /**
   * Decodes stored bytes, checking they were written by {@code model}.
   *
   * @throws IllegalArgumentException if the dimension or the model fingerprint differs, or the
   *     bytes are not a vector; the message names the field and document
   */
  public static RerankModel.DocumentVector decode(BytesRef bytes, RerankModel model, String field, int doc) {
    int n = StoredVectorScorer.check(bytes, model, field, doc);
    int o = bytes.offset + HEADER_BYTES;
    float[] projected = new float[model.dimension()];
    for (int i = 0; i < projected.length; i++, o += 4) {
      projected[i] = (float) BitUtil.VH_LE_FLOAT.get(bytes.bytes, o);
    }
    o += 4;
    int[] ids = new int[n];
    float[] weights = new float[n];
    for (int i = 0; i < n; i++) {
      ids[i] = (int) BitUtil.VH_LE_INT.get(bytes.bytes, o + 4 * i);
      weights[i] = (float) BitUtil.VH_LE_FLOAT.get(bytes.bytes, o + 4 * (n + i));
    }
    try {
      return new RerankModel.DocumentVector(projected, n == 0 ? TermVector.EMPTY : new TermVector(ids, weights));
    } catch (IllegalArgumentException e) {
      throw StoredVectorScorer.notAVector(field, doc, e.getMessage());
    }
  }
}
