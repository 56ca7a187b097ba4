package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.util.Arrays;

/**
 * A validated query code: words in the bit order of {@link HammingCodes}, and its length in bits.
 * Immutable; the words are copied in and never handed out.
 */
final class QueryCode {
  private final long[] words;
  private final int bits;

  private QueryCode(long[] words, int bits) {
    this.words = words;
    this.bits = bits;
  }

  static QueryCode ofBytes(byte[] code) {
    if (code == null) {
      throw new IllegalArgumentException("code is null; pass the query's code as bytes (bits / 8 bytes)");
    }
    if (code.length == 0) {
      throw new IllegalArgumentException(
          "code is empty; a code must have at least one byte (8 bits)");
    }
    return new QueryCode(HammingCodes.toWords(code, 0, code.length), code.length * 8);
  }

  static QueryCode ofWords(long[] words, int bits) {
    if (words == null) {
      throw new IllegalArgumentException(
          "code words are null; pass the code packed with HammingCodes.toWords");
    }
    if (bits <= 0 || bits % 8 != 0) {
      throw new IllegalArgumentException(
          "code length "
              + bits
              + " bits is not a positive multiple of 8; codes are whole bytes, pass bits = 8 * bytes");
    }
    int expectedWords = (bits + 63) >>> 6;
    if (words.length != expectedWords) {
      throw new IllegalArgumentException(
          "a "
              + bits
              + "-bit code takes "
              + expectedWords
              + " words but "
              + words.length
              + " were given; pack the code with HammingCodes.toWords");
    }
    int unused = expectedWords * 64 - bits;
    if (unused > 0 && (words[expectedWords - 1] & ((1L << unused) - 1)) != 0) {
      throw new IllegalArgumentException(
          "the "
              + unused
              + " low bits of the last word lie past the "
              + bits
              + "-bit code and must be zero; pack the code with HammingCodes.toWords");
    }
    return new QueryCode(words.clone(), bits);
  }

  int bits() {
    return bits;
  }

  /** The words themselves: callers must not modify them. */
  long[] words() {
    return words;
  }

  String toHex() {
    byte[] bytes = HammingCodes.toBytes(words, bits);
    StringBuilder sb = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      sb.append(Character.forDigit((b >>> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    return sb.toString();
  }

  static String requireField(String field) {
    if (field == null) {
      throw new IllegalArgumentException("field is null; name the field that holds the codes");
    }
    return field;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof QueryCode other && bits == other.bits && Arrays.equals(words, other.words);
  }

  @Override
  public int hashCode() {
    return 31 * bits + Arrays.hashCode(words);
  }
}
