package dev.semhash.codecs;

import dev.semhash.codecs.semhash10.SemhashCodes10DocValuesFormat;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.lucene.codecs.DocValuesFormat;
import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.lucene103.Lucene103Codec;
import org.apache.lucene.codecs.perfield.PerFieldDocValuesFormat;

/**
 * Lucene's 10.3 codec ({@link Lucene103Codec}) with chosen doc-values fields written by {@link
 * SemhashCodes10DocValuesFormat}. SPI name {@value #NAME}.
 *
 * <pre class="prettyprint">
 * IndexWriterConfig iwc = new IndexWriterConfig(analyzer).setCodec(new SemhashCodec("code"));
 * </pre>
 *
 * <p>The per-field format of every doc-values field is recorded in the index by name, so segments
 * written with this codec can be read by any process that has this jar on its classpath; the
 * no-argument constructor (used by the SPI when opening such segments) routes every doc-values
 * field to the codes format, which itself hands non-code fields to {@code Lucene90}.
 */
public final class SemhashCodec extends FilterCodec {
  /** SPI name of this codec. */
  public static final String NAME = "Semhash103";

  private final DocValuesFormat codesFormat = new SemhashCodes10DocValuesFormat();
  private final DocValuesFormat defaultFormat = DocValuesFormat.forName("Lucene90");
  private final DocValuesFormat docValuesFormat;

  /** Routes every doc-values field to the codes format; the SPI uses this constructor. */
  public SemhashCodec() {
    this(field -> true);
  }

  /** Routes the named fields to the codes format, all others to Lucene's default. */
  public SemhashCodec(String... codeFields) {
    this(Set.copyOf(Arrays.asList(codeFields))::contains);
  }

  /** Routes fields accepted by {@code codeFields} to the codes format. */
  public SemhashCodec(Predicate<String> codeFields) {
    super(NAME, new Lucene103Codec());
    this.docValuesFormat =
        new PerFieldDocValuesFormat() {
          @Override
          public DocValuesFormat getDocValuesFormatForField(String field) {
            return codeFields.test(field) ? codesFormat : defaultFormat;
          }
        };
  }

  @Override
  public DocValuesFormat docValuesFormat() {
    return docValuesFormat;
  }
}
