package dev.semhash.rerank.document;

import dev.semhash.rerank.model.FixedOrderDot;
import dev.semhash.rerank.model.RerankModel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.util.BitUtil;
import org.apache.lucene.util.BytesRef;

/**
 * Scores the stored vectors of one segment against one encoded query, straight from the stored
 * bytes ({@link RerankVectorField}'s fixed-width layout): the dense part is copied once into a
 * reusable buffer for a dot product summed in a fixed order ({@link FixedOrderDot}), and the document's sorted term ids
 * are scanned against a bit set of the query's terms. Nothing is allocated per document, and the sparse
 * part is skipped when the model has no sparse term ({@code λ = 0}). The score equals {@link
 * RerankModel#score} of the decoded vector, bit for bit.
 *
 * <pre class="prettyprint">
 * StoredVectorScorer s = StoredVectorScorer.create(leafReader, "rerank", model, model.encodeQuery(text));
 * if (s.advanceExact(doc)) { // documents in increasing order
 *   float score = s.score();
 * }
 * </pre>
 *
 * Not thread-safe: one instance per segment and query.
 */
public final class StoredVectorScorer {
  private final BinaryDocValues values;
  private final RerankModel model;
  private final String field;
  private final float[] queryDense;
  private final int[] queryIds;
  private final float[] queryWeights;
  private final float sparseWeight;
  private final float[] buffer;
  private int doc = -1;
  // little-endian float views of the doc values' byte array, one per byte alignment (the array is
  // reused from document to document, so the views are made once): a bulk copy, not a loop
  private byte[] viewed;
  private final FloatBuffer[] views = new FloatBuffer[Float.BYTES];
  private final IntBuffer[] intViews = new IntBuffer[Integer.BYTES];
  // the query's terms as a bit set over the dictionary: a document's term ids are scanned in order
  // and only the (rare) hits looked up, which costs fewer unpredictable branches than merging
  private final long[] queryBits;
  private final int maxQueryId;
  private int[] idBuffer = new int[0];

  private StoredVectorScorer(
      BinaryDocValues values, RerankModel model, RerankModel.QueryVector query, String field) {
    this.values = values;
    this.model = model;
    this.field = field;
    this.queryDense = query.projected();
    this.queryIds = query.terms().ids();
    this.queryWeights = query.terms().weights();
    this.sparseWeight = model.sparseWeight();
    this.buffer = new float[model.dimension()];
    this.queryBits = new long[(model.dictionary().size() + 63) >>> 6];
    for (int id : queryIds) {
      queryBits[id >>> 6] |= 1L << id;
    }
    this.maxQueryId = queryIds.length == 0 ? -1 : queryIds[queryIds.length - 1];
  }

  /**
   * The scorer of {@code field}'s vectors in a segment for {@code query}.
   *
   * @throws IllegalArgumentException if the field exists but is not a binary doc-values field
   */
  public static StoredVectorScorer create(
      LeafReader reader, String field, RerankModel model, RerankModel.QueryVector query)
      throws IOException {
    FieldInfo info = reader.getFieldInfos().fieldInfo(field);
    if (info != null && info.getDocValuesType() != DocValuesType.BINARY) {
      throw new IllegalArgumentException(
          "field '"
              + field
              + "' has doc values of type "
              + info.getDocValuesType()
              + ", not the BINARY doc values of a RerankVectorField; index it with"
              + " RerankVectorField.create");
    }
    if (query.projected().length != model.dimension()) {
      throw new IllegalArgumentException(
          "query vector has " + query.projected().length + " dimensions, the model " + model.dimension());
    }
    return new StoredVectorScorer(
        info == null ? null : reader.getBinaryDocValues(field), model, query, field);
  }

  /**
   * Moves to {@code doc}; true if it has a stored vector. Documents must be asked in increasing
   * order.
   */
  public boolean advanceExact(int doc) throws IOException {
    this.doc = doc;
    return values != null && values.advanceExact(doc);
  }

  /**
   * The model score of the current document, which must have a vector.
   *
   * @throws IllegalArgumentException if the stored vector was written by another model (of another
   *     dimension or fingerprint) or is not a vector; the message names the field and document
   */
  public float score() throws IOException {
    BytesRef ref = values.binaryValue();
    int n = check(ref, model, field, doc);
    byte[] b = ref.bytes;
    int o = ref.offset + RerankVectorField.HEADER_BYTES;
    float s = 0f;
    int k = buffer.length;
    if (b != viewed) {
      viewed = b;
      ByteBuffer bytes = ByteBuffer.wrap(b);
      for (int a = 0; a < Float.BYTES && a < b.length; a++) {
        ByteBuffer slice = bytes.slice(a, b.length - a).order(ByteOrder.LITTLE_ENDIAN);
        views[a] = slice.asFloatBuffer();
        intViews[a] = slice.asIntBuffer();
      }
    }
    if (k > 0) {
      views[o & 3].get(o >>> 2, buffer);
      s = FixedOrderDot.dot(queryDense, buffer);
    }
    if (sparseWeight != 0f && n > 0 && maxQueryId >= 0) {
      int ids = o + 4 * k + Integer.BYTES;
      int weights = ids + 4 * n;
      if (idBuffer.length < n) {
        idBuffer = new int[Math.max(n, 2 * idBuffer.length)];
      }
      int[] docIds = idBuffer;
      intViews[ids & 3].get(ids >>> 2, docIds, 0, n);
      long[] bits = queryBits;
      double sum = 0;
      for (int i = 0; i < n; i++) {
        int id = docIds[i];
        if (id > maxQueryId) {
          break; // increasing ids: no query term is left
        }
        if (id >= 0 && (bits[id >>> 6] & (1L << id)) != 0) {
          int t = Arrays.binarySearch(queryIds, id);
          sum += (double) queryWeights[t] * (float) BitUtil.VH_LE_FLOAT.get(b, weights + 4 * i);
        }
      }
      s += sparseWeight * (float) sum;
    }
    return s;
  }

  /**
   * Checks that {@code bytes} hold a vector of {@code model} and returns the number of entries of
   * its sparse part.
   */
  static int check(BytesRef bytes, RerankModel model, String field, int doc) {
    byte[] b = bytes.bytes;
    int o = bytes.offset;
    int length = bytes.length;
    if (length < RerankVectorField.HEADER_BYTES + Integer.BYTES) {
      throw notAVector(field, doc, length + " bytes is too short");
    }
    int fingerprint = (int) BitUtil.VH_LE_INT.get(b, o);
    int dimension = (int) BitUtil.VH_LE_INT.get(b, o + 4);
    if (dimension < 0 || (long) RerankVectorField.HEADER_BYTES + 4L * dimension + 4 > length) {
      throw notAVector(field, doc, "dimension " + dimension + " does not fit in " + length + " bytes");
    }
    if (dimension != model.dimension()) {
      throw new IllegalArgumentException(
          "field '"
              + field
              + "' of document "
              + doc
              + " holds a "
              + dimension
              + "-dimensional rerank vector but the model has "
              + model.dimension()
              + " dimensions; re-index the field with this model or rerank with the model the"
              + " index was built with");
    }
    if (fingerprint != model.fingerprint()) {
      throw new IllegalArgumentException(
          "field '"
              + field
              + "' of document "
              + doc
              + " was computed with another rerank model (fingerprint "
              + Integer.toHexString(fingerprint)
              + ", this model "
              + Integer.toHexString(model.fingerprint())
              + ") or stored in an older layout; re-index the field with this model or rerank"
              + " with the model the index was built with");
    }
    int nOffset = o + RerankVectorField.HEADER_BYTES + 4 * dimension;
    int n = (int) BitUtil.VH_LE_INT.get(b, nOffset);
    if (n < 0 || (long) nOffset - o + 4 + 8L * n != length) {
      throw notAVector(field, doc, n + " sparse entries do not fill " + length + " bytes");
    }
    return n;
  }

  static IllegalArgumentException notAVector(String field, int doc, String why) {
    return new IllegalArgumentException(
        "field '"
            + field
            + "' of document "
            + doc
            + " does not hold a rerank vector ("
            + why
            + "); index it with RerankVectorField");
  }
}
