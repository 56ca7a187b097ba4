package dev.semhash.index;

import java.io.IOException;
import java.util.function.IntConsumer;

/**
 * Multi-index hashing tables (Norouzi, Punjani, Fleet, CVPR 2012): the code is cut into {@link
 * #substrings()} disjoint runs of consecutive bits, and for each run a table finds the ordinals
 * whose run equals a given value. Any code within Hamming distance {@code r} of a query agrees with
 * it within {@code floor(r / m)} bits on at least one of the {@code m} runs, so probing every value
 * within that distance in every table finds a superset of the answer, which is then verified.
 */
public interface SubstringIndex {
  /** Number of substrings m. */
  int substrings();

  /** First bit (in the code's bit order, see {@link HammingCodes}) of substring {@code i}. */
  int substringStart(int i);

  /** Width in bits of substring {@code i} (at most 64). */
  int substringBits(int i);

  /**
   * Passes to {@code ords} every ordinal whose substring {@code i}, read as an unsigned integer
   * with its first bit most significant, equals {@code value}.
   */
  void lookup(int i, long value, IntConsumer ords) throws IOException;

  /** Substring {@code i} of a code given as words, as an unsigned integer, first bit highest. */
  default long extract(long[] code, int i) {
    return extractBits(code, substringStart(i), substringBits(i));
  }

  /** Bits {@code [start, start + width)} of a code given as words (width 1 to 64). */
  static long extractBits(long[] code, int start, int width) {
    int word = start >>> 6;
    int shift = start & 63;
    long hi = code[word] << shift;
    if (shift + width > 64) {
      hi |= code[word + 1] >>> (64 - shift);
    }
    return width == 64 ? hi : hi >>> (64 - width);
  }
}
