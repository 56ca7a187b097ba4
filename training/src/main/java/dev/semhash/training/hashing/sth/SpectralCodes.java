package dev.semhash.training.hashing.sth;

import dev.semhash.training.progress.ProgressReporter;
import java.util.Arrays;

/**
 * STH's first step: the training documents' target bits from the document graph alone. Bit {@code
 * j} comes from the {@code j}-th smallest non-trivial eigenvector {@code y_j} of the generalised
 * problem {@code L y = lambda D y} (Laplacian eigenmap; {@code y = D^-1/2 v} for the {@code j}-th
 * largest non-trivial eigenvector {@code v} of {@code D^-1/2 W D^-1/2}), thresholded at its median
 * over the documents that have edges, so each bit splits them in half: bit = 1 when {@code y_j[i] >
 * median}. Isolated documents have no target ({@link #hasTarget}).
 *
 * <pre class="prettyprint">
 * NormalizedAdjacency s = NormalizedAdjacency.of(graph, EdgeWeighting.COSINE);
 * SpectralCodes codes = SpectralCodes.compute(s, 32, 1e-5, 42L, progress);
 * boolean bit3OfDoc7 = codes.bit(3, 7);
 * </pre>
 */
public final class SpectralCodes {
  private final boolean[][] bits; // [bit][document]
  private final boolean[] hasTarget;
  private final double[] eigenvalues;
  private final EigenPairs pairs;

  private SpectralCodes(
      boolean[][] bits, boolean[] hasTarget, double[] eigenvalues, EigenPairs pairs) {
    this.bits = bits;
    this.hasTarget = hasTarget;
    this.eigenvalues = eigenvalues;
    this.pairs = pairs;
  }

  /**
   * Computes {@code bits} target bits per document of the graph {@code s}.
   *
   * @throws IllegalArgumentException if {@code bits} exceeds the number of non-trivial eigenvectors
   *     (documents with edges minus one)
   */
  public static SpectralCodes compute(
      NormalizedAdjacency s, int bits, double tolerance, long seed, ProgressReporter progress) {
    int n = s.size();
    if (bits > n - 1) {
      throw new IllegalArgumentException(
          bits
              + " bits need at least "
              + (bits + 1)
              + " training documents (one eigenvector per bit"
              + " besides the trivial one), but there are "
              + n
              + "; use fewer bits or more documents");
    }
    int available = n - s.deflatedDimension();
    if (bits > available) {
      throw new IllegalArgumentException(
          bits
              + " bits need "
              + bits
              + " non-trivial eigenvectors but the graph of "
              + n
              + " documents has only "
              + available
              + " (besides the trivial one; "
              + s.isolatedCount()
              + " isolated documents have none); use fewer bits or more neighbours");
    }
    EigenPairs pairs = new TopEigenSolver(tolerance, seed).solve(s, bits, progress);
    boolean[] hasTarget = new boolean[n];
    int withTarget = 0;
    for (int i = 0; i < n; i++) {
      hasTarget[i] = s.isolated(i) == false;
      withTarget += hasTarget[i] ? 1 : 0;
    }
    boolean[][] out = new boolean[bits][n];
    double[] sorted = new double[withTarget];
    for (int j = 0; j < bits; j++) {
      double[] y = s.unnormalize(pairs.vectors()[j]);
      int m = 0;
      for (int i = 0; i < n; i++) {
        if (hasTarget[i]) {
          sorted[m++] = y[i];
        }
      }
      Arrays.sort(sorted);
      double median = 0.5 * (sorted[(m - 1) / 2] + sorted[m / 2]);
      for (int i = 0; i < n; i++) {
        out[j][i] = hasTarget[i] && y[i] > median;
      }
    }
    return new SpectralCodes(out, hasTarget, pairs.values(), pairs);
  }

  /** Number of bits. */
  public int bits() {
    return bits.length;
  }

  /** Number of documents. */
  public int size() {
    return hasTarget.length;
  }

  /** Target bit {@code j} of document {@code i} (false for a document without target). */
  public boolean bit(int j, int i) {
    return bits[j][i];
  }

  /** The targets of bit {@code j}, one per document (shared, do not modify). */
  boolean[] column(int j) {
    return bits[j];
  }

  /** Whether document {@code i} has edges and so a target code. */
  public boolean hasTarget(int i) {
    return hasTarget[i];
  }

  /** The ordinals of documents with a target, increasing. */
  public int[] documentsWithTarget() {
    return java.util.stream.IntStream.range(0, hasTarget.length)
        .filter(i -> hasTarget[i])
        .toArray();
  }

  /** The eigenvalues of {@code D^-1/2 W D^-1/2} behind the bits, largest first. */
  public double[] eigenvalues() {
    return eigenvalues.clone();
  }

  /** The eigen solver's output. */
  public EigenPairs eigenPairs() {
    return pairs;
  }
}
