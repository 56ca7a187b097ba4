package dev.semhash.document;

import dev.semhash.model.HashModel;
import java.util.List;

/**
 * Index-time encoding: turns a document's text into its code field with a {@link HashModel}, the
 * same model (file) that encodes queries at search time. Thread-safe.
 *
 * <pre class="prettyprint">
 * HashModel model = HashModelFormat.read(Path.of("20ng-vdsh-32.hashmodel"));
 * CodeFieldEncoder encoder = new CodeFieldEncoder("code", model, CodeFieldSchema.of(reader));
 * Document doc = new Document();
 * doc.add(new TextField("body", text, Field.Store.YES));
 * doc.add(encoder.field(text));
 * writer.addDocument(doc);
 * </pre>
 *
 * <p>A model that {@linkplain HashModel#readsNeighbourhood() reads neighbourhoods} (NbrReg+Doc)
 * encodes a document with the texts of its nearest documents in the collection: {@link
 * #field(String, List)}.
 */
public final class CodeFieldEncoder {
  private final String field;
  private final HashModel model;
  private final CodeFieldSchema schema;

  /**
   * @param field the code field
   * @param model the hashing model
   * @param schema the index's code lengths; the model's length is declared for {@code field}
   * @throws IllegalArgumentException if the index already holds codes of another length in {@code
   *     field}
   */
  public CodeFieldEncoder(String field, HashModel model, CodeFieldSchema schema) {
    this.field = field;
    this.model = model;
    this.schema = schema;
    schema.declare(field, model.bits());
  }

  /**
   * The code field for {@code text}. A text without a known term gets the model's default code.
   *
   * @throws IllegalStateException if the model reads neighbourhoods ({@link #field(String, List)})
   */
  public BinaryCodeField field(String text) {
    return schema.newField(field, model.encode(text), model.bits());
  }

  /**
   * The code field for {@code text} read with its nearest documents' texts, for a model that
   * reads neighbourhoods ({@link HashModel#encode(String, List)}).
   */
  public BinaryCodeField field(String text, List<String> neighbourTexts) {
    return schema.newField(field, model.encode(text, neighbourTexts), model.bits());
  }

  /** The code of {@code text} as words (see {@code dev.semhash.index.HammingCodes}). */
  public long[] encode(String text) {
    return model.encode(text);
  }

  public String fieldName() {
    return field;
  }

  public HashModel model() {
    return model;
  }
}
