package dev.semhash.training.rerank;

/**
 * The cosine of two output vectors and its gradient, shared by the models that compare their
 * towers by angle (DSSM always, DSE with {@link DseSettings#similarity()} cosine). With {@code r =
 * cos(u, v)}: {@code dr/du = v / (|u||v|) − r u / |u|²} and {@code dr/dv = u / (|u||v|) − r v /
 * |v|²}. A zero vector has cosine 0 with everything and passes no gradient.
 */
final class CosineGradient {
  private CosineGradient() {}

  /** {@code cos(u, v)}, 0 when either is the zero vector. */
  static double cosine(float[] u, float[] v) {
    double nu = norm(u);
    double nv = norm(v);
    return nu == 0 || nv == 0 ? 0 : dot(u, v) / (nu * nv);
  }

  /**
   * Adds {@code scale · dr/du} to {@code du} and {@code scale · dr/dv} to {@code dv}, where {@code r
   * = cos(u, v)} and {@code nu}, {@code nv} are the vectors' lengths (nothing when either is 0).
   */
  static void accumulate(float[] u, float[] v, double nu, double nv, double r, double scale, float[] du, float[] dv) {
    if (nu == 0 || nv == 0) {
      return;
    }
    for (int j = 0; j < u.length; j++) {
      du[j] += (float) (scale * (v[j] / (nu * nv) - r * u[j] / (nu * nu)));
      dv[j] += (float) (scale * (u[j] / (nu * nv) - r * v[j] / (nv * nv)));
    }
  }

  static double norm(float[] x) {
    return Math.sqrt(dot(x, x));
  }

  static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (double) a[i] * b[i];
    }
    return s;
  }
}
