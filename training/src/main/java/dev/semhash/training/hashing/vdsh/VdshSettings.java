package dev.semhash.training.hashing.vdsh;

/**
 * Hyperparameters of {@link VdshTrainer}. {@link #DEFAULT} follows the thesis (section 3.3.2 and
 * the VDSH baseline of section 5.3): Adam with step 0.001, dropout keep probability 0.8,
 * mini-batches of 100 documents, KL annealing that reaches full weight after 5,000 documents (codes
 * shorter than 32 bits: 1/5000 per mini-batch; see {@link #klAnnealStep()}), median thresholds, and early stopping
 * on the held-out reconstruction loss ({@link EarlyStopping#RECONSTRUCTION}).
 *
 * <pre class="prettyprint">
 * VdshSettings s = VdshSettings.DEFAULT.withMaxEpochs(10).withHiddenUnits(500);
 * </pre>
 *
 * @param hiddenUnits width of both ReLU layers of the encoder
 * @param learningRate Adam step size
 * @param keepProbability dropout keep probability on the second hidden layer while training
 * @param batchSize documents per mini-batch
 * @param maxEpochs upper bound on passes over the training documents
 * @param patience stop after this many epochs without a better validation loss, counted once the
 *     KL weight has reached 1
 * @param minTrainingDocuments training documents, counted over epochs, before early stopping may
 *     end training ({@link #DEFAULT_MIN_TRAINING_DOCUMENTS}); 0 lets patience alone decide
 * @param validationFraction share of the training documents held out for early stopping (never
 *     the test split)
 * @param klAnnealStep added to the KL term's weight after every mini-batch, starting from 0 and
 *     capped at 1 (Bowman et al.'s annealing against collapsed latent dimensions), or {@link
 *     #AUTO_KL_ANNEAL_STEP}, resolved per code length by {@link #klAnnealStep(int)}: the thesis's
 *     text says 1/5000 per mini-batch of 100, but the authors' code adds 1/5000 per document (it
 *     steps once per document), so the weight is 1 after 5,000 documents, not 500,000. On the
 *     corpora here the text's rate never reaches full weight in 30 epochs (0.18 on CiteSeer),
 *     which leaves the encoder nearly unregularised; the code's rate, {@code batchSize / 5000} per
 *     mini-batch, was chosen on validation splits ({@code eval-hash --validation 0.2
 *     --kl-anneal-step 0.02} against 0.0002) for codes of 32 bits and more: VDSH on CiteSeer 32
 *     bits 0.5526 against 0.4593, 64 bits 0.5586 against 0.4588, 128 bits 0.5441 against 0.4618;
 *     node2hash on CiteSeer 32 bits 0.5252 against 0.4846, 128 bits 0.5529 against 0.4538; VDSH
 *     on Reuters 32 bits 0.6807 against 0.6391; VDSH-S on 20 Newsgroups 32 bits 0.8577 against
 *     0.8299. Shorter codes keep the text's rate: at 8 bits full weight collapses the codes
 *     (CiteSeer VDSH 0.2398 against 0.4510, node2hash 0.2080 against 0.4117; annealing over
 *     25,000 or 50,000 documents did no better, 0.2549 and 0.2055), and at 16 bits it helped VDSH
 *     (CiteSeer 0.4153 against 0.3817, 20 Newsgroups 0.3911 against 0.3667) but collapsed
 *     node2hash (CiteSeer 0.2220 against 0.4451)
 * @param labelWeight weight of the label log-likelihood (VDSH-S, VDSH-SP), or {@link
 *     #BALANCED_LABEL_WEIGHT}: the mean number of vocabulary tokens per training document, so that
 *     a document's labels weigh as much as its words. The thesis weights them 1, but trains with
 *     far more updates (the authors' code steps once per document); with 100-document
 *     mini-batches and a few thousand updates, an unweighted label term of a few nats next to a
 *     reconstruction term of about a thousand barely moves the codes (on a 2,000-document slice of
 *     20 Newsgroups, Prec@100 0.15 with weight 1 against 0.45 with weight 100). The default, 1000,
 *     was chosen on validation splits ({@code eval-hash --validation 0.2}, VDSH-S, 32 bits):
 *     20 Newsgroups 0.7607 balanced (177), 0.7793 with 300, 0.8169 with 1000; Reuters 0.8072
 *     balanced (92), 0.8262 with 300, 0.8280 with 1000. Heavier weights stop earlier, because the
 *     held-out label loss rises after epoch 4, and lose: 20 Newsgroups with 1,000 hidden units
 *     0.8577 with 1000, 0.8214 with 3000, 0.8070 with 10000
 * @param binarization how the trained encoder's means become bits
 * @param decoderBias where the softmax decoders' biases start ({@link DecoderBias}); {@link
 *     DecoderBias#ZERO} by default, the start every cell of the reproduction was trained with
 * @param threads threads for the sparse first layer (ND4J uses its own, one per core)
 * @param earlyStopping what the validation split measures to keep the best epoch and stop; by
 *     default the decoders' losses without the KL term, chosen on validation splits ({@code
 *     eval-hash --validation 0.2 --early-stopping elbo|reconstruction}) on CiteSeer, where 30
 *     epochs of annealing leave the KL weight at 0.18 and the full-weight ELBO kept nearly
 *     untrained epochs: VDSH 16 bits 0.3817 against 0.1958 (ELBO kept epoch 1), 64 bits 0.4588
 *     against 0.3923 (epoch 11); node2hash with unique words 8 bits 0.4117 against 0.1815, 64 bits
 *     0.4551 against 0.3520, 128 bits 0.4538 against 0.3575, 16 bits equal, 32 bits 0.4846
 *     against 0.5024; VDSH-S 32 bits equal (its label term dominates both); and on 20
 *     Newsgroups VDSH-S 32 bits 0.8299 against 0.8273. Patience counts only once the KL weight is
 *     1, whatever the criterion (see {@link VdshTrainer})
 * @param epochScorer called after every epoch to score the network for a report (such as {@link
 *     QueryPrecisionByEpoch}), or {@code null}; never read to keep an epoch or to stop, so it does
 *     not change the model trained
 */
public record VdshSettings(
    int hiddenUnits,
    double learningRate,
    double keepProbability,
    int batchSize,
    int maxEpochs,
    int patience,
    int minTrainingDocuments,
    double validationFraction,
    double klAnnealStep,
    double labelWeight,
    Binarization binarization,
    DecoderBias decoderBias,
    int threads,
    EarlyStopping earlyStopping,
    EpochScorer epochScorer) {

  /**
   * {@link #DEFAULT}'s {@link #minTrainingDocuments()}: 500 mini-batches of 100 before early
   * stopping may end training (23 epochs of CiteSeer's training split; fewer epochs than 20
   * Newsgroups and Reuters ever stopped at, so their runs are unchanged). On a small corpus the
   * held-out reconstruction loss can stay flat for ten epochs or more after the KL annealing
   * while the codes are still far from trained, and patience alone then kept an untrained encoder
   * in 3 of 98 runs on CiteSeer validation splits ({@code eval-hash --validation 0.2}, seeds 42,
   * 7, 1 and 2, 8 to 128 bits): with this floor they score Prec@100 0.5328 instead of 0.2670
   * (VDSH, 32 bits, seed 2), 0.5153 instead of 0.3000 (VDSH, 128 bits, seed 1) and 0.5334
   * instead of 0.2559 (node2hash, 128 bits, seed 1; a floor of 25,000 did not save it); the
   * other 95 ran all 30 epochs and are unchanged. The supervised variants train without it
   * ({@link #SUPERVISED_DEFAULT}).
   */
  public static final int DEFAULT_MIN_TRAINING_DOCUMENTS = 50_000;

  /** See {@link #labelWeight()}. */
  public static final double BALANCED_LABEL_WEIGHT = -1;

  /** See {@link #klAnnealStep()}: resolved per code length by {@link #klAnnealStep(int)}. */
  public static final double AUTO_KL_ANNEAL_STEP = -1;

  /** Training documents after which the automatic KL annealing reaches full weight (32 bits and more). */
  public static final int KL_ANNEAL_DOCUMENTS = 5000;

  /**
   * Full weight after {@link #KL_ANNEAL_DOCUMENTS} documents at every code length: the supervised
   * variants' default ({@link #SUPERVISED_DEFAULT}), resolved by {@link #klAnnealStep(int)}.
   */
  public static final double AUTO_FAST_KL_ANNEAL_STEP = -2;

  /** Code length from which the automatic KL annealing reaches full weight after {@link #KL_ANNEAL_DOCUMENTS}. */
  public static final int FAST_KL_ANNEAL_MIN_BITS = 32;

  /** The thesis text's annealing step per mini-batch, which the automatic one keeps below 32 bits. */
  public static final double THESIS_KL_ANNEAL_STEP = 1.0 / 5000;

  /**
   * The thesis's settings, with 500 hidden units (as the authors' code; the thesis text says
   * 1,000), at most 30 epochs, patience 4, label weight 1000 (see {@link #labelWeight()}).
   */
  public static final VdshSettings DEFAULT =
      new VdshSettings(
          500,
          0.001,
          0.8,
          100,
          30,
          4,
          DEFAULT_MIN_TRAINING_DOCUMENTS,
          0.1,
          AUTO_KL_ANNEAL_STEP,
          1000,
          Binarization.MEDIAN,
          DecoderBias.ZERO,
          Runtime.getRuntime().availableProcessors(),
          EarlyStopping.RECONSTRUCTION,
          null);

  /**
   * {@link #DEFAULT} with the thesis's 1,000 hidden units, for the supervised variants (VDSH-S,
   * VDSH-SP): chosen on validation splits ({@code eval-hash --validation 0.2}, 32 bits), where
   * 1,000 units beat 500 for VDSH-S on 20 Newsgroups (0.8276 against 0.8201) and Reuters (0.8422
   * against 0.8324) and for VDSH-SP on 20 Newsgroups (0.8425 against 0.8330), while unsupervised
   * VDSH on Reuters lost with them (0.6228 against 0.6391). The KL weight reaches 1 after 5,000
   * documents at every code length ({@link #AUTO_FAST_KL_ANNEAL_STEP}), where VDSH and node2hash
   * keep the thesis text's rate under 32 bits: the label term keeps the short codes from
   * collapsing, and on 20 Newsgroups validation splits ({@code --kl-anneal-step 0.02} against
   * 0.0002) VDSH-S scored 0.7097 against 0.6745 at 8 bits and 0.8074 against 0.7823 at 16,
   * VDSH-SP 0.7093 against 0.6896 at 8 bits and 0.8018 against 0.7829 at 16.
   *
   * <p>No floor on training documents before early stopping ({@link #minTrainingDocuments()} 0):
   * the label term trains the codes from the first epochs, so the untrained-encoder stall that
   * {@link #DEFAULT_MIN_TRAINING_DOCUMENTS} guards against does not arise, and on CiteSeer
   * validation splits ({@code eval-hash --validation 0.2 --min-training-documents 0|50000}, seeds
   * 42 and 7) the floor cost at 8 bits what it gained on longer codes: VDSH-S 0.5877 against
   * 0.6182 and equal, VDSH-SP 0.5873 against 0.6401 and 0.6283 against 0.6205 at 8 bits; VDSH-S
   * 0.6801 against 0.6674 and equal, VDSH-SP equal twice at 32 bits; VDSH-S 0.6809 against
   * 0.6659 and 0.7250 against 0.7179, VDSH-SP 0.6887 against 0.6847 and 0.7157 against 0.7069 at
   * 128 bits (mean change -0.002).
   */
  public static final VdshSettings SUPERVISED_DEFAULT =
      DEFAULT.withHiddenUnits(1000).withKlAnnealStep(AUTO_FAST_KL_ANNEAL_STEP).withMinTrainingDocuments(0);

  public VdshSettings {
    if (hiddenUnits < 1 || batchSize < 1 || maxEpochs < 1 || patience < 1 || threads < 1) {
      throw new IllegalArgumentException(
          "hiddenUnits, batchSize, maxEpochs, patience and threads must be at least 1: " + this);
    }
    if (minTrainingDocuments < 0) {
      throw new IllegalArgumentException(
          "minTrainingDocuments must be at least 0 (0: early stopping may end training at any epoch), got "
              + minTrainingDocuments);
    }
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new IllegalArgumentException("learning rate must be a positive number, got " + learningRate);
    }
    if (!(keepProbability > 0 && keepProbability <= 1)) {
      throw new IllegalArgumentException("keep probability must be in (0, 1], got " + keepProbability);
    }
    if (!(validationFraction > 0 && validationFraction < 1)) {
      throw new IllegalArgumentException(
          "validation fraction must be in (0, 1), got " + validationFraction);
    }
    if (!(klAnnealStep > 0 && klAnnealStep <= 1)
        && klAnnealStep != AUTO_KL_ANNEAL_STEP
        && klAnnealStep != AUTO_FAST_KL_ANNEAL_STEP) {
      throw new IllegalArgumentException(
          "KL annealing step must be in (0, 1] or AUTO_KL_ANNEAL_STEP or AUTO_FAST_KL_ANNEAL_STEP, got "
              + klAnnealStep);
    }
    if ((!(labelWeight >= 0) || Double.isInfinite(labelWeight)) && labelWeight != BALANCED_LABEL_WEIGHT) {
      throw new IllegalArgumentException(
          "label weight must be a finite number >= 0 or BALANCED_LABEL_WEIGHT, got " + labelWeight);
    }
    if (binarization == null) {
      throw new IllegalArgumentException("binarization is required");
    }
    if (earlyStopping == null) {
      throw new IllegalArgumentException("an early-stopping criterion is required");
    }
    if (decoderBias == null) {
      throw new IllegalArgumentException("a decoder bias start is required");
    }
  }

  /**
   * The KL annealing step for codes of {@code bits} bits: {@link #klAnnealStep()} when set; else
   * {@code batchSize / 5000}, full weight after {@link #KL_ANNEAL_DOCUMENTS} documents, except that
   * {@link #AUTO_KL_ANNEAL_STEP} keeps {@link #THESIS_KL_ANNEAL_STEP} for codes shorter than {@link
   * #FAST_KL_ANNEAL_MIN_BITS} ({@link #AUTO_FAST_KL_ANNEAL_STEP} does not).
   */
  public double klAnnealStep(int bits) {
    if (klAnnealStep != AUTO_KL_ANNEAL_STEP && klAnnealStep != AUTO_FAST_KL_ANNEAL_STEP) {
      return klAnnealStep;
    }
    double fast = Math.min(1.0, (double) batchSize / KL_ANNEAL_DOCUMENTS);
    return klAnnealStep == AUTO_KL_ANNEAL_STEP && bits < FAST_KL_ANNEAL_MIN_BITS ? THESIS_KL_ANNEAL_STEP : fast;
  }

  /**
   * The first epoch at whose end {@code minTrainingDocuments} documents have been trained on, with
   * {@code trainingDocuments} an epoch; early stopping may end training from there. 0 without a
   * floor. The trainer and the learning curve both derive it here.
   */
  public static int stoppingFloorEpoch(long minTrainingDocuments, int trainingDocuments) {
    if (trainingDocuments < 1) {
      throw new IllegalArgumentException(
          "an epoch must train on at least 1 document, got " + trainingDocuments);
    }
    return minTrainingDocuments <= 0
        ? 0
        : (int) Math.min(Integer.MAX_VALUE, (minTrainingDocuments + trainingDocuments - 1) / trainingDocuments);
  }

  public VdshSettings withHiddenUnits(int hiddenUnits) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withLearningRate(double learningRate) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withKeepProbability(double keepProbability) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withBatchSize(int batchSize) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withMaxEpochs(int maxEpochs) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withPatience(int patience) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withMinTrainingDocuments(int minTrainingDocuments) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withValidationFraction(double validationFraction) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withKlAnnealStep(double klAnnealStep) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withLabelWeight(double labelWeight) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withBinarization(Binarization binarization) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withDecoderBias(DecoderBias decoderBias) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withThreads(int threads) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  public VdshSettings withEarlyStopping(EarlyStopping earlyStopping) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping, epochScorer);
  }

  /** These settings with a scorer called after every epoch, for a report ({@link #epochScorer()}). */
  public VdshSettings withEpochScorer(EpochScorer epochScorer) {
    return new VdshSettings(hiddenUnits, learningRate, keepProbability, batchSize, maxEpochs, patience,
        minTrainingDocuments, validationFraction, klAnnealStep, labelWeight, binarization, decoderBias, threads, earlyStopping,
        epochScorer);
  }
}
