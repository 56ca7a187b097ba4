package dev.semhash.training.hashing.sth;

/**
 * All eigenvalues and eigenvectors of a small dense symmetric matrix: Householder reduction to
 * tridiagonal form, then the implicit QL method with Wilkinson-style shifts (the EISPACK routines
 * tred2 and tql2, as in the public-domain JAMA library). O(n^3) with small constants, accurate to
 * working precision and deterministic; {@link TopEigenSolver} hands it Rayleigh&ndash;Ritz matrices
 * of a few hundred rows.
 *
 * <pre class="prettyprint">
 * DenseSymmetricEigen e = DenseSymmetricEigen.of(new double[][] {{2, 1}, {1, 2}});
 * double largest = e.values()[0];   // 3
 * double[] v = e.vector(0);         // (1, 1) / sqrt(2), up to sign
 * </pre>
 */
public final class DenseSymmetricEigen {
  private static final double EPS = Math.ulp(1.0);

  private final double[] values;
  private final double[][] vectors; // vectors[k] is the k-th eigenvector

  private DenseSymmetricEigen(double[] values, double[][] vectors) {
    this.values = values;
    this.vectors = vectors;
  }

  /**
   * Decomposes {@code a} (read only; must be square and symmetric up to rounding, which is averaged
   * away).
   *
   * @throws IllegalArgumentException if {@code a} is not square or holds a non-finite value
   * @throws IllegalStateException if the QL iteration does not converge (not seen in practice)
   */
  public static DenseSymmetricEigen of(double[][] a) {
    int n = a.length;
    double[][] v = new double[n][n];
    for (int i = 0; i < n; i++) {
      if (a[i].length != n) {
        throw new IllegalArgumentException(
            "row " + i + " has " + a[i].length + " values, expected " + n);
      }
      for (int j = 0; j < n; j++) {
        double x = a[i][j];
        if (Double.isFinite(x) == false) {
          throw new IllegalArgumentException("matrix entry [" + i + "][" + j + "] is " + x);
        }
        v[i][j] = 0.5 * (x + a[j][i]);
      }
    }
    if (n == 0) {
      return new DenseSymmetricEigen(new double[0], new double[0][]);
    }
    double[] d = new double[n];
    double[] e = new double[n];
    tridiagonalize(v, d, e);
    // From here on work on the transpose, so that rotations touch rows (cache-friendly):
    // w[k] is the k-th eigenvector.
    double[][] w = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        w[j][i] = v[i][j];
      }
    }
    diagonalize(w, d, e);
    Integer[] order = new Integer[n];
    for (int k = 0; k < n; k++) {
      order[k] = k;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(d[y], d[x]));
    double[] values = new double[n];
    double[][] vectors = new double[n][];
    for (int k = 0; k < n; k++) {
      values[k] = d[order[k]];
      vectors[k] = w[order[k]];
    }
    return new DenseSymmetricEigen(values, vectors);
  }

  /** Householder reduction of the symmetric {@code v} (overwritten by the transformation). */
  private static void tridiagonalize(double[][] v, double[] d, double[] e) {
    int n = d.length;
    System.arraycopy(v[n - 1], 0, d, 0, n);
    for (int i = n - 1; i > 0; i--) {
      double scale = 0;
      double h = 0;
      for (int k = 0; k < i; k++) {
        scale += Math.abs(d[k]);
      }
      if (scale == 0) {
        e[i] = d[i - 1];
        for (int j = 0; j < i; j++) {
          d[j] = v[i - 1][j];
          v[i][j] = 0;
          v[j][i] = 0;
        }
      } else {
        for (int k = 0; k < i; k++) {
          d[k] /= scale;
          h += d[k] * d[k];
        }
        double f = d[i - 1];
        double g = Math.sqrt(h);
        if (f > 0) {
          g = -g;
        }
        e[i] = scale * g;
        h -= f * g;
        d[i - 1] = f - g;
        for (int j = 0; j < i; j++) {
          e[j] = 0;
        }
        for (int j = 0; j < i; j++) {
          f = d[j];
          v[j][i] = f;
          g = e[j] + v[j][j] * f;
          for (int k = j + 1; k <= i - 1; k++) {
            g += v[k][j] * d[k];
            e[k] += v[k][j] * f;
          }
          e[j] = g;
        }
        f = 0;
        for (int j = 0; j < i; j++) {
          e[j] /= h;
          f += e[j] * d[j];
        }
        double hh = f / (h + h);
        for (int j = 0; j < i; j++) {
          e[j] -= hh * d[j];
        }
        for (int j = 0; j < i; j++) {
          f = d[j];
          g = e[j];
          for (int k = j; k <= i - 1; k++) {
            v[k][j] -= (f * e[k] + g * d[k]);
          }
          d[j] = v[i - 1][j];
          v[i][j] = 0;
        }
      }
      d[i] = h;
    }
    // Accumulate the transformations.
    for (int i = 0; i < n - 1; i++) {
      v[n - 1][i] = v[i][i];
      v[i][i] = 1;
      double h = d[i + 1];
      if (h != 0) {
        for (int k = 0; k <= i; k++) {
          d[k] = v[k][i + 1] / h;
        }
        for (int j = 0; j <= i; j++) {
          double g = 0;
          for (int k = 0; k <= i; k++) {
            g += v[k][i + 1] * v[k][j];
          }
          for (int k = 0; k <= i; k++) {
            v[k][j] -= g * d[k];
          }
        }
      }
      for (int k = 0; k <= i; k++) {
        v[k][i + 1] = 0;
      }
    }
    for (int j = 0; j < n; j++) {
      d[j] = v[n - 1][j];
      v[n - 1][j] = 0;
    }
    v[n - 1][n - 1] = 1;
    e[0] = 0;
  }

  /** Implicit QL on the tridiagonal (d, e); rotations applied to the rows of {@code w}. */
  private static void diagonalize(double[][] w, double[] d, double[] e) {
    int n = d.length;
    for (int i = 1; i < n; i++) {
      e[i - 1] = e[i];
    }
    e[n - 1] = 0;
    double f = 0;
    double tst1 = 0;
    for (int l = 0; l < n; l++) {
      tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
      int m = l;
      while (m < n && Math.abs(e[m]) > EPS * tst1) {
        m++;
      }
      if (m > l) {
        int iter = 0;
        do {
          if (++iter > 100) {
            throw new IllegalStateException("QL iteration did not converge for eigenvalue " + l);
          }
          double g = d[l];
          double p = (d[l + 1] - g) / (2 * e[l]);
          double r = Math.hypot(p, 1);
          if (p < 0) {
            r = -r;
          }
          d[l] = e[l] / (p + r);
          d[l + 1] = e[l] * (p + r);
          double dl1 = d[l + 1];
          double h = g - d[l];
          for (int i = l + 2; i < n; i++) {
            d[i] -= h;
          }
          f += h;
          p = d[m];
          double c = 1;
          double c2 = c;
          double c3 = c;
          double el1 = e[l + 1];
          double s = 0;
          double s2 = 0;
          for (int i = m - 1; i >= l; i--) {
            c3 = c2;
            c2 = c;
            s2 = s;
            g = c * e[i];
            h = c * p;
            r = Math.hypot(p, e[i]);
            e[i + 1] = s * r;
            s = e[i] / r;
            c = p / r;
            p = c * d[i] - s * g;
            d[i + 1] = h + s * (c * g + s * d[i]);
            double[] wi = w[i];
            double[] wi1 = w[i + 1];
            for (int k = 0; k < n; k++) {
              h = wi1[k];
              wi1[k] = s * wi[k] + c * h;
              wi[k] = c * wi[k] - s * h;
            }
          }
          p = -s * s2 * c3 * el1 * e[l] / dl1;
          e[l] = s * p;
          d[l] = c * p;
        } while (Math.abs(e[l]) > EPS * tst1);
      }
      d[l] += f;
      e[l] = 0;
    }
  }

  /** Eigenvalues, largest first (a copy). */
  public double[] values() {
    return values.clone();
  }

  /** The unit eigenvector of {@link #values() values()[k]} (a copy). */
  public double[] vector(int k) {
    return vectors[k].clone();
  }

  /** Matrix dimension. */
  public int size() {
    return values.length;
  }
}
