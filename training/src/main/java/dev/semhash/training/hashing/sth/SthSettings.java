package dev.semhash.training.hashing.sth;

/**
 * Settings of {@link SthTrainer}.
 *
 * @param neighbors {@code k} of the k-nearest-neighbour graph by TF-IDF cosine (the thesis's
 *     neighbourhood size, 20)
 * @param weighting edge weights of the graph
 * @param eigenTolerance largest accepted eigenvector residual {@code ||S v - lambda v||} (the
 *     normalised adjacency has norm 1, so this is relative)
 * @param svm the per-bit classifiers' settings
 */
public record SthSettings(int neighbors, EdgeWeighting weighting, double eigenTolerance, SvmSettings svm) {
  /** k = 20, cosine weights, tolerance 1e-5, {@link SvmSettings#DEFAULT}. */
  public static final SthSettings DEFAULT = new SthSettings(20, EdgeWeighting.COSINE, 1e-5, SvmSettings.DEFAULT);

  public SthSettings {
    if (neighbors < 1) {
      throw new IllegalArgumentException("neighbors must be at least 1, got " + neighbors);
    }
    if (weighting == null || svm == null) {
      throw new IllegalArgumentException("weighting and svm settings are required");
    }
    if ((eigenTolerance > 0) == false || Double.isFinite(eigenTolerance) == false) {
      throw new IllegalArgumentException("eigenTolerance must be positive and finite, got " + eigenTolerance);
    }
  }

  public SthSettings withNeighbors(int k) {
    return new SthSettings(k, weighting, eigenTolerance, svm);
  }

  public SthSettings withWeighting(EdgeWeighting w) {
    return new SthSettings(neighbors, w, eigenTolerance, svm);
  }

  public SthSettings withSvm(SvmSettings s) {
    return new SthSettings(neighbors, weighting, eigenTolerance, s);
  }
}
