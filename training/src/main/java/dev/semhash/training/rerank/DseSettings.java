package dev.semhash.training.rerank;

import dev.semhash.rerank.model.RerankModel;

/**
 * Settings of {@link DseTrainer}. The network is {@code D − D/2 − D/2 − D − C} with {@code D =
 * terms} and {@code C = dimension}, as the DSE paper's section 4.1, or {@code D − H − H − 2H − C}
 * with {@code H = hiddenUnits} when given, which widens the input without widening the network.
 *
 * @param terms input vocabulary size D: the D terms in most documents
 * @param dimension embedding size C
 * @param pretrainEpochs CD-1 epochs per RBM (0: random initialisation, no pretraining)
 * @param pretrainRate CD-1 learning rate of the binary RBMs (of those with at most 1,000 inputs;
 *     wider ones take a proportionally smaller step)
 * @param gaussianPretrainRate CD-1 learning rate of the top RBM (Gaussian hidden units), scaled
 *     as {@code pretrainRate}
 * @param learningRate fine-tuning SGD step
 * @param momentum momentum of every update (the paper's 0.9)
 * @param weightDecay weight decay of every update (the paper's 1e-4)
 * @param epochs fine-tuning passes over the (query, relevant document) pairs
 * @param negativesPerPair margin tuples per pair and epoch, each with its own negative
 * @param hardNegativeFraction share of negatives from the first-stage top {@code hardNegativeDepth}
 * @param hardNegativeDepth how deep in the first-stage ranking hard negatives are drawn
 * @param tfidfWeight λ in {@code s(q, d) = Φ(q)·Φ(d) + λ q·d}: the paper's linear mix with TF-IDF
 * @param seed seed of every random choice
 * @param maxPositives relevant documents drawn per query and epoch, 0 for all (use a few with
 *     label relevance, where a query has hundreds)
 * @param similarity how the two embeddings compare: {@code DOT}, the paper's {@code Φ(q)·Φ(d)} (eq.
 *     2), or {@code COSINE}, {@code cos(Φ(q), Φ(d))}, which bounds the learnt part to [−1, 1] so
 *     that no document's long embedding outranks the rest for every query
 * @param modelNegatives draw the hard negatives from the current model's own top {@code
 *     hardNegativeDepth} documents, found anew before each epoch ({@link ModelNegatives}), instead
 *     of the first stage's
 * @param weightAveraging β of the exponential moving average of the weights that the model is
 *     built from ({@link WeightAverage}), 0 for the last weights; the average spans about {@code 1
 *     / (1 − β)} updates, one per (query, relevant document) pair
 * @param hiddenUnits H, the width of the first two hidden layers, the third {@code 2H}; 0 for the
 *     paper's shape, {@code H = D/2} and a third layer of D
 */
public record DseSettings(
    int terms,
    int dimension,
    int pretrainEpochs,
    float pretrainRate,
    float gaussianPretrainRate,
    float learningRate,
    float momentum,
    float weightDecay,
    int epochs,
    int negativesPerPair,
    float hardNegativeFraction,
    int hardNegativeDepth,
    float tfidfWeight,
    long seed,
    int maxPositives,
    RerankModel.Similarity similarity,
    boolean modelNegatives,
    float weightAveraging,
    int hiddenUnits) {

  /** Widest first hidden layer: the second and third layers then hold 10⁸ and 2·10⁸ weights at most. */
  static final int MAX_HIDDEN_UNITS = 10_000;

  /** Mini-batch size of the RBM pretraining. */
  static final int PRETRAIN_BATCH = 32;

  /**
   * Widest RBM input that pretrains at the full rate; wider ones take a proportionally smaller
   * step ({@link DseTrainer#pretrainRate}).
   */
  static final int RATE_FAN_IN = 1000;

  /** Deviation of the RBMs' Gaussian initial weights ("small random values"). */
  static final float INIT_STD = 0.01f;

  /**
   * Defaults: the paper's Wikipedia architecture 1000-500-500-1000-C on the 1000 most frequent
   * terms (C = 128 like the other models; the paper's 100), 3 CD-1 epochs per layer, momentum 0.9,
   * weight decay 1e-4, fine-tuning rate 0.01 (0.05 and 0.2 were unstable on a 20 Newsgroups slice),
   * the model built from the last weights (no averaging).
   */
  public static DseSettings defaults(long seed) {
    return new DseSettings(1000, 128, 3, 0.05f, 0.005f, 0.01f, 0.9f, 1e-4f, 10, 10, 0.5f, 100, 1f, seed, 0, RerankModel.Similarity.DOT, false, 0f, 0);
  }

  public DseSettings {
    if (terms < 2 || terms > 20_000) {
      throw new IllegalArgumentException("DSE input vocabulary (--dse-terms) must be 2 to 20000 terms, got " + terms
          + "; the paper's shape has D × D/2 + D/2 × D/2 + D/2 × D weights, --dse-hidden H keeps the hidden layers H wide");
    }
    if (dimension <= 0 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be in [1, 4096], got " + dimension);
    }
    for (float r : new float[] {pretrainRate, gaussianPretrainRate, learningRate}) {
      if (Float.isFinite(r) == false || r <= 0) {
        throw new IllegalArgumentException("learning rates must be finite and positive, got " + r);
      }
    }
    if (!(momentum >= 0 && momentum < 1) || !(weightDecay >= 0 && weightDecay < 1)) {
      throw new IllegalArgumentException("momentum and weight decay must be in [0, 1), got " + momentum + " and " + weightDecay);
    }
    if (maxPositives < 0) {
      throw new IllegalArgumentException("max positives must be >= 0 (0: all), got " + maxPositives);
    }
    if (pretrainEpochs < 0 || epochs < 0 || negativesPerPair <= 0 || hardNegativeDepth <= 0) {
      throw new IllegalArgumentException("epochs must be >= 0 and negatives per pair and hard-negative depth positive");
    }
    if (Float.isNaN(hardNegativeFraction) || hardNegativeFraction < 0 || hardNegativeFraction > 1) {
      throw new IllegalArgumentException("hard-negative fraction must be in [0, 1], got " + hardNegativeFraction);
    }
    if (similarity == null) {
      throw new IllegalArgumentException("similarity is required: DOT (the paper's) or COSINE");
    }
    if (!(weightAveraging >= 0 && weightAveraging < 1)) {
      throw new IllegalArgumentException("weight-average β (--dse-averaging) must be in [0, 1), got " + weightAveraging
          + ": 0 builds the model from the last weights, 0.9997 averages about the last 3,300 updates");
    }
    if (hiddenUnits < 0 || hiddenUnits > MAX_HIDDEN_UNITS) {
      throw new IllegalArgumentException("DSE hidden width (--dse-hidden) must be 0 (D/2, the paper's shape) to "
          + MAX_HIDDEN_UNITS + ", got " + hiddenUnits + "; on CiteSeer's links 500 served 2,000 input terms");
    }
    if (Float.isFinite(tfidfWeight) == false || tfidfWeight < 0) {
      throw new IllegalArgumentException("TF-IDF weight must be finite and >= 0, got " + tfidfWeight);
    }
  }

  /**
   * The widths of the network's four layers when it reads {@code inputs} terms: {@code D/2, D/2,
   * D, C} (the paper's), or {@code H, H, 2H, C} with {@link #hiddenUnits()} H.
   */
  public int[] widths(int inputs) {
    if (hiddenUnits > 0) {
      return new int[] {hiddenUnits, hiddenUnits, 2 * hiddenUnits, dimension};
    }
    int half = Math.max(1, inputs / 2);
    return new int[] {half, half, inputs, dimension};
  }

  /** The network's shape for reports: {@code D-D/2-D/2-D-C}, or {@code D-H-H-2H-C} with {@link #hiddenUnits()}. */
  public String shape() {
    return hiddenUnits > 0 ? "D-H-H-2H-C" : "D-D/2-D/2-D-C";
  }
}
