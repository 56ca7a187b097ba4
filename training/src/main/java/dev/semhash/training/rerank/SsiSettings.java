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
 * @param variant the form of {@code W}
 * @param maxPositives relevant documents drawn per query and epoch, 0 for all ({@link
 *     TrainingPairs}); for label relevance, where a query has hundreds
 * @param sparsePerColumn {@link SsiVariant#SPARSE}: the entries each column of {@code W} keeps
 * @param eliminationEpochs {@link SsiVariant#SPARSE}: epochs of retraining after each elimination
 *     round
 * @param lsaInit low-rank forms: 0 to start {@code U} and {@code V} from Gaussian noise, else the
 *     subspace iterations of an LSA start ({@link LsaSubspace}): {@code U = V = L}, so that the
 *     model starts as TF-IDF cosine plus LSI similarity, which generalises where pairs are few
 * @param modelNegatives draw the hard negatives from the current model's own top {@code
 *     hardNegativeDepth} documents, found anew before each epoch, instead of the first-stage
 *     candidates: the documents the model wrongly ranks high, which decide MAP and P@10
 */
public record SsiSettings(
    int dimension,
    float learningRate,
    int epochs,
    int negativesPerPair,
    float hardNegativeFraction,
    int hardNegativeDepth,
    float initStd,
    long seed,
    SsiVariant variant,
    int maxPositives,
    int sparsePerColumn,
    int eliminationEpochs,
    int lsaInit,
    boolean modelNegatives) {

  /** The default variant ({@code W = UᵀV + I}) with every relevant document. */
  public SsiSettings(
      int dimension, float learningRate, int epochs, int negativesPerPair, float hardNegativeFraction,
      int hardNegativeDepth, float initStd, long seed) {
    this(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        SsiVariant.UV, 0, 100, 2, 0, false);
  }

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
    if (variant == null) {
      throw new IllegalArgumentException("SSI variant is null; give one of uv, uu, diagonal, sparse, full");
    }
    if (lsaInit < 0) {
      throw new IllegalArgumentException("LSA initialisation iterations must be >= 0 (0: Gaussian), got " + lsaInit);
    }
    if (maxPositives < 0 || sparsePerColumn <= 0 || eliminationEpochs <= 0) {
      throw new IllegalArgumentException(
          "max positives must be >= 0 (0: all), entries per column and elimination epochs positive, got " + maxPositives
              + ", " + sparsePerColumn + ", " + eliminationEpochs);
    }
  }

  public SsiSettings withVariant(SsiVariant v) {
    return new SsiSettings(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        v, maxPositives, sparsePerColumn, eliminationEpochs, lsaInit, modelNegatives);
  }

  public SsiSettings withMaxPositives(int m) {
    return new SsiSettings(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        variant, m, sparsePerColumn, eliminationEpochs, lsaInit, modelNegatives);
  }

  public SsiSettings withSparsity(int perColumn, int eliminationEpochs) {
    return new SsiSettings(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        variant, maxPositives, perColumn, eliminationEpochs, lsaInit, modelNegatives);
  }

  public SsiSettings withEpochs(int e) {
    return new SsiSettings(dimension, learningRate, e, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        variant, maxPositives, sparsePerColumn, eliminationEpochs, lsaInit, modelNegatives);
  }

  public SsiSettings withDimension(int d) {
    return new SsiSettings(d, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        variant, maxPositives, sparsePerColumn, eliminationEpochs, lsaInit, modelNegatives);
  }

  public SsiSettings withLearningRate(float lr) {
    return new SsiSettings(dimension, lr, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        variant, maxPositives, sparsePerColumn, eliminationEpochs, lsaInit, modelNegatives);
  }

  public SsiSettings withLsaInit(int iterations) {
    return new SsiSettings(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        variant, maxPositives, sparsePerColumn, eliminationEpochs, iterations, modelNegatives);
  }

  public SsiSettings withModelNegatives(boolean fromModel) {
    return new SsiSettings(dimension, learningRate, epochs, negativesPerPair, hardNegativeFraction, hardNegativeDepth, initStd, seed,
        variant, maxPositives, sparsePerColumn, eliminationEpochs, lsaInit, fromModel);
  }

  public SsiSettings withNegatives(int negatives, float hardFraction) {
    return new SsiSettings(dimension, learningRate, epochs, negatives, hardFraction, hardNegativeDepth, initStd, seed,
        variant, maxPositives, sparsePerColumn, eliminationEpochs, lsaInit, modelNegatives);
  }
}
