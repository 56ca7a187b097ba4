package dev.semhash.search;

/**
 * The score of a document at Hamming distance {@code d} from a {@code bits}-bit query code: {@code
 * (bits - d) / bits}, the fraction of bits on which the two codes agree. It is 1 for an identical
 * code, 0 for the complement, strictly decreasing in {@code d}, and the same for {@link
 * HammingRadiusQuery} and {@link HammingTopKQuery}, so hits of the two can be compared and mixed.
 * Query boosts multiply it.
 *
 * <pre class="prettyprint">
 * float s = HammingScore.of(2, 64); // 62 / 64 = 0.96875
 * </pre>
 */
public final class HammingScore {
  private HammingScore() {}

  /** {@code (bits - distance) / bits}, computed in float as every query of this package does. */
  public static float of(int distance, int bits) {
    return (float) (bits - distance) / bits;
  }
}
