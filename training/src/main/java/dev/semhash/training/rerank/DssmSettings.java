package dev.semhash.training.rerank;

/**
 * Settings of {@link DssmTrainer}.
 *
 * @param hidden widths of the hidden tanh layers (the paper's 300, 300)
 * @param dimension width of the tanh output layer, the semantic vector (the paper's 128)
 * @param minDocFreq documents a letter trigram must occur in to be kept
 * @param gamma smoothing factor γ of the softmax {@code exp(γ R(q,d)) / Σ exp(γ R(q,d'))}
 * @param negatives non-relevant documents in each softmax (the paper's 4)
 * @param learningRate SGD step
 * @param epochs passes over the (query, relevant document) pairs
 * @param hardNegativeFraction share of negatives from the first-stage top {@code hardNegativeDepth}
 * @param hardNegativeDepth how deep in the first-stage ranking hard negatives are drawn
 * @param seed seed of every random choice
 * @param maxPositives relevant documents drawn per query and epoch, 0 for all
 * @param tfidfWeight λ in {@code R(q, d) = cos(y(q), y(d)) + λ q·d}, {@code q·d} the cosine of the
 *     unit idf-weighted trigram vectors: with λ > 0 the network learns what the lexical match
 *     misses instead of relearning it from few pairs (the DSE paper's linear mix); 0 is the
 *     paper's plain DSSM
 * @param lsaIterations 0 for the paper's uniform start; else rounds of subspace iteration of an
 *     LSA start ({@link DssmTrainer}): the first {@code dimension} units of the first layer read
 *     the letter-trigram LSA subspace and the later layers pass them on, so the network starts as
 *     LSA similarity instead of noise (as S2Net's and SSI's projections do)
 * @param modelNegatives draw the hard negatives from the current model's own top {@code
 *     hardNegativeDepth} documents, found anew before each epoch ({@link ModelNegatives}), instead
 *     of the first stage's
 */
public record DssmSettings(
    int[] hidden,
    int dimension,
    int minDocFreq,
    float gamma,
    int negatives,
    float learningRate,
    int epochs,
    float hardNegativeFraction,
    int hardNegativeDepth,
    long seed,
    int maxPositives,
    float tfidfWeight,
    int lsaIterations,
    boolean modelNegatives) {

  /**
   * Defaults: the paper's 300-300-128 tanh network and 4 negatives, γ = 10; rate 0.1 for short
   * queries (0.05 learnt too slowly in a 3-epoch SciFact run; between long documents it saturates
   * the network, use 0.02); λ = 1; hard negatives from the first stage.
   */
  public static DssmSettings defaults(long seed) {
    return new DssmSettings(new int[] {300, 300}, 128, 2, 10f, 4, 0.1f, 10, 0.5f, 100, seed, 0, 1f, 0, false);
  }

  public DssmSettings {
    hidden = hidden.clone();
    for (int h : hidden) {
      if (h <= 0 || h > 4096) {
        throw new IllegalArgumentException("hidden widths must be in [1, 4096], got " + java.util.Arrays.toString(hidden));
      }
    }
    if (dimension <= 0 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be in [1, 4096], got " + dimension);
    }
    if (maxPositives < 0) {
      throw new IllegalArgumentException("max positives must be >= 0 (0: all), got " + maxPositives);
    }
    if (minDocFreq < 1 || negatives <= 0 || epochs < 0 || hardNegativeDepth <= 0) {
      throw new IllegalArgumentException("minimum df and negatives must be positive, epochs >= 0, hard-negative depth positive");
    }
    if (Float.isFinite(gamma) == false || gamma <= 0 || Float.isFinite(learningRate) == false || learningRate <= 0) {
      throw new IllegalArgumentException("gamma and learning rate must be finite and positive, got " + gamma + " and " + learningRate);
    }
    if (Float.isFinite(tfidfWeight) == false || tfidfWeight < 0) {
      throw new IllegalArgumentException("TF-IDF weight λ must be finite and >= 0 (0: plain DSSM), got " + tfidfWeight);
    }
    if (lsaIterations < 0) {
      throw new IllegalArgumentException("LSA iterations must be >= 0 (0: the paper's uniform start), got " + lsaIterations);
    }
    if (Float.isNaN(hardNegativeFraction) || hardNegativeFraction < 0 || hardNegativeFraction > 1) {
      throw new IllegalArgumentException("hard-negative fraction must be in [0, 1], got " + hardNegativeFraction);
    }
  }

  /** Every layer's width, the output last. */
  int[] widths() {
    int[] w = java.util.Arrays.copyOf(hidden, hidden.length + 1);
    w[hidden.length] = dimension;
    return w;
  }
}
