package dev.semhash.rerank.document;

import dev.semhash.rerank.model.RerankModel;
import java.io.IOException;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReader;

/**
 * The rerank vectors of one segment, read in increasing document order.
 *
 * <pre class="prettyprint">
 * RerankVectors vectors = RerankVectors.of(leafReader, "rerank", model);
 * RerankModel.DocumentVector v = vectors.vector(doc); // null if doc has none
 * </pre>
 */
public final class RerankVectors {
  private final BinaryDocValues values;
  private final RerankModel model;
  private final String field;

  private RerankVectors(BinaryDocValues values, RerankModel model, String field) {
    this.values = values;
    this.model = model;
    this.field = field;
  }

  /**
   * The vectors of {@code field} in a segment.
   *
   * @throws IllegalArgumentException if the field exists but is not a binary doc-values field
   */
  public static RerankVectors of(LeafReader reader, String field, RerankModel model) throws IOException {
    FieldInfo info = reader.getFieldInfos().fieldInfo(field);
    if (info != null && info.getDocValuesType() != DocValuesType.BINARY) {
      throw new IllegalArgumentException(
          "field '" + field + "' has doc values of type " + info.getDocValuesType()
              + ", not the BINARY doc values of a RerankVectorField; index it with RerankVectorField.create");
    }
    return new RerankVectors(info == null ? null : reader.getBinaryDocValues(field), model, field);
  }

  /**
   * The vector of {@code doc}, or null if it has none. Documents must be asked in increasing
   * order.
   */
  public RerankModel.DocumentVector vector(int doc) throws IOException {
    if (values == null || values.advanceExact(doc) == false) {
      return null;
    }
    return RerankVectorField.decode(values.binaryValue(), model, field, doc);
  }
}
