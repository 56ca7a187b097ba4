package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntConsumer;
import org.apache.lucene.util.ArrayUtil;

/**
 * Radius search by multi-index hashing (Norouzi, Punjani and Fleet, CVPR 2012) over any {@link
 * SubstringIndex}. With {@code m} substrings, a code within distance {@code r} of the query differs
 * from it in at most {@code rho = floor(r / m)} bits on at least one substring (otherwise each of
 * the m substrings would differ in {@code rho + 1} bits or more, {@code m (rho + 1) > r} in all).
 * So looking up, in every table, every substring value within {@code rho} flips of the query's
 * finds every answer; the candidates are then deduplicated and verified against the full code.
 * This holds for substrings of any widths, even if they do not cover every bit.
 */
final class MultiIndexProber {
  /** Cost of one table lookup, in units of comparing one 64-bit word while scanning. */
  static final double PROBE_COST = 16;

  /** Cost of verifying one candidate beyond its words: dedupe, random access, bookkeeping. */
  static final double CANDIDATE_COST = 8;

  private MultiIndexProber() {}

  /** The ordinals within the radius, increasing, with their distances: {@code [0, count)}. */
  static final class Hits {
    final int[] ords;
    final int[] distances;
    final int count;

    Hits(int[] ords, int[] distances, int count) {
      this.ords = ords;
      this.distances = distances;
      this.count = count;
    }
  }

  /** Receives substring values to look up. */
  @FunctionalInterface
  interface ValueSink {
    void accept(long value) throws IOException;
  }

  /** The number of flips probed per substring: {@code floor(radius / m)}. */
  static int flipsPerSubstring(SubstringIndex index, int radius) {
    return radius / index.substrings();
  }

  /** Table lookups a search makes: {@code sum_i sum_{j <= rho} C(s_i, j)} (a double: it can be huge). */
  static double probeCount(SubstringIndex index, int radius) {
    int rho = flipsPerSubstring(index, radius);
    double probes = 0;
    for (int i = 0; i < index.substrings(); i++) {
      probes += binomialSum(index.substringBits(i), rho);
    }
    return probes;
  }

  /**
   * Candidates a search is expected to find among {@code size} codes if substring values were
   * uniform: every probe of a {@code s}-bit table finds {@code size / 2^s} ordinals. Real codes are
   * skewed, so this is a rough guide for choosing between probing and scanning, not a bound.
   */
  static double expectedCandidates(SubstringIndex index, int radius, int size) {
    int rho = flipsPerSubstring(index, radius);
    double candidates = 0;
    for (int i = 0; i < index.substrings(); i++) {
      int s = index.substringBits(i);
      candidates += binomialSum(s, rho) * Math.scalb((double) size, -s);
    }
    return Math.min(candidates, (double) size * index.substrings());
  }

  /**
   * Whether probing is expected to cost less than scanning {@code size} codes of {@code words}
   * words each, counting a lookup as {@link #PROBE_COST} word comparisons and a candidate as its
   * words plus {@link #CANDIDATE_COST}.
   */
  static boolean cheaperThanScan(SubstringIndex index, int radius, int size, int words) {
    double probe =
        probeCount(index, radius) * PROBE_COST
            + expectedCandidates(index, radius, size) * (words + CANDIDATE_COST);
    return probe < (double) size * words;
  }

  /** {@code sum_{j=0..maxFlips} C(width, j)}. */
  static double binomialSum(int width, int maxFlips) {
    double sum = 0;
    double c = 1; // C(width, j)
    for (int j = 0; j <= Math.min(maxFlips, width); j++) {
      sum += c;
      c = c * (width - j) / (j + 1);
    }
    return sum;
  }

  /**
   * Passes every {@code width}-bit value within {@code maxFlips} bit flips of {@code value} to
   * {@code values}, each exactly once: {@code value} itself first, then by increasing first flipped
   * bit.
   */
  static void forEachValueWithin(long value, int width, int maxFlips, ValueSink values)
      throws IOException {
    values.accept(value);
    if (maxFlips > 0) {
      flipFrom(value, 0, width, maxFlips, values);
    }
  }

  // Flips one more bit at position >= firstBit, so every set of flipped positions is visited once.
  private static void flipFrom(long value, int firstBit, int width, int flipsLeft, ValueSink out)
      throws IOException {
    for (int bit = firstBit; bit < width; bit++) {
      long flipped = value ^ (1L << bit);
      out.accept(flipped);
      if (flipsLeft > 1) {
        flipFrom(flipped, bit + 1, width, flipsLeft - 1, out);
      }
    }
  }

  /**
   * Every ordinal of {@code codes} within {@code radius} of {@code query}, found through {@code
   * index} (which must index those same codes). Deleted documents are included, as with any
   * scorer; live docs are applied by the caller.
   */
  static Hits search(HammingCodes codes, SubstringIndex index, long[] query, int radius)
      throws IOException {
    int rho = flipsPerSubstring(index, radius);
    OrdBuffer candidates = new OrdBuffer();
    for (int i = 0; i < index.substrings(); i++) {
      final int table = i;
      long value = index.extract(query, table);
      forEachValueWithin(value, index.substringBits(table), rho, v -> index.lookup(table, v, candidates));
    }
    int n = candidates.dedupe();
    return verify(codes, query, radius, candidates.ords, n);
  }

  /** Keeps the candidates (increasing, distinct) within the radius, with their distances. */
  private static Hits verify(HammingCodes codes, long[] query, int radius, int[] ords, int n)
      throws IOException {
    int[] distances = new int[n];
    int[] scratch = new int[Math.max(1, Math.min(n, ScanIterator.CHUNK))];
    int kept = 0;
    // Candidates are sorted: compare each run of consecutive ordinals with one bulk call, and
    // compact the survivors in place (kept never passes the run being read).
    for (int start = 0; start < n; ) {
      int first = ords[start];
      int end = start + 1;
      while (end < n && ords[end] == first + (end - start) && end - start < scratch.length) {
        end++;
      }
      codes.distances(query, first, first + (end - start), scratch);
      for (int i = 0; i < end - start; i++) {
        if (scratch[i] <= radius) {
          ords[kept] = first + i;
          distances[kept++] = scratch[i];
        }
      }
      start = end;
    }
    return new Hits(ords, distances, kept);
  }

  /** Collects ordinals from table lookups. */
  private static final class OrdBuffer implements IntConsumer {
    int[] ords = new int[64];
    int size;

    @Override
    public void accept(int ord) {
      if (size == ords.length) {
        ords = ArrayUtil.grow(ords, size + 1);
      }
      ords[size++] = ord;
    }

    /** Sorts and removes duplicates; returns the number of distinct ordinals. */
    int dedupe() {
      Arrays.sort(ords, 0, size);
      int n = 0;
      for (int i = 0; i < size; i++) {
        if (n == 0 || ords[i] != ords[n - 1]) {
          ords[n++] = ords[i];
        }
      }
      return size = n;
    }
  }
}
