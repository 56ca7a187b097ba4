package dev.semhash.rerank.document;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.TermVector;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
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
 * <p><b>Value layout</b> (little-endian, VInt as Lucene's): Int model {@linkplain
 * RerankModel#fingerprint() fingerprint}; VInt dimension k; k Floats, the projected vector; VInt
 * n; n times (VInt term id minus the previous id, Float weight), the unit TF-IDF vector when the
 * model's term-overlap weight is not 0, else n = 0.
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

  /** The stored bytes of a document vector. */
  public static BytesRef encode(RerankModel model, RerankModel.DocumentVector vector) {
    try {
      ByteBuffersDataOutput out = new ByteBuffersDataOutput();
      out.writeInt(model.fingerprint());
      float[] p = vector.projected();
      out.writeVInt(p.length);
      for (float v : p) {
        out.writeInt(Float.floatToIntBits(v));
      }
      TermVector terms = vector.terms();
      out.writeVInt(terms.size());
      int previous = 0;
      for (int i = 0; i < terms.size(); i++) {
        out.writeVInt(terms.ids()[i] - previous);
        previous = terms.ids()[i];
        out.writeInt(Float.floatToIntBits(terms.weights()[i]));
      }
      return new BytesRef(out.toArrayCopy());
    } catch (IOException e) {
      throw new UncheckedIOException("in-memory output failed", e);
    }
  }

  /**
   * Decodes stored bytes, checking they were written by {@code model}.
   *
   * @throws IllegalArgumentException if the dimension or the model fingerprint differs, or the
   *     bytes are not a vector; the message names the field and document
   */
  public static RerankModel.DocumentVector decode(BytesRef bytes, RerankModel model, String field, int doc) {
    ByteArrayDataInput in = new ByteArrayDataInput(bytes.bytes, bytes.offset, bytes.length);
    try {
      int fingerprint = in.readInt();
      int dimension = in.readVInt();
      if (dimension != model.dimension()) {
        throw new IllegalArgumentException(
            "field '" + field + "' of document " + doc + " holds a " + dimension + "-dimensional rerank vector but the model has "
                + model.dimension() + " dimensions; re-index the field with this model or rerank with the model the index was built with");
      }
      if (fingerprint != model.fingerprint()) {
        throw new IllegalArgumentException(
            "field '" + field + "' of document " + doc + " was computed with another rerank model (fingerprint "
                + Integer.toHexString(fingerprint) + ", this model " + Integer.toHexString(model.fingerprint())
                + "); re-index the field with this model or rerank with the model the index was built with");
      }
      float[] projected = new float[dimension];
      in.readFloats(projected, 0, dimension);
      int n = in.readVInt();
      int[] ids = new int[n];
      float[] weights = new float[n];
      int id = 0;
      for (int i = 0; i < n; i++) {
        id += in.readVInt();
        ids[i] = id;
        weights[i] = Float.intBitsToFloat(in.readInt());
      }
      if (in.eof() == false) {
        throw new IllegalArgumentException("trailing bytes");
      }
      return new RerankModel.DocumentVector(projected, n == 0 ? TermVector.EMPTY : new TermVector(ids, weights));
    } catch (IOException | RuntimeException e) {
      if (e instanceof IllegalArgumentException && e.getMessage() != null && e.getMessage().startsWith("field '")) {
        throw (IllegalArgumentException) e;
      }
      throw new IllegalArgumentException(
          "field '" + field + "' of document " + doc + " does not hold a rerank vector (" + e.getMessage()
              + "); index it with RerankVectorField", e);
    }
  }
}
