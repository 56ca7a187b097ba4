package dev.semhash.document;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;

/**
 * The code length of each code field of one index, checked when documents are built, so that a
 * code of the wrong length is rejected before the document reaches the {@code IndexWriter}.
 * Thread-safe; share one instance among the threads that index into the same index.
 *
 * <pre class="prettyprint">
 * CodeFieldSchema schema = CodeFieldSchema.of(DirectoryReader.open(dir)); // or new CodeFieldSchema()
 * doc.add(schema.newField("code", codeBytes));  // throws if "code" holds codes of another length
 * writer.addDocument(doc);
 * </pre>
 *
 * <p>This exists because the {@code IndexWriter} cannot enforce it itself (see {@link
 * BinaryCodeField}); fields built directly with {@code new BinaryCodeField(...)} bypass it.
 */
public final class CodeFieldSchema {
  private final Map<String, Integer> bitsByField = new ConcurrentHashMap<>();

  /** An empty schema, for a new index. */
  public CodeFieldSchema() {}

  /**
   * The schema of an existing index: the code length declared by {@link BinaryCodeField} for every
   * field of every segment.
   *
   * @throws IllegalArgumentException if segments already disagree on a field's code length
   */
  public static CodeFieldSchema of(IndexReader reader) {
    CodeFieldSchema schema = new CodeFieldSchema();
    for (LeafReaderContext leaf : reader.leaves()) {
      for (FieldInfo info : leaf.reader().getFieldInfos()) {
        int bits = BinaryCodeField.declaredBits(info);
        if (bits != 0) {
          schema.declare(info.name, bits);
        }
      }
    }
    return schema;
  }

  /**
   * Declares that {@code field} holds {@code bits}-bit codes.
   *
   * @throws IllegalArgumentException if the field was declared with another length, or {@code
   *     bits} is not a valid code length
   */
  public void declare(String field, int bits) {
    BinaryCodeField.checkBits(bits);
    Integer previous = bitsByField.putIfAbsent(field, bits);
    if (previous != null && previous != bits) {
      throw new IllegalArgumentException(
          "field '"
              + field
              + "' holds "
              + previous
              + "-bit codes in this index; cannot add a "
              + bits
              + "-bit code. All documents of a code field must use one code length: encode with"
              + " the model the field was indexed with, or use another field name");
    }
  }

  /** The declared code length of {@code field} in bits, or 0 if it has none. */
  public int bits(String field) {
    return bitsByField.getOrDefault(field, 0);
  }

  /** A field for a code given as {@code code.length} bytes, checked against the schema. */
  public BinaryCodeField newField(String field, byte[] code) {
    if (code == null) {
      throw new IllegalArgumentException("code must not be null");
    }
    declare(field, code.length * 8);
    return new BinaryCodeField(field, code, code.length * 8);
  }

  /** A field for a code given as words (see {@link BinaryCodeField}), checked against the schema. */
  public BinaryCodeField newField(String field, long[] words, int bits) {
    BinaryCodeField result = new BinaryCodeField(field, words, bits);
    declare(field, bits);
    return result;
  }
}
