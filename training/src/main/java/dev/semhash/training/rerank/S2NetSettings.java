package dev.semhash.training.rerank;

/**
 * Settings of {@link S2NetTrainer}.
 *
 * @param dimension number of concept dimensions (columns of {@code A})
 * @param learningRate Adam step size
 * @param epochs passes over the (query, relevant document) pairs
 * @param negativesPerPair preference pairs sampled per (query, relevant) pair and epoch
 * @param hardNegativeFraction share of negatives from the query's first-stage top hits
 * @param hardNegativeDepth how deep in the first-stage ranking hard negatives are drawn
 * @param gamma scale of the cosine difference in the loss {@code log(1 + exp(-γΔ))} (the paper's 10)
 * @param lsaIterations rounds of subspace iteration for the LSA initialisation (0: random Gaussian)
 * @param seed seed of every random choice
 * @param maxPositives relevant documents drawn per query and epoch, 0 for all ({@link
 *     TrainingPairs})
 */
public record S2NetSettings(
    int dimension,
    float learningRate,
    int epochs,
    int negativesPerPair,
    float hardNegativeFraction,
    int hardNegativeDepth,
    float gamma,
    int lsaIterations,
    long seed,
    int maxPositives) {

  /** Every relevant document of a query in each epoch. */
  public S2NetSettings(
      int dimension, float learningRate, int epochs, int negativesPerPair, float hardNegativeFraction,
      int hardNegativeDepth, float gamma, int lsaIterations, long seed) {
    this(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, gamma, lsaIterations, seed, 0);
  }

  /** Defaults chosen on SciFact's validation queries (lr 0.01 beat 0.005; validation still rose at epoch 15). */
  public static S2NetSettings defaults(long seed) {
    return new S2NetSettings(128, 0.01f, 15, 10, 0.5f, 100, 10f, 4, seed);
  }

  public S2NetSettings {
    if (dimension <= 0 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be in [1, 4096], got " + dimension);
    }
    if (Float.isFinite(learningRate) == false || learningRate <= 0) {
      throw new IllegalArgumentException("learning rate must be finite and positive, got " + learningRate);
    }
    if (epochs < 0 || negativesPerPair <= 0 || hardNegativeDepth <= 0 || lsaIterations < 0) {
      throw new IllegalArgumentException(
          "epochs and LSA iterations must be >= 0, negatives per pair and hard-negative depth positive");
    }
    if (Float.isNaN(hardNegativeFraction) || hardNegativeFraction < 0 || hardNegativeFraction > 1) {
      throw new IllegalArgumentException("hard-negative fraction must be in [0, 1], got " + hardNegativeFraction);
    }
    if (Float.isFinite(gamma) == false || gamma <= 0) {
      throw new IllegalArgumentException("gamma must be finite and positive, got " + gamma);
    }
    if (maxPositives < 0) {
      throw new IllegalArgumentException("max positives must be >= 0 (0: all), got " + maxPositives);
    }
  }

  public S2NetSettings withMaxPositives(int m) {
    return new S2NetSettings(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, gamma, lsaIterations, seed, m);
  }

  public S2NetSettings withEpochs(int e) {
    return new S2NetSettings(dimension, learningRate, e, negativesPerPair, hardNegativeFraction, hardNegativeDepth, gamma, lsaIterations, seed, maxPositives);
  }

  public S2NetSettings withDimension(int d) {
    return new S2NetSettings(d, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, gamma, lsaIterations, seed, maxPositives);
  }
}
