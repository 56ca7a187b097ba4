package dev.semhash.rerank.model;

/**
 * A dot product whose floating-point operations run in one fixed order, so that training and
 * scoring are bit-reproducible. Lucene's {@code VectorUtil.dotProduct} sums its SIMD lanes in an order the
 * Vector API leaves unspecified, and the interpreted and compiled forms differ: DSE's pretraining,
 * started twice in one JVM at the same seed, gave different weights the first time (while the JIT
 * warmed up) and the same ones after. Four interleaved partial sums keep most of the speed of a
 * vectorised loop on one core; Java never reassociates them. At query time the same holds: a
 * document scored twice, before and after the JIT compiles the loop, gets the same score, so
 * near-ties never swap between two runs of one query.
 *
 * <pre class="prettyprint">
 * float s = FixedOrderDot.dot(queryVector, documentVector);
 * </pre>
 */
public final class FixedOrderDot {
  private FixedOrderDot() {}

  /** {@code Σ a[aOffset + i] · b[i]} for {@code i < n}. */
  public static float dot(float[] a, int aOffset, float[] b, int n) {
    float s0 = 0;
    float s1 = 0;
    float s2 = 0;
    float s3 = 0;
    int i = 0;
    for (; i + 3 < n; i += 4) {
      s0 += a[aOffset + i] * b[i];
      s1 += a[aOffset + i + 1] * b[i + 1];
      s2 += a[aOffset + i + 2] * b[i + 2];
      s3 += a[aOffset + i + 3] * b[i + 3];
    }
    for (; i < n; i++) {
      s0 += a[aOffset + i] * b[i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /** {@code Σ a[i] · b[i]} over two arrays of one length. */
  public static float dot(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("vector lengths differ: " + a.length + " and " + b.length);
    }
    return dot(a, 0, b, a.length);
  }
}
