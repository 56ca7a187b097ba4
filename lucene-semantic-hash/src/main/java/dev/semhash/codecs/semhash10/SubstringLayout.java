package dev.semhash.codecs.semhash10;

import org.apache.lucene.util.BytesRef;

/**
 * How a code is cut into the substrings of the multi-index hash tables.
 *
 * <p>Norouzi et al. choose substrings of about {@code log2(N)} bits, so that a table has about one
 * entry per possible key and a probe returns O(1) candidates. The target width is {@code t =
 * clamp(round(log2(max(N, 2))), 8, 30)}; the code is cut into {@code m = ceil(bits / t)} runs of
 * consecutive bits whose widths differ by at most one (the first {@code bits mod m} runs are one
 * bit wider). No run is wider than {@code t}, so a table's direct offsets array has at most {@code
 * 2^t + 1 <= max(257, 1.42 N + 1)} entries; the cap of 30 bits (rather than 32) keeps that array
 * within a Java array while it is built, and is only reached by segments of over 2^29.5 codes.
 */
final class SubstringLayout {
  static final int MIN_WIDTH = 8;
  static final int MAX_WIDTH = 30;

  private final int[] starts;
  private final int[] widths;

  private SubstringLayout(int[] starts, int[] widths) {
    this.starts = starts;
    this.widths = widths;
  }

  /** The layout for {@code numValues} codes of {@code bits} bits. */
  static SubstringLayout forCodes(int bits, long numValues) {
    int target = targetWidth(numValues);
    int m = (bits + target - 1) / target;
    int[] starts = new int[m];
    int[] widths = new int[m];
    int start = 0;
    for (int i = 0; i < m; i++) {
      widths[i] = bits / m + (i < bits % m ? 1 : 0);
      starts[i] = start;
      start += widths[i];
    }
    return new SubstringLayout(starts, widths);
  }

  static int targetWidth(long numValues) {
    double log2 = Math.log(Math.max(numValues, 2)) / Math.log(2);
    return (int) Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.round(log2)));
  }

  int substrings() {
    return starts.length;
  }

  int start(int i) {
    return starts[i];
  }

  int width(int i) {
    return widths[i];
  }

  /**
   * Bits {@code [start, start + width)} of a code given as bytes (most significant bit of byte 0
   * first), as an unsigned integer with the first bit highest. {@code width} is 1 to 32, so at most
   * five bytes are involved.
   */
  static long extract(BytesRef code, int start, int width) {
    int first = start >>> 3;
    int last = (start + width - 1) >>> 3;
    long v = 0;
    for (int b = first; b <= last; b++) {
      v = (v << 8) | (code.bytes[code.offset + b] & 0xFFL);
    }
    int rightShift = (last - first + 1) * 8 - (start & 7) - width;
    return (v >>> rightShift) & ((1L << width) - 1);
  }
}
