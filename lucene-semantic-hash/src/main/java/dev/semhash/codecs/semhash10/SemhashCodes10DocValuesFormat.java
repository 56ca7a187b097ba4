package dev.semhash.codecs.semhash10;

import java.io.IOException;
import org.apache.lucene.codecs.DocValuesConsumer;
import org.apache.lucene.codecs.DocValuesFormat;
import org.apache.lucene.codecs.DocValuesProducer;
import org.apache.lucene.codecs.lucene90.Lucene90DocValuesFormat;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;

/**
 * Doc-values format for fixed-width binary codes (semantic hashes), with multi-index hash tables.
 * SPI name {@value #NAME}.
 *
 * <p>Usage, through a codec that routes chosen fields here:
 *
 * <pre class="prettyprint">
 * IndexWriterConfig iwc = new IndexWriterConfig().setCodec(new SemhashCodec("code"));
 * doc.add(new BinaryCodeField("code", codeBytes, 64));
 * // per segment: HammingCodes codes = HammingCodes.of(leafReader, "code", 64);
 * </pre>
 *
 * <p><b>Which fields take the code path.</b> A {@code BINARY} field whose values in the segment all
 * have the same length of 1 to {@value #MAX_CODE_BYTES} bytes is stored as codes. Every other field
 * (other doc-values types, binary values of differing lengths, empty or longer values) is written
 * by {@link Lucene90DocValuesFormat} into its own files with the same segment suffix; the metadata
 * records for each field which path it took. A field declared as a code field by {@code
 * BinaryCodeField} (field attribute {@value #CODE_BITS_ATTRIBUTE}) must take the code path with the
 * declared length: if it does not, writing the segment fails with an {@link
 * IllegalArgumentException}, the last line of defence behind the checks done when documents are
 * built (see {@code dev.semhash.document.CodeFieldSchema}).
 *
 * <p><b>Files.</b> All integers are written with {@link org.apache.lucene.store.DataOutput}
 * (little-endian fixed width, or VInt/VLong). Each file starts with {@link
 * org.apache.lucene.codecs.CodecUtil#writeIndexHeader index header} (codec name, version {@value
 * #VERSION_CURRENT}, segment id, segment suffix) and ends with a checksummed {@link
 * org.apache.lucene.codecs.CodecUtil#writeFooter footer}.
 *
 * <ul>
 *   <li><b>{@code .shm}</b> metadata (codec {@value #META_CODEC}): a sequence of field entries
 *       ended by field number {@code -1}:
 *       <ul>
 *         <li>{@code FieldNumber: int}, {@code Path: byte} ({@value #PATH_CODES} codes, {@value
 *             #PATH_DELEGATE} delegated to Lucene90, {@value #PATH_EMPTY} no document has a value)
 *         <li>for the code path: {@code Bits: vint} (a multiple of 8), {@code NumValues: int},
 *             {@code CodesOffset: long} and {@code CodesLength: long} (= NumValues &times; Bits/8)
 *             in {@code .shd}, {@code Docs: byte} ({@value #DOCS_DENSE} when every document has a
 *             code, so ordinal = doc id; {@value #DOCS_SPARSE} otherwise, followed by {@code
 *             DocsOffset: long}, {@code BlockShift: vint}, the {@link
 *             org.apache.lucene.util.packed.DirectMonotonicWriter} block metadata of the doc ids,
 *             and {@code DocsLength: long}); then the tables: {@code Substrings: vint} m, and per
 *             substring {@code Start: vint}, {@code Width: vint}, {@code OrdsOffset: long}, {@code
 *             OrdsBitsPerValue: byte}, {@code OrdsLength: long}, {@code OffsetsOffset: long},
 *             {@code BlockShift: vint}, the DirectMonotonic block metadata of the offsets, {@code
 *             OffsetsLength: long}
 *       </ul>
 *   <li><b>{@code .shd}</b> code data (codec {@value #DATA_CODEC}), per code field: the codes,
 *       NumValues &times; Bits/8 bytes, code of ordinal {@code i} at {@code CodesOffset + i &times;
 *       Bits/8}, each code as its bytes in the bit order of {@link dev.semhash.index.HammingCodes}
 *       (byte 0 first, most significant bit first); so each full 64-bit word of a code is stored
 *       <em>big-endian</em>, and readers that load it with Lucene's little-endian {@code readLong}
 *       get the byte-reversed word, which has the same XOR popcount against a byte-reversed query.
 *       No padding between codes: Bits/8 bytes per document. Then for sparse fields the doc id of
 *       each ordinal, increasing, as DirectMonotonic data.
 *   <li><b>{@code .shx}</b> multi-index hash tables (codec {@value #INDEX_CODEC}), per code field
 *       and substring i of width w (layout rule in {@link SubstringLayout}): the ordinals sorted by
 *       substring value, then by ordinal, as {@link org.apache.lucene.util.packed.DirectWriter}
 *       packed ints of OrdsBitsPerValue bits; then {@code 2^w + 1} offsets as DirectMonotonic data:
 *       the ordinals whose substring equals {@code v} are at positions {@code [offset(v),
 *       offset(v+1))} of the sorted ordinals.
 *   <li>{@code .dvm}, {@code .dvd}: the {@link Lucene90DocValuesFormat} files of the delegated
 *       fields, only present when a field was delegated.
 * </ul>
 *
 * <p><b>Size.</b> The code data is exactly Bits/8 bytes per document with a value, plus headers;
 * sparse fields add their monotonic doc ids (a few bits per document). The tables take about
 * {@code m × ceil(log2 N)} bits per document for the ordinals (about Bits/8 bytes) plus a
 * compressed offsets array.
 *
 * @lucene.experimental
 */
public final class SemhashCodes10DocValuesFormat extends DocValuesFormat {
  /** SPI name of this format. */
  public static final String NAME = "SemhashCodes10";

  /**
   * Field attribute, set by {@code BinaryCodeField}, holding the declared code length in bits.
   * Declared fields must have all their values of that length.
   */
  public static final String CODE_BITS_ATTRIBUTE = "semhash.codeBits";

  /** Longest value, in bytes, stored on the code path (1024-bit codes). */
  public static final int MAX_CODE_BYTES = 128;

  static final String META_CODEC = "SemhashCodes10Meta";
  static final String DATA_CODEC = "SemhashCodes10Data";
  static final String INDEX_CODEC = "SemhashCodes10Index";
  static final String META_EXTENSION = "shm";
  static final String DATA_EXTENSION = "shd";
  static final String INDEX_EXTENSION = "shx";
  static final int VERSION_START = 0;
  static final int VERSION_CURRENT = VERSION_START;

  static final byte PATH_CODES = 0;
  static final byte PATH_DELEGATE = 1;
  static final byte PATH_EMPTY = 2;
  static final byte DOCS_DENSE = 0;
  static final byte DOCS_SPARSE = 1;
  // small blocks: doc ids and bucket offsets deviate from a straight line like a random walk, so
  // the packed deviations stay narrow only over short blocks
  static final int DOCS_BLOCK_SHIFT = 12;
  static final int OFFSETS_BLOCK_SHIFT = 10;

  /** Creates the format; the SPI uses this constructor. */
  public SemhashCodes10DocValuesFormat() {
    super(NAME);
  }

  @Override
  public DocValuesConsumer fieldsConsumer(SegmentWriteState state) throws IOException {
    return new SemhashCodes10DocValuesConsumer(state, new Lucene90DocValuesFormat());
  }

  @Override
  public DocValuesProducer fieldsProducer(SegmentReadState state) throws IOException {
    return new SemhashCodes10DocValuesProducer(state, new Lucene90DocValuesFormat());
  }
}
