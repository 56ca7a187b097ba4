package dev.semhash.training.hashing.sth;

/**
 * Settings of {@link LinearSvm}, LIBLINEAR's defaults for its L2-regularised L2-loss dual solver.
 *
 * @param c cost of margin violations (larger fits the training bits harder); LIBLINEAR's default 1
 * @param epsilon stop when the spread of projected gradients falls below it; LIBLINEAR's 0.1
 * @param maxEpochs passes over the data at most
 */
public record SvmSettings(double c, double epsilon, int maxEpochs) {
  /** C = 1, epsilon = 0.1, at most 1,000 passes (LIBLINEAR's defaults). */
  public static final SvmSettings DEFAULT = new SvmSettings(1, 0.1, 1000);

  public SvmSettings {
    if ((c > 0) == false || Double.isFinite(c) == false) {
      throw new IllegalArgumentException("SVM cost c must be positive and finite, got " + c);
    }
    if ((epsilon > 0) == false || Double.isFinite(epsilon) == false) {
      throw new IllegalArgumentException("SVM epsilon must be positive and finite, got " + epsilon);
    }
    if (maxEpochs < 1) {
      throw new IllegalArgumentException("SVM maxEpochs must be at least 1, got " + maxEpochs);
    }
  }

  public SvmSettings withC(double c) {
    return new SvmSettings(c, epsilon, maxEpochs);
  }
}
