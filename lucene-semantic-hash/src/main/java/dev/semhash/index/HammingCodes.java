package dev.semhash.index;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;

/**
 * The fixed-width binary codes of one field in one segment, addressed by ordinal: ordinals {@code
 * 0..size()-1} number the documents that have a code, in increasing doc id order.
 *
 * <p><b>Bit order.</b> A code of {@code bits} bits is {@code bits / 8} bytes; bit {@code j} is bit
 * {@code 7 - (j % 8)} of byte {@code j / 8} (most significant bit first). As longs, the bytes are
 * packed big-endian and left-aligned: byte {@code i} lands in bits {@code 63 - 8 (i % 8)} down to
 * {@code 56 - 8 (i % 8)} of word {@code i / 8}; unused low bits of the last word are zero. So bit
 * {@code j} of the code is bit {@code 63 - (j % 64)} of word {@code j / 64}, and the Hamming
 * distance of two codes is the sum of {@link Long#bitCount} of the XOR of their words.
 *
 * <p>Instances are not thread-safe: get one per thread and segment, as with doc values.
 */
public abstract class HammingCodes {

  /** Code length in bits, a positive multiple of 8. */
  public abstract int bits();

  /** Number of documents in this segment with a code (deleted ones included). */
  public abstract int size();

  /** The doc id of ordinal {@code ord}. */
  public abstract int docAt(int ord) throws IOException;

  /** The ordinal of {@code doc}, or -1 if the document has no code. */
  public abstract int ordOf(int doc) throws IOException;

  /** Reads the code of ordinal {@code ord} into {@code dest} (length {@link #words()}). */
  public abstract void readCode(int ord, long[] dest) throws IOException;

  /**
   * Hamming distances from {@code query} (length {@link #words()}) to the codes of ordinals {@code
   * fromOrd} (inclusive) to {@code toOrd} (exclusive), written to {@code distances[0..toOrd-fromOrd)}.
   * This is the hot loop of exhaustive search; implementations read codes in bulk.
   */
  public abstract void distances(long[] query, int fromOrd, int toOrd, int[] distances)
      throws IOException;

  /**
   * Receives the codes a {@link #scan} finds, in increasing ordinal order, and narrows the scan as
   * it goes (a top-k selection lowers the bound as its k-th distance shrinks).
   */
  @FunctionalInterface
  public interface CodeVisitor {
    /**
     * Called for ordinal {@code ord}, at Hamming {@code distance} no larger than the current bound.
     *
     * @return the new bound: the largest distance still of interest, so later codes farther than
     *     it are skipped without a call; or a negative value to stop the scan after this code. The
     *     bound can only shrink: a value above the current bound keeps the current one.
     */
    int visit(int ord, int distance) throws IOException;
  }

  /**
   * Calls {@code visitor} for each ordinal in {@code [fromOrd, toOrd)}, in order, whose code is
   * within Hamming distance {@code maxDistance} of {@code query}, the bound then becoming what the
   * visitor returned (see {@link CodeVisitor#visit}). This is exhaustive search fused with its
   * filter: the distances of rejected codes are never stored, and implementations specialise the
   * loop to the code length. The default goes through {@link #distances} in chunks.
   *
   * <pre class="prettyprint">
   * int[] count = new int[1];
   * codes.scan(query, 0, codes.size(), 3, (ord, d) -&gt; { count[0]++; return 3; });
   * </pre>
   *
   * @return the ordinal after the last one scanned: {@code toOrd}, unless the visitor stopped
   *     the scan
   */
  public int scan(long[] query, int fromOrd, int toOrd, int maxDistance, CodeVisitor visitor)
      throws IOException {
    Objects.checkFromToIndex(fromOrd, toOrd, size());
    if (maxDistance < 0) {
      return toOrd;
    }
    int[] chunk = new int[Math.min(SCAN_CHUNK, Math.max(1, toOrd - fromOrd))];
    int bound = maxDistance;
    for (int from = fromOrd; from < toOrd; from += chunk.length) {
      int n = Math.min(chunk.length, toOrd - from);
      distances(query, from, from + n, chunk);
      for (int i = 0; i < n; i++) {
        if (chunk[i] <= bound) {
          bound = Math.min(bound, visitor.visit(from + i, chunk[i]));
          if (bound < 0) {
            return from + i + 1;
          }
        }
      }
    }
    return toOrd;
  }

  private static final int SCAN_CHUNK = 1024;

  /**
   * The multi-index hash tables of this segment (Norouzi et al. 2012), or null if the codes are
   * not indexed that way; radius queries then scan.
   */
  public abstract SubstringIndex substringIndex();

  /** Number of 64-bit words per code. */
  public final int words() {
    return (bits() + 63) >>> 6;
  }

  /**
   * The codes of {@code field} in {@code reader}: the format's own fast view when the field was
   * written with the semhash codes format, otherwise the field's {@code BinaryDocValues} read into
   * memory. Returns null if the segment does not know the field, and codes of {@link #size()} 0 if
   * it knows the field but holds no code in it.
   *
   * @param expectedBits the code length the caller works with; every code must have exactly {@code
   *     expectedBits / 8} bytes
   * @throws IllegalArgumentException if the field is not a binary doc-values field, or its codes
   *     have another length
   */
  public static HammingCodes of(LeafReader reader, String field, int expectedBits)
      throws IOException {
    FieldInfo info = reader.getFieldInfos().fieldInfo(field);
    if (info == null) {
      return null;
    }
    if (info.getDocValuesType() != DocValuesType.BINARY) {
      throw new IllegalArgumentException(
          "field '"
              + field
              + "' has doc values of type "
              + info.getDocValuesType()
              + ", not BINARY; index codes with BinaryCodeField");
    }
    BinaryDocValues values = reader.getBinaryDocValues(field);
    if (values == null) {
      return null;
    }
    if (values instanceof CodeDocValues codeValues) {
      HammingCodes codes = codeValues.hammingCodes();
      if (codes.bits() != expectedBits) {
        throw wrongLength(field, codes.bits(), expectedBits);
      }
      return codes;
    }
    return ArrayHammingCodes.load(values, reader.maxDoc(), field, expectedBits);
  }

  static IllegalArgumentException wrongLength(String field, int actualBits, int expectedBits) {
    return new IllegalArgumentException(
        "field '"
            + field
            + "' holds "
            + actualBits
            + "-bit codes but "
            + expectedBits
            + "-bit codes were given; encode queries with the model the field was indexed with");
  }

  /** Packs a code given as bytes into words, following the bit order of this class. */
  public static long[] toWords(BytesRef code) {
    return toWords(code.bytes, code.offset, code.length);
  }

  /** Packs {@code length} bytes into {@code (8 * length + 63) / 64} words, left-aligned. */
  public static long[] toWords(byte[] bytes, int offset, int length) {
    long[] words = new long[(length + 7) >>> 3];
    for (int i = 0; i < length; i++) {
      words[i >>> 3] |= (bytes[offset + i] & 0xFFL) << (56 - 8 * (i & 7));
    }
    return words;
  }

  /** Unpacks words into {@code bits / 8} bytes, the inverse of {@link #toWords}. */
  public static byte[] toBytes(long[] words, int bits) {
    byte[] bytes = new byte[bits >>> 3];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (words[i >>> 3] >>> (56 - 8 * (i & 7)));
    }
    return bytes;
  }

  /** Hamming distance of two codes of equal word length. */
  public static int distance(long[] a, long[] b) {
    int d = 0;
    for (int i = 0; i < a.length; i++) {
      d += Long.bitCount(a[i] ^ b[i]);
    }
    return d;
  }

  /** Iterates the documents that have a code, in doc id order, as a standard iterator. */
  public DocIdSetIterator iterator() {
    return new DocIdSetIterator() {
      int ord = -1;
      int doc = -1;

      @Override
      public int docID() {
        return doc;
      }

      @Override
      public int nextDoc() throws IOException {
        return doc = (++ord < size() ? docAt(ord) : NO_MORE_DOCS);
      }

      @Override
      public int advance(int target) throws IOException {
        int next;
        while ((next = nextDoc()) < target) {}
        return next;
      }

      @Override
      public long cost() {
        return size();
      }
    };
  }
}
