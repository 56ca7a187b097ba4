package dev.semhash.document;

import dev.semhash.codecs.semhash10.SemhashCodes10DocValuesFormat;
import dev.semhash.index.HammingCodes;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.util.BytesRef;

/**
 * A fixed-width binary code (semantic hash) of a document, indexed as binary doc values and
 * declared as a code field of {@link #bits()} bits through the field attribute {@value
 * SemhashCodes10DocValuesFormat#CODE_BITS_ATTRIBUTE}.
 *
 * <pre class="prettyprint">
 * doc.add(new BinaryCodeField("code", codeBytes, 64));       // 8 bytes, MSB of byte 0 = bit 0
 * doc.add(new BinaryCodeField("code", new long[] {word}, 64)); // words as in HammingCodes
 * </pre>
 *
 * <p>The constructor checks that the code has the declared length. <b>One length per field:</b>
 * Lucene 10.3 keeps field attributes without comparing them between documents, and the schema
 * properties it does compare at {@code addDocument} (point and vector dimensions) would cost index
 * space, so the {@code IndexWriter} alone cannot reject a document whose code length differs from
 * the field's. Build fields through a {@link CodeFieldSchema} to get that error before the document
 * reaches the writer. As a last line of defence the {@code SemhashCodes10} format refuses, when it
 * writes a segment, a declared field whose codes have another length; that error surfaces at flush
 * or merge time, and at flush it is a tragic event that closes the {@code IndexWriter} (every
 * uncommitted change is lost), so do not rely on it.
 */
public final class BinaryCodeField extends Field {
  /** Shortest code length in bits. */
  public static final int MIN_BITS = 8;

  /** Longest code length in bits. */
  public static final int MAX_BITS = SemhashCodes10DocValuesFormat.MAX_CODE_BYTES * 8;

  private static final FieldType[] TYPES = new FieldType[MAX_BITS / 8 + 1];

  private final int bits;

  /** A code of {@code 8 * code.length} bits. The array is used, not copied. */
  public BinaryCodeField(String name, byte[] code) {
    this(name, code, checkNotNull(code).length * 8);
  }

  /**
   * A code of {@code bits} bits given as {@code bits / 8} bytes, bit 0 being the most significant
   * bit of byte 0. The array is used, not copied.
   *
   * @throws IllegalArgumentException if {@code bits} is not a multiple of 8 in [{@value
   *     #MIN_BITS}, {@value #MAX_BITS}] or the code does not have {@code bits / 8} bytes
   */
  public BinaryCodeField(String name, byte[] code, int bits) {
    super(name, new BytesRef(checkLength(name, checkNotNull(code), bits)), fieldType(bits));
    this.bits = bits;
  }

  /**
   * A code of {@code bits} bits given as {@code ceil(bits / 64)} words in the bit order of {@link
   * HammingCodes} (left-aligned; unused low bits of the last word must be zero).
   */
  public BinaryCodeField(String name, long[] words, int bits) {
    this(name, toBytes(name, words, bits), bits);
  }

  /** The code length of this field in bits. */
  public int bits() {
    return bits;
  }

  /**
   * The frozen field type of {@code bits}-bit codes: binary doc values, with the code length
   * recorded in the {@value SemhashCodes10DocValuesFormat#CODE_BITS_ATTRIBUTE} attribute.
   */
  public static FieldType fieldType(int bits) {
    checkBits(bits);
    synchronized (TYPES) {
      FieldType type = TYPES[bits / 8];
      if (type == null) {
        type = new FieldType();
        type.setDocValuesType(DocValuesType.BINARY);
        type.putAttribute(SemhashCodes10DocValuesFormat.CODE_BITS_ATTRIBUTE, Integer.toString(bits));
        type.freeze();
        TYPES[bits / 8] = type;
      }
      return type;
    }
  }

  /**
   * The code length declared for a field by {@code BinaryCodeField}, or 0 if the field was not
   * indexed with this class.
   */
  public static int declaredBits(FieldInfo info) {
    String value = info.getAttribute(SemhashCodes10DocValuesFormat.CODE_BITS_ATTRIBUTE);
    return value == null ? 0 : Integer.parseInt(value);
  }

  /** Checks that {@code bits} is a valid code length. */
  public static void checkBits(int bits) {
    if (bits < MIN_BITS || bits > MAX_BITS || bits % 8 != 0) {
      throw new IllegalArgumentException(
          "code length must be a multiple of 8 between "
              + MIN_BITS
              + " and "
              + MAX_BITS
              + " bits, got "
              + bits);
    }
  }

  private static byte[] checkNotNull(byte[] code) {
    if (code == null) {
      throw new IllegalArgumentException("code must not be null");
    }
    return code;
  }

  private static byte[] checkLength(String name, byte[] code, int bits) {
    checkBits(bits);
    if (code.length * 8 != bits) {
      throw new IllegalArgumentException(
          "field '"
              + name
              + "': a "
              + bits
              + "-bit code needs "
              + bits / 8
              + " bytes, got "
              + code.length);
    }
    return code;
  }

  private static byte[] toBytes(String name, long[] words, int bits) {
    checkBits(bits);
    if (words == null) {
      throw new IllegalArgumentException("code must not be null");
    }
    int needed = (bits + 63) >>> 6;
    if (words.length != needed) {
      throw new IllegalArgumentException(
          "field '" + name + "': a " + bits + "-bit code needs " + needed + " words, got "
              + words.length);
    }
    int used = bits & 63;
    if (used != 0 && (words[needed - 1] & (-1L >>> used)) != 0) {
      throw new IllegalArgumentException(
          "field '"
              + name
              + "': the last word of a "
              + bits
              + "-bit code must have its low "
              + (64 - used)
              + " bits zero (codes are left-aligned, see HammingCodes)");
    }
    return HammingCodes.toBytes(words, bits);
  }
}
