package dev.semhash.training.hashing.sth;

/**
 * Eigenpairs found by {@link TopEigenSolver}: {@code values[k]} (largest first) and the unit vector
 * {@code vectors[k]}, with the residual norm {@code ||A v - lambda v||} of each and the work it
 * took.
 *
 * @param values eigenvalues, non-increasing
 * @param vectors one unit vector per value, mutually orthogonal
 * @param residuals {@code ||A v_k - values[k] v_k||} per pair
 * @param products number of operator products computed
 * @param restarts number of restarts of the Krylov basis
 */
public record EigenPairs(
    double[] values, double[][] vectors, double[] residuals, long products, int restarts) {

  /** Number of pairs. */
  public int count() {
    return values.length;
  }

  /** The largest residual norm. */
  public double maxResidual() {
    double max = 0;
    for (double r : residuals) {
      max = Math.max(max, r);
    }
    return max;
  }
}
