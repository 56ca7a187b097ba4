package dev.semhash.training.hashing.sth;

/**
 * All eigenvalues and eigenvectors of a small dense symmetric matrix by the cyclic Jacobi method:
 * plane rotations zero one off-diagonal pair at a time until the off-diagonal mass is negligible.
 * Slower than Householder + QR for large matrices but simple, accurate to working precision and
 * deterministic; {@link TopEigenSolver} only hands it Rayleigh&ndash;Ritz matrices of a few hundred
 * rows.
 *
 * <pre class="prettyprint">
 * DenseSymmetricEigen e = DenseSymmetricEigen.of(new double[][] {{2, 1}, {1, 2}});
 * double largest = e.values()[0];   // 3
 * double[] v = e.vector(0);         // (1, 1) / sqrt(2), up to sign
 * </pre>
 */
public final class DenseSymmetricEigen {
  private static final int MAX_SWEEPS = 100;

  private final double[] values;
  private final double[][] vectors; // vectors[k] is the k-th eigenvector

  private DenseSymmetricEigen(double[] values, double[][] vectors) {
    this.values = values;
    this.vectors = vectors;
  }

  /**
   * Decomposes {@code a} (read only; must be square and symmetric up to rounding, which is
   * averaged away).
   *
   * @throws IllegalArgumentException if {@code a} is not square or holds a non-finite value
   */
  public static DenseSymmetricEigen of(double[][] a) {
    int n = a.length;
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      if (a[i].length != n) {
        throw new IllegalArgumentException("row " + i + " has " + a[i].length + " values, expected " + n);
      }
      for (int j = 0; j < n; j++) {
        double v = a[i][j];
        if (Double.isFinite(v) == false) {
          throw new IllegalArgumentException("matrix entry [" + i + "][" + j + "] is " + v);
        }
        m[i][j] = 0.5 * (v + a[j][i]);
      }
    }
    // v[i][k]: component i of eigenvector k, updated by the same rotations as m's columns.
    double[][] v = new double[n][n];
    for (int i = 0; i < n; i++) {
      v[i][i] = 1;
    }
    double scale = 0;
    for (double[] row : m) {
      for (double x : row) {
        scale += x * x;
      }
    }
    double tiny = Math.max(Double.MIN_NORMAL, scale * 1e-32);
    for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
      double off = 0;
      for (int p = 0; p < n; p++) {
        for (int q = p + 1; q < n; q++) {
          off += m[p][q] * m[p][q];
        }
      }
      if (off <= tiny) {
        break;
      }
      for (int p = 0; p < n; p++) {
        for (int q = p + 1; q < n; q++) {
          double apq = m[p][q];
          if (apq == 0) {
            continue;
          }
          double app = m[p][p];
          double aqq = m[q][q];
          // Skip pairs already negligible next to their diagonal, as in Rutishauser's variant.
          if (Math.abs(apq) < 1e-18 * (Math.abs(app) + Math.abs(aqq)) ) {
            m[p][q] = 0;
            m[q][p] = 0;
            continue;
          }
          double theta = (aqq - app) / (2 * apq);
          double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          if (theta == 0) {
            t = 1;
          }
          double c = 1 / Math.sqrt(t * t + 1);
          double s = t * c;
          rotate(m, v, n, p, q, c, s, t, apq);
        }
      }
    }
    Integer[] order = new Integer[n];
    for (int k = 0; k < n; k++) {
      order[k] = k;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(m[y][y], m[x][x]));
    double[] values = new double[n];
    double[][] vectors = new double[n][n];
    for (int k = 0; k < n; k++) {
      int col = order[k];
      values[k] = m[col][col];
      for (int i = 0; i < n; i++) {
        vectors[k][i] = v[i][col];
      }
    }
    return new DenseSymmetricEigen(values, vectors);
  }

  private static void rotate(double[][] m, double[][] v, int n, int p, int q, double c, double s, double t, double apq) {
    m[p][p] -= t * apq;
    m[q][q] += t * apq;
    m[p][q] = 0;
    m[q][p] = 0;
    for (int r = 0; r < n; r++) {
      if (r != p && r != q) {
        double arp = m[r][p];
        double arq = m[r][q];
        double np = c * arp - s * arq;
        double nq = s * arp + c * arq;
        m[r][p] = np;
        m[p][r] = np;
        m[r][q] = nq;
        m[q][r] = nq;
      }
    }
    for (int r = 0; r < n; r++) {
      double[] row = v[r];
      double vrp = row[p];
      double vrq = row[q];
      row[p] = c * vrp - s * vrq;
      row[q] = s * vrp + c * vrq;
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
