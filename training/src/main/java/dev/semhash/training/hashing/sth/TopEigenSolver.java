package dev.semhash.training.hashing.sth;

import dev.semhash.training.progress.ProgressReporter;
import java.util.SplittableRandom;

/**
 * The largest eigenvalues (algebraically) of a symmetric operator and their eigenvectors, by a
 * thick-restarted block Krylov method with Rayleigh&ndash;Ritz projection.
 *
 * <p>The basis grows by blocks: each new block is the operator applied to the previous one,
 * orthogonalised twice against the whole basis (classical Gram&ndash;Schmidt, repeated, so the
 * basis stays orthonormal to working precision) and then within itself. When the basis reaches its
 * maximum size, the operator projected on it is diagonalised ({@link DenseSymmetricEigen}) and the
 * Ritz pairs are checked: when each wanted pair has residual {@code ||A v - theta v||} at most the
 * tolerance, they are returned; otherwise the basis restarts from the best Ritz vectors plus the
 * last block's images, which keeps the Krylov information (as in Krylov&ndash;Schur). A block
 * rather than one vector finds repeated eigenvalues (up to the block size, at least {@value
 * #MIN_BLOCK}) without relying on rounding; an eigenvalue repeated more often may lose copies,
 * which the residual check cannot see. Vectors the operator {@link SymmetricOperator#deflate
 * deflates} are projected out of every basis vector, so the solver works on their orthogonal
 * complement.
 *
 * <p>Deterministic: the starting block is drawn from the seed and the arithmetic is sequential.
 *
 * <pre class="prettyprint">
 * EigenPairs top = new TopEigenSolver(1e-6, 42L).solve(operator, 32, ProgressReporter.NONE);
 * double[] leading = top.vectors()[0];
 * </pre>
 */
public final class TopEigenSolver {
  /**
   * The smallest block: an eigenvalue repeated more often than the block size is found only through
   * rounding, so small blocks could miss copies (a graph with several components repeats eigenvalue
   * 1 once per extra component).
   */
  static final int MIN_BLOCK = 8;

  /** Restarts allowed before giving up. */
  static final int MAX_RESTARTS = 200;

  /** Extra Ritz vectors kept at a restart, relative to the wanted count. */
  static final double GUARD_FRACTION = 0.125;

  private final double tolerance;
  private final long seed;
  private final double guardFraction;

  /**
   * @param tolerance largest accepted residual norm {@code ||A v - theta v||} of a unit Ritz vector
   *     (positive)
   * @param seed seeds the random starting block
   */
  public TopEigenSolver(double tolerance, long seed) {
    this(tolerance, seed, GUARD_FRACTION);
  }

  /**
   * @param guardFraction extra Ritz vectors kept beyond the wanted ones at a restart, as a fraction
   *     of the wanted count (at least 2 are kept)
   */
  TopEigenSolver(double tolerance, long seed, double guardFraction) {
    if ((guardFraction >= 0) == false) {
      throw new IllegalArgumentException(
          "guard fraction must be non-negative, got " + guardFraction);
    }
    this.guardFraction = guardFraction;
    if ((tolerance > 0) == false || Double.isFinite(tolerance) == false) {
      throw new IllegalArgumentException("tolerance must be positive and finite, got " + tolerance);
    }
    this.tolerance = tolerance;
    this.seed = seed;
  }

  /**
   * The {@code count} largest eigenpairs of {@code a} on the complement of its deflated subspace.
   *
   * @throws IllegalArgumentException if {@code count} is not positive or exceeds the number of
   *     eigenvectors outside the deflated subspace
   * @throws IllegalStateException if the residuals do not fall below the tolerance within {@value
   *     #MAX_RESTARTS} restarts (loosen the tolerance)
   */
  public EigenPairs solve(SymmetricOperator a, int count, ProgressReporter progress) {
    int n = a.size();
    int available = n - a.deflatedDimension();
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, got " + count);
    }
    if (count > available) {
      throw new IllegalArgumentException(
          "asked for "
              + count
              + " eigenvectors but only "
              + available
              + " exist outside the "
              + a.deflatedDimension()
              + "-dimensional deflated subspace of a "
              + n
              + "-dimensional operator");
    }
    int guard = Math.max(2, (int) Math.ceil(count * guardFraction));
    int keep = Math.min(available, count + guard);
    int block = Math.max(MIN_BLOCK, Math.min(32, (count + 3) / 4));
    int maxBasis = Math.min(available, Math.max(3 * keep, keep + 4 * block));
    block = Math.min(block, maxBasis);

    double[][] basis = new double[maxBasis][];
    double[][] images = new double[maxBasis][];
    int size = 0;
    SplittableRandom random = new SplittableRandom(seed);
    double[][] next = new double[block][];
    for (int b = 0; b < block; b++) {
      next[b] = randomVector(n, random);
    }
    long[] products = {0};
    int restarts = 0;
    try (ProgressReporter.Progress p = progress.start("eigenvectors", MAX_RESTARTS, "restarts")) {
      while (true) {
        // Grow the basis block by block; each new vector's image seeds the next block.
        // Only whole blocks, so that the images of every basis vector not yet in the basis are
        // the pending block: the Krylov relation A Q = Q H + R (R from the pending block) that
        // the restart relies on holds exactly. A partial block only completes the whole space.
        while (size + next.length <= maxBasis || (size < maxBasis && maxBasis == available)) {
          double[][] grown = new double[Math.min(next.length, maxBasis - size)][];
          for (int c = 0; c < grown.length; c++) {
            double[] q = orthonormalize(a, next[c], basis, size, random);
            double[] aq = new double[n];
            a.multiply(q, aq);
            a.deflate(aq);
            products[0]++;
            basis[size] = q;
            images[size++] = aq;
            grown[c] = aq.clone();
          }
          next = grown;
        }
        // Rayleigh-Ritz on the full basis: H = Q^T A Q, symmetric, so one triangle suffices.
        double[][] h = new double[size][size];
        for (int i = 0; i < size; i++) {
          for (int j = 0; j <= i; j++) {
            double v = dot(basis[i], images[j]);
            h[i][j] = v;
            h[j][i] = v;
          }
        }
        DenseSymmetricEigen ritz = DenseSymmetricEigen.of(h);
        double[] ritzValues = ritz.values();
        int kept = Math.min(keep, size);
        double[][] x = new double[kept][];
        double[][] ax = new double[kept][];
        double[] residual = new double[kept];
        double worst = 0;
        int worstPair = 0;
        for (int k = 0; k < kept; k++) {
          double[] y = ritz.vector(k);
          x[k] = combine(basis, y, size, n);
          ax[k] = combine(images, y, size, n);
          double r = 0;
          for (int i = 0; i < n; i++) {
            double d = ax[k][i] - ritzValues[k] * x[k][i];
            r += d * d;
          }
          residual[k] = Math.sqrt(r);
          if (k < count && residual[k] > worst) {
            worst = residual[k];
            worstPair = k;
          }
        }
        p.message(
            String.format(
                java.util.Locale.ROOT,
                "largest residual %.2e (pair %d, value %.6f)",
                worst,
                worstPair,
                ritzValues[worstPair]));
        if (worst <= tolerance || size == available) {
          return new EigenPairs(
              java.util.Arrays.copyOf(ritzValues, count),
              java.util.Arrays.copyOf(x, count),
              java.util.Arrays.copyOf(residual, count),
              products[0],
              restarts);
        }
        if (restarts == MAX_RESTARTS) {
          throw new IllegalStateException(
              "eigenvectors did not converge after "
                  + restarts
                  + " restarts ("
                  + products[0]
                  + " products): largest residual "
                  + worst
                  + " > tolerance "
                  + tolerance
                  + "; loosen the tolerance");
        }
        restarts++;
        p.step(1);
        // Thick restart: keep the best Ritz vectors and continue from the part of the pending
        // block that is new to the whole old basis (its Krylov continuation).
        for (int c = 0; c < next.length; c++) {
          next[c] = orthonormalize(a, next[c], basis, size, random);
        }
        basis = new double[maxBasis][];
        images = new double[maxBasis][];
        for (int k = 0; k < kept; k++) {
          double norm = Math.sqrt(dot(x[k], x[k]));
          for (int i = 0; i < n; i++) {
            x[k][i] /= norm;
            ax[k][i] /= norm;
          }
          basis[k] = x[k];
          images[k] = ax[k];
        }
        size = kept;
      }
    }
  }

  /**
   * Deflates {@code v} and orthogonalizes it against {@code basis[0..size)} twice, normalised. A
   * vector that vanishes in the process (it lay in the span already) is replaced by a random one.
   */
  private static double[] orthonormalize(
      SymmetricOperator a, double[] v, double[][] basis, int size, SplittableRandom random) {
    double[] q = v.clone();
    for (int attempt = 0; ; attempt++) {
      a.deflate(q);
      double before = Math.sqrt(dot(q, q));
      for (int pass = 0; pass < 2; pass++) {
        for (int j = 0; j < size; j++) {
          double c = dot(basis[j], q);
          if (c != 0) {
            double[] b = basis[j];
            for (int i = 0; i < q.length; i++) {
              q[i] -= c * b[i];
            }
          }
        }
        a.deflate(q);
      }
      double after = Math.sqrt(dot(q, q));
      if (after > 1e-8 * before && after > 1e-300) {
        for (int i = 0; i < q.length; i++) {
          q[i] /= after;
        }
        return q;
      }
      if (attempt > 10) {
        throw new IllegalStateException(
            "cannot extend the Krylov basis beyond "
                + size
                + " vectors; is the operator symmetric?");
      }
      q = randomVector(q.length, random);
    }
  }

  private static double[] randomVector(int n, SplittableRandom random) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = random.nextDouble() - 0.5;
    }
    return v;
  }

  private static double[] combine(double[][] vectors, double[] coefficients, int size, int n) {
    double[] out = new double[n];
    for (int j = 0; j < size; j++) {
      double c = coefficients[j];
      double[] v = vectors[j];
      for (int i = 0; i < n; i++) {
        out[i] += c * v[i];
      }
    }
    return out;
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }
}
