package dev.semhash.training.rerank;

/**
 * Settings of {@link SsiTrainer}.
 *
 * @param dimension rank of {@code U} and {@code V} (the projected vectors' dimension)
 * @param learningRate fixed SGD step size
 * @param epochs passes over the (query, relevant document) pairs
 * @param negativesPerPair tuples sampled per pair and epoch, each with its own negative
 * @param hardNegativeFraction share of negatives drawn from the query's first-stage top {@code
 *     hardNegativeDepth} (the rest uniformly from the collection); non-relevant documents only
 * @param hardNegativeDepth how deep in the first-stage ranking hard negatives are drawn
 * @param initStd standard deviation of the Gaussian initialisation of {@code U} and {@code V}
 * @param seed seed of every random choice
 */
public record SsiSettings(
    int dimension,
    float learningRate,
    int epochs,
    int negativesPerPair,
    float hardNegativeFraction,
    int hardNegativeDepth,
    float initStd,
    long seed) {

  /** Defaults chosen on SciFact's validation queries (see the eval-rerank command). */
  public static SsiSettings defaults(long seed) {
    return new SsiSettings(128, 0.05f, 10, 10, 0.5f, 100, 0.05f, seed);
  }

  public SsiSettings {
    if (dimension <= 0 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be in [1, 4096], got " + dimension);
    }
    if (Float.isFinite(learningRate) == false || learningRate <= 0) {
      throw new IllegalArgumentException("learning rate must be finite and positive, got " + learningRate);
    }
    if (epochs < 0 || negativesPerPair <= 0 || hardNegativeDepth <= 0) {
      throw new IllegalArgumentException(
          "epochs must be >= 0 and negatives per pair and hard-negative depth positive, got " + epochs + ", " + negativesPerPair
              + ", " + hardNegativeDepth);
    }
    if (Float.isNaN(hardNegativeFraction) || hardNegativeFraction < 0 || hardNegativeFraction > 1) {
      throw new IllegalArgumentException("hard-negative fraction must be in [0, 1], got " + hardNegativeFraction);
    }
    if (Float.isFinite(initStd) == false || initStd <= 0) {
      throw new IllegalArgumentException("initialisation deviation must be finite and positive, got " + initStd);
    }
  }

  public SsiSettings withEpochs(int e) {
    return new SsiSettings(dimension, learningRate, e, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed);
  }

  public SsiSettings withDimension(int d) {
    return new SsiSettings(d, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed);
  }

  public SsiSettings withLearningRate(float lr) {
    return new SsiSettings(dimension, lr, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed);
  }
}
