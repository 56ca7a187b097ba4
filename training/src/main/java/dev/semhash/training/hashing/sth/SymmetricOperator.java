package dev.semhash.training.hashing.sth;

/**
 * A real symmetric linear map {@code y = A x} on vectors of {@link #size()} values, the input of
 * {@link TopEigenSolver}. Only products are needed, so a sparse graph matrix never becomes dense.
 *
 * <pre class="prettyprint">
 * SymmetricOperator a = NormalizedAdjacency.of(graph.symmetrized(), EdgeWeighting.COSINE);
 * double[] y = new double[a.size()];
 * a.multiply(x, y);
 * </pre>
 */
public interface SymmetricOperator {
  /** The dimension {@code n}: the operator maps {@code R^n} to itself. */
  int size();

  /**
   * Writes {@code A x} into {@code y}; both have length {@link #size()} and are distinct arrays.
   * Must be safe to call from several threads at once with different arrays.
   */
  void multiply(double[] x, double[] y);

  /**
   * Removes from {@code x}, in place, its component in a subspace that {@code A} leaves invariant
   * and whose eigenvectors the caller does not want (for a graph: the trivial,
   * constant-per-component eigenvectors). The default removes nothing.
   */
  default void deflate(double[] x) {}

  /**
   * Dimension of the subspace {@link #deflate} removes; the solver finds at most {@code size() -
   * deflatedDimension()} eigenvectors.
   */
  default int deflatedDimension() {
    return 0;
  }

  /** A dense symmetric matrix as an operator, for tests and small problems. */
  static SymmetricOperator dense(double[][] a) {
    int n = a.length;
    for (int i = 0; i < n; i++) {
      if (a[i].length != n) {
        throw new IllegalArgumentException(
            "row " + i + " has " + a[i].length + " values, expected " + n);
      }
      for (int j = 0; j < i; j++) {
        if (a[i][j] != a[j][i]) {
          throw new IllegalArgumentException(
              "matrix is not symmetric: a["
                  + i
                  + "]["
                  + j
                  + "] = "
                  + a[i][j]
                  + " but a["
                  + j
                  + "]["
                  + i
                  + "] = "
                  + a[j][i]);
        }
      }
    }
    double[][] copy = new double[n][];
    for (int i = 0; i < n; i++) {
      copy[i] = a[i].clone();
    }
    return new SymmetricOperator() {
      @Override
      public int size() {
        return n;
      }

      @Override
      public void multiply(double[] x, double[] y) {
        for (int i = 0; i < n; i++) {
          double s = 0;
          double[] row = copy[i];
          for (int j = 0; j < n; j++) {
            s += row[j] * x[j];
          }
          y[i] = s;
        }
      }
    };
  }
}
