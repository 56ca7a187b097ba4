package dev.semhash.training.cli;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.training.rerank.DseSettings;
import dev.semhash.training.rerank.DseTrainer;
import dev.semhash.training.rerank.DssmSettings;
import dev.semhash.training.rerank.DssmTrainer;
import dev.semhash.training.rerank.RerankExperiment;
import dev.semhash.training.rerank.S2NetSettings;
import dev.semhash.training.rerank.S2NetTrainer;
import dev.semhash.training.rerank.SsiSettings;
import dev.semhash.training.rerank.SsiTrainer;
import dev.semhash.training.rerank.SsiVariant;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The training options of the rerank models, shared by {@code eval-rerank} and {@code train-rerank}. */
public final class RerankModelOptions {
  @Option(names = "--dim", paramLabel = "D", description = "SSI: rank of U and V; S2Net: columns of A; DSE: embedding size C; DSSM: width of the output layer"
      + " (default: " + DIMENSION + "; DSSM on links " + DSSM_LINK_DIMENSION + ").")
  Integer dim;

  /** The projection's size unless given or {@link #DSSM_LINK_DIMENSION}: the DSSM paper's 128. */
  static final int DIMENSION = 128;

  @Option(names = "--ssi-variant", defaultValue = "uv", paramLabel = "V",
      description = "SSI's form of W: uv (UᵀV + I), uu (UᵀU + I), diagonal (D), sparse (recursive feature elimination),"
          + " full (unconstrained; at most " + SsiVariant.MAX_FULL_TERMS + " terms, see --max-terms) (default: ${DEFAULT-VALUE}).")
  String ssiVariant;

  @Option(names = "--epochs", paramLabel = "N",
      description = "Training epochs; the best on validation is kept (default: SSI 10, 20 on links; S2Net 15; DSE 10, "
          + DSE_LABEL_EPOCHS + " with label pairs, " + DSE_LINK_EPOCHS + " on links; DSSM 10, 30 on links).")
  Integer epochs;

  @Option(names = "--lr", paramLabel = "RATE",
      description = "Learning rate: SSI's SGD step (default 0.05), S2Net's Adam step (default 0.01), DSE's fine-tuning step (default 0.01),"
          + " DSSM's SGD step (default 0.1 with qrels, 0.02 between documents, 0.01 on links).")
  Float learningRate;

  @Option(names = "--gamma", paramLabel = "G", defaultValue = "10", description = "S2Net: scale of the cosine difference in the loss (default: ${DEFAULT-VALUE}).")
  float gamma;

  @Option(names = "--lsa-iterations", paramLabel = "N", defaultValue = "4", description = "S2Net: subspace iterations of the LSA initialisation, 0 for random (default: ${DEFAULT-VALUE}).")
  int lsaIterations;

  @Option(names = "--negatives", paramLabel = "N", defaultValue = "10", description = "Negatives per (query, relevant) pair and epoch (default: ${DEFAULT-VALUE}).")
  int negatives;

  @Option(names = "--hard-fraction", paramLabel = "F",
      description = "Share of hard negatives, the rest drawn at random: from BM25's top hits for qrels, TF-IDF's neighbours"
          + " between documents, or the model's own ranking (--model-negatives) (default: 0.5 for qrels, and for SSI and DSE"
          + " on links; 1 for DSSM on links; 0 otherwise).")
  Float hardFraction;

  @Option(names = "--model-negatives", arity = "0..1", paramLabel = "BOOL",
      description = "SSI, DSSM and DSE: draw the hard negatives from the model's own top --hard-depth documents, found anew each"
          + " epoch (the documents it wrongly ranks high), instead of BM25's or TF-IDF's (default: true for links, false otherwise).")
  Boolean modelNegatives;

  /**
   * Whether the defaults are the links task's, chosen on CiteSeer's validation links: with a few
   * thousand links, SSI needs the LSA start, hard negatives from its own ranking (half of them)
   * and 20 epochs to beat TF-IDF (see eval-rerank --help).
   */
  private boolean links;

  /** Uses the links task's defaults for the options not given. */
  void useLinkDefaults() {
    links = true;
  }

  /**
   * DSE's fine-tuning epochs with label pairs. On 20 Newsgroups (document-document, 500 input
   * terms, C = 10, rate 0.01) the validation MAP still rose at epoch 60 (0.297 after 5 epochs,
   * 0.426 after 20, 0.618 after 60; test MAP 0.2848, 0.3569, 0.4245), and a larger rate, which would
   * need fewer epochs, collapsed the network (0.02, 0.05 and 0.2 saturated every unit in epoch 1 or 2).
   */
  static final int DSE_LABEL_EPOCHS = 60;

  /**
   * DSE's CD-1 epochs per RBM layer on links. On CiteSeer's validation links the best fine-tuned
   * epoch's MAP rose with them: 0.1942 after 3 (the default elsewhere), 0.2041 after 10, 0.2062
   * after 30 and 0.2067 after 100, which took 1,388 s against 787 s for 30; test MAP 0.2164,
   * 0.2414, 0.2480 and 0.2394.
   */
  static final int DSE_LINK_PRETRAIN_EPOCHS = 30;

  /**
   * β of DSE's weight average on links. On CiteSeer's validation links (seed 42) the best epoch's
   * MAP was 0.2162 with it against 0.2103 from the last weights, and it rose in most epochs (0.200
   * to 0.216, dipping by at most 0.002) where the last weights swung by up to 0.016 between
   * epochs; test MAP 0.2652 against 0.2543. On seed 7's split validation tied (0.2346 against
   * 0.2352) and the test links gained (0.2846 against 0.2711).
   */
  static final float DSE_LINK_WEIGHT_AVERAGING = 0.9997f;

  /**
   * DSE's fine-tuning epochs on links. With the weight average its validation MAP (seed 42) kept
   * rising past epoch 10 (0.2162) to 0.2215 at epoch 15 and stayed at 0.215 to 0.221 up to 20;
   * test MAP 0.2718 against 0.2652 after 10.
   */
  static final int DSE_LINK_EPOCHS = 20;

  /**
   * DSSM's λ on links. On CiteSeer's validation links (seed 42) the best epoch's MAP was 0.2351
   * with λ = 1, 0.2444 with 0.5, 0.2459 with 0.25 and 0.2455 with 0.1 (test MAP 0.2583, 0.2762,
   * 0.2758, 0.2800): trained beside a lighter lexical term, the network learns more of what the
   * links share; the learnt part's weight chosen on validation then restores the term (λ / 0.25 at
   * 0.25 and 0.1).
   */
  static final float DSSM_LINK_TFIDF_WEIGHT = 0.25f;

  /**
   * DSSM's share of hard negatives on links, all from its own ranking. With λ = 0.25 on CiteSeer's
   * validation links (seed 42) the best epoch's MAP was 0.2459 with half, 0.2510 with all, and
   * 0.2555 with all and {@link #DSSM_LINK_DIMENSION} output units; with seed 7's split 0.2651 with
   * half and 128 units, 0.2723 with half and 256, 0.2709 with all and 256 (test MAP 0.2943, 0.3003,
   * 0.3109).
   */
  static final float DSSM_LINK_HARD_FRACTION = 1f;

  /**
   * DSSM's output width on links: 256 units instead of the paper's 128 (validation MAP 0.2518
   * against 0.2459 with half the negatives hard, 0.2555 with all; 64 units: 0.2341).
   */
  static final int DSSM_LINK_DIMENSION = 256;

  /** The projection's size for {@code model}: as given, else {@link #DSSM_LINK_DIMENSION} for DSSM on links, else {@link #DIMENSION}. */
  int dim(String model) {
    if (dim != null) {
      return dim;
    }
    return links && model.equals("dssm") ? DSSM_LINK_DIMENSION : DIMENSION;
  }

  /** λ of {@code model} (DSE or DSSM): as given, else {@link #DSSM_LINK_TFIDF_WEIGHT} for DSSM on links, else 1. */
  float tfidfWeight(String model) {
    if (tfidfWeight != null) {
      return tfidfWeight;
    }
    return links && model.equals("dssm") ? DSSM_LINK_TFIDF_WEIGHT : 1f;
  }

  /**
   * Whether the pairs come from labels, whose defaults differ: relevant documents drawn per query
   * ({@link #LABEL_MAX_POSITIVES}) and DSE's epochs ({@link #DSE_LABEL_EPOCHS}).
   */
  private boolean labels;

  /** Uses the label pairs' defaults for the options not given. */
  void useLabelDefaults() {
    labels = true;
  }

  /**
   * Whether {@code model} draws its hard negatives from its own ranking: SSI, DSSM and DSE can, by
   * default on links. On CiteSeer's validation links DSSM's best MAP rose from 0.2241 (TF-IDF's
   * neighbours) to 0.2351 with them, and the test links' from 0.2494 to 0.2583; DSE's (half its
   * negatives from its ranking, against random ones) from 0.2062 to 0.2103, test 0.2480 to 0.2543.
   */
  private boolean modelNegatives(String model) {
    if (model.equals("s2net")) {
      if (Boolean.TRUE.equals(modelNegatives)) {
        throw new IllegalArgumentException("--model-negatives is SSI's, DSSM's and DSE's; s2net draws its hard negatives from the"
            + " first stage: drop --model-negatives and set their share with --hard-fraction");
      }
      return false;
    }
    return modelNegatives != null ? modelNegatives : links;
  }

  @Option(names = "--hard-depth", paramLabel = "N", defaultValue = "100", description = "Depth of hard negatives (default: ${DEFAULT-VALUE}).")
  int hardDepth;

  @Option(names = "--init-std", paramLabel = "S", defaultValue = "0.05", description = "SSI: deviation of the random initialisation of U, V (default: ${DEFAULT-VALUE}).")
  float initStd;

  @Option(names = "--ssi-init", paramLabel = "INIT",
      description = "SSI uv/uu: start U and V from random (Gaussian, --init-std) or lsa (U = V = the LSA subspace, so the model"
          + " starts as TF-IDF + LSI similarity; better with few pairs) (default: lsa for links, random otherwise).")
  String ssiInit;

  @Option(names = "--max-positives", paramLabel = "N",
      description = "Relevant documents drawn per query and epoch, 0 for all (default with label pairs, where a query has"
          + " hundreds: " + LABEL_MAX_POSITIVES + ", DSE " + DSE_LABEL_MAX_POSITIVES + "; 0 otherwise).")
  Integer maxPositives;

  /**
   * Relevant documents drawn per query and epoch with label pairs. A 20 Newsgroups post shares its
   * label with about 570 training posts, so all of them made 5.9 million DSSM pairs an epoch, at
   * about 270 pairs a second on one core some 60 hours for 10 epochs. The label-pair figures in
   * docs/experiments.md were measured with {@code --max-positives 3} (SSI, S2Net, DSSM) or 1 (DSE,
   * {@link #DSE_LABEL_MAX_POSITIVES}).
   */
  static final int LABEL_MAX_POSITIVES = 3;

  /** DSE's {@link #LABEL_MAX_POSITIVES}: its 60 label-pair epochs were measured with one a query. */
  static final int DSE_LABEL_MAX_POSITIVES = 1;

  /**
   * {@code --max-positives} as given, else {@link #LABEL_MAX_POSITIVES} ({@link
   * #DSE_LABEL_MAX_POSITIVES} for DSE) with label pairs, else 0 (all).
   */
  int maxPositives(String model) {
    if (maxPositives != null) {
      if (maxPositives < 0) {
        throw new IllegalArgumentException("--max-positives must be 0 (all) or more, got " + maxPositives);
      }
      return maxPositives;
    }
    return labels ? (model.equals("dse") ? DSE_LABEL_MAX_POSITIVES : LABEL_MAX_POSITIVES) : 0;
  }

  @Option(names = "--sparse-per-column", defaultValue = "100", paramLabel = "P",
      description = "SSI sparse W: entries kept per column of W (default: ${DEFAULT-VALUE}).")
  int sparsePerColumn;

  @Option(names = "--elimination-epochs", defaultValue = "2", paramLabel = "N",
      description = "SSI sparse W: epochs of retraining after each elimination round (default: ${DEFAULT-VALUE}).")
  int eliminationEpochs;

  @Option(names = "--min-df", paramLabel = "N", defaultValue = "1", description = "Minimum document frequency of a model term (default: ${DEFAULT-VALUE}).")
  int minDf;

  @Option(names = "--max-terms", paramLabel = "N", description = "Keep at most N model terms, the most frequent (default: all).")
  Integer maxTerms;

  @Option(names = "--dse-terms", paramLabel = "D",
      description = "DSE: the network reads the D terms in most documents and is D-D/2-D/2-D-dim (D-H-H-2H-dim with --dse-hidden H);"
          + " its λ q·d covers every term (default: " + DSE_TERMS + ", " + DSE_LINK_TERMS + " on links).")
  Integer dseTerms;

  @Option(names = "--dse-hidden", paramLabel = "H",
      description = "DSE: width of the first two hidden layers, the third twice that (D-H-H-2H-dim), so that more input terms"
          + " do not widen the whole network; 0 for the paper's D-D/2-D/2-D-dim (default: 0, " + DSE_LINK_HIDDEN + " on links).")
  Integer dseHidden;

  /** DSE's input terms unless given or on links: the DSE paper's Wikipedia network reads 1,000. */
  static final int DSE_TERMS = 1000;

  /**
   * DSE's input terms on links, read through hidden layers of {@link #DSE_LINK_HIDDEN}: on
   * CiteSeer's validation links (seed 42) the best epoch's MAP was 0.2481 with 2,000 terms and
   * 2000-500-500-1000-128 against 0.2215 with 1,000 terms and the paper's 1000-500-500-1000-128
   * (test MAP 0.2891 against 0.2718), in about the same time; on seed 7's split 0.2860 against
   * 0.2661 (test 0.3203 against 0.2871). 2,000 terms through the paper's
   * 2000-1000-1000-2000 had cost 3.1 times as long, and every term (11,901) through 500-wide
   * layers scored 0.2085.
   */
  static final int DSE_LINK_TERMS = 2000;

  /** DSE's hidden width on links, the paper's 500 for 1,000 terms (see {@link #DSE_LINK_TERMS}). */
  static final int DSE_LINK_HIDDEN = 500;

  @Option(names = "--pretrain-epochs", paramLabel = "N",
      description = "DSE: CD-1 epochs per RBM layer, 0 for a random start (default: 3, "
          + "30 on links).")
  Integer pretrainEpochs;

  @Option(names = "--dse-similarity", paramLabel = "S",
      converter = SimilarityConverter.class,
      description = "DSE: how the two embeddings compare, dot (the paper's Φ(q)·Φ(d)) or cosine (cos(Φ(q), Φ(d)),"
          + " bounded, so no long embedding outranks the rest for every query) (default: cosine on links, dot otherwise).")
  RerankModel.Similarity dseSimilarity;

  @Option(names = "--dse-averaging", paramLabel = "B",
      description = "DSE: build the model from a moving average of the weights, θ̄ = B θ̄ + (1 - B) θ after every update"
          + " (one per training pair), so it spans about 1/(1 - B) updates; 0 for the last weights"
          + " (default: 0, " + DSE_LINK_WEIGHT_AVERAGING + " on links).")
  Float dseAveraging;

  @Option(names = "--tfidf-weight", paramLabel = "L",
      description = "DSE and DSSM: λ, weight of the TF-IDF cosine mixed into the score, Φ(q)·Φ(d) + λ q·d (DSE, word vectors)"
          + " or cos(y(q), y(d)) + λ q·d (DSSM, letter-trigram vectors), during training too; 0 for the plain model"
          + " (default: 1; DSSM on links " + DSSM_LINK_TFIDF_WEIGHT + ").")
  Float tfidfWeight;

  @Option(names = "--trigram-min-df", defaultValue = "2", paramLabel = "N",
      description = "DSSM: documents a letter trigram must occur in (default: ${DEFAULT-VALUE}).")
  int trigramMinDf;

  @Option(names = "--dssm-gamma", defaultValue = "10", paramLabel = "G",
      description = "DSSM: smoothing factor γ of the softmax over cosines (default: ${DEFAULT-VALUE}).")
  float dssmGamma;

  @Option(names = "--dssm-negatives", defaultValue = "4", paramLabel = "N",
      description = "DSSM: sampled non-relevant documents in each softmax (the paper's 4) (default: ${DEFAULT-VALUE}).")
  int dssmNegatives;

  @Option(names = "--dssm-init", paramLabel = "INIT",
      description = "DSSM: start the network from uniform noise (the paper's) or lsa (its first units read the letter-trigram"
          + " LSA subspace, --lsa-iterations rounds, so it starts as LSA similarity; on CiteSeer's links it reached validation"
          + " MAP 0.2297 against uniform's 0.2241, test 0.2492 against 0.2494) (default: uniform).")
  String dssmInit;

  /**
   * The hard-negative share of {@code model}: as given, else 0.5 with qrels (BM25's top hits) and
   * for SSI and DSE on links (their own top documents, {@link #modelNegatives}), {@link
   * #DSSM_LINK_HARD_FRACTION} for DSSM on links, else 0. On
   * CiteSeer's validation links DSE's best MAP was 0.1522 with random negatives and 0.1512 with
   * half from TF-IDF's neighbours (before its pretraining lengthened), but 0.2103 against 0.2062
   * with half from its own ranking.
   */
  float hardFraction(String model, boolean qrels) {
    if (hardFraction != null) {
      return hardFraction;
    }
    if (links && model.equals("dssm") && qrels == false) {
      return DSSM_LINK_HARD_FRACTION;
    }
    boolean hardOnLinks = model.equals("ssi") || model.equals("dse");
    return qrels || (links && hardOnLinks) ? 0.5f : 0f;
  }

  /** Depth of first-stage hard-negative candidates to compute: none when no negative is drawn from them. */
  int hardDepth(String model, boolean qrels) {
    return hardFraction(model, qrels) > 0 && modelNegatives(model) == false ? hardDepth : 0;
  }

  int maxTerms() {
    return maxTerms == null ? Integer.MAX_VALUE : maxTerms;
  }

  /**
   * Fails on a shared option's bad value, named by its option rather than by the settings field it
   * fills; every model's settings are made after this check. Zero epochs would keep an untrained
   * model as the best of no epochs.
   */
  private void requireValid() {
    if (epochs != null && epochs < 1) {
      throw new IllegalArgumentException("--epochs must be at least 1, got " + epochs);
    }
    if (dim != null && (dim < 1 || dim > MAX_DIMENSION)) {
      throw new IllegalArgumentException("--dim must be 1 to " + MAX_DIMENSION + ", got " + dim);
    }
    if (learningRate != null && (Float.isFinite(learningRate) == false || learningRate <= 0)) {
      throw new IllegalArgumentException("--lr must be a positive number, got " + learningRate);
    }
    if (negatives < 1) {
      throw new IllegalArgumentException("--negatives must be at least 1, got " + negatives);
    }
    if (hardDepth < 1) {
      throw new IllegalArgumentException("--hard-depth must be at least 1, got " + hardDepth);
    }
    if (hardFraction != null && (hardFraction >= 0 && hardFraction <= 1) == false) {
      throw new IllegalArgumentException("--hard-fraction must be 0 to 1, got " + hardFraction);
    }
    if (maxPositives != null && maxPositives < 0) {
      throw new IllegalArgumentException("--max-positives must be 0 (all) or more, got " + maxPositives);
    }
  }

  /** The training epochs: as given, else {@code fallback}. */
  private int epochs(int fallback) {
    return epochs != null ? epochs : fallback;
  }

  /** The largest projection the trainers accept. */
  private static final int MAX_DIMENSION = 4096;

  SsiSettings ssi(long seed, boolean qrels) {
    requireValid();
    SsiSettings defaults = SsiSettings.defaults(seed);
    return new SsiSettings(
        dim("ssi"), learningRate == null ? defaults.learningRate() : learningRate,
        epochs(links ? 20 : defaults.epochs()),
        negatives, hardFraction("ssi", qrels), hardDepth, initStd, seed, SsiVariant.parse(ssiVariant), maxPositives("ssi"), sparsePerColumn,
        eliminationEpochs, lsaInit(), modelNegatives("ssi"));
  }

  private int lsaInit() {
    return lsaStart("--ssi-init", ssiInit != null ? ssiInit : links ? "lsa" : "random", "random");
  }

  /**
   * Subspace iterations of an LSA start chosen by {@code option}: 0 for {@code noise}, the model's
   * random start, else {@link #lsaIterations}.
   */
  private int lsaStart(String option, String init, String noise) {
    if (init.equals(noise)) {
      return 0;
    }
    if (init.equals("lsa") == false) {
      throw new IllegalArgumentException("unknown " + option + " '" + init + "'; choose " + noise + " or lsa");
    }
    if (lsaIterations <= 0) {
      throw new IllegalArgumentException(option + " lsa needs --lsa-iterations above 0, got " + lsaIterations);
    }
    return lsaIterations;
  }

  S2NetSettings s2net(long seed, boolean qrels) {
    requireValid();
    S2NetSettings defaults = S2NetSettings.defaults(seed);
    return new S2NetSettings(
        dim("s2net"), learningRate == null ? defaults.learningRate() : learningRate, epochs(defaults.epochs()),
        negatives, hardFraction("s2net", qrels), hardDepth, gamma, lsaIterations, seed, maxPositives("s2net"));
  }

  /**
   * DSE's similarity: cosine on links, where on CiteSeer's validation links the dot product fell
   * below TF-IDF alone after every fine-tuned epoch (best 0.1877 at epoch 0) and the cosine rose
   * above it (0.1949 at epoch 9); the paper's dot product elsewhere.
   */
  private RerankModel.Similarity dseSimilarity(boolean onLinks) {
    if (dseSimilarity != null) {
      return dseSimilarity;
    }
    return onLinks ? RerankModel.Similarity.COSINE : RerankModel.Similarity.DOT;
  }

  DseSettings dse(long seed, boolean qrels) {
    requireValid();
    DseSettings d = DseSettings.defaults(seed);
    int pretrain = pretrainEpochs != null ? pretrainEpochs : links ? DSE_LINK_PRETRAIN_EPOCHS : d.pretrainEpochs();
    int terms = dseTerms != null ? dseTerms : links ? DSE_LINK_TERMS : DSE_TERMS;
    return new DseSettings(terms, dim("dse"), pretrain, d.pretrainRate(), d.gaussianPretrainRate(),
        learningRate == null ? d.learningRate() : learningRate, d.momentum(), d.weightDecay(),
        epochs(labels ? DSE_LABEL_EPOCHS : links ? DSE_LINK_EPOCHS : d.epochs()),
        negatives, hardFraction("dse", qrels), hardDepth, tfidfWeight("dse"), seed, maxPositives("dse"), dseSimilarity(links),
        modelNegatives("dse"), dseAveraging != null ? dseAveraging : links ? DSE_LINK_WEIGHT_AVERAGING : 0f,
        dseHidden != null ? dseHidden : links ? DSE_LINK_HIDDEN : 0);
  }

  /**
   * DSSM's settings. The rate is 0.1 with qrels (short queries), 0.02 between documents and 0.01
   * on links: between two long documents, rate 0.1 drove the 20 Newsgroups document-document run
   * into saturation (every post the same vector, loss ln 5, from epoch 4), which 0.02 did not
   * (test MAP 0.7296); on CiteSeer's validation links 0.01 with 30 epochs reached MAP 0.2241, 0.02
   * with 20 epochs 0.2215 and 0.1 with 10 epochs 0.2045.
   */
  DssmSettings dssm(long seed, boolean qrels) {
    requireValid();
    DssmSettings d = DssmSettings.defaults(seed);
    float rate = learningRate != null ? learningRate : qrels ? d.learningRate() : links ? 0.01f : 0.02f;
    return new DssmSettings(d.hidden(), dim("dssm"), trigramMinDf, dssmGamma, dssmNegatives,
        rate, epochs(links ? 30 : d.epochs()), hardFraction("dssm", qrels), hardDepth,
        seed, maxPositives("dssm"), tfidfWeight("dssm"), dssmLsaIterations(), modelNegatives("dssm"));
  }

  private int dssmLsaIterations() {
    return lsaStart("--dssm-init", dssmInit != null ? dssmInit : "uniform", "uniform");
  }

  /** The query/qrels protocol's settings for {@code model}. */
  RerankExperiment.Settings experiment(String model, long seed) {
    return switch (model) {
      case "ssi" -> RerankExperiment.Settings.ssi(ssi(seed, true));
      case "s2net" -> RerankExperiment.Settings.s2net(s2net(seed, true));
      case "dse" -> RerankExperiment.Settings.dse(dse(seed, true));
      case "dssm" -> RerankExperiment.Settings.dssm(dssm(seed, true));
      default -> throw new IllegalArgumentException("no trainer for model '" + model + "'; choose ssi, s2net, dse or dssm");
    };
  }

  /** The trainer of {@code model} ({@code ssi}, {@code s2net}, {@code dse} or {@code dssm}). */
  RerankExperiment.TrainerFactory trainer(String model, long seed, boolean qrels) {
    return switch (model) {
      case "ssi" -> {
        SsiSettings s = ssi(seed, qrels);
        yield corpus -> new SsiTrainer(corpus, s);
      }
      case "s2net" -> {
        S2NetSettings s = s2net(seed, qrels);
        yield corpus -> new S2NetTrainer(corpus, s);
      }
      case "dse" -> {
        DseSettings s = dse(seed, qrels);
        yield corpus -> new DseTrainer(corpus, s);
      }
      case "dssm" -> {
        DssmSettings s = dssm(seed, qrels);
        yield corpus -> new DssmTrainer(corpus, s);
      }
      default -> throw new IllegalArgumentException("no trainer for model '" + model + "'; choose ssi, s2net, dse or dssm");
    };
  }

  /** The settings of {@code model}, for reports. */
  Map<String, Object> describe(String model, long seed, boolean qrels) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (model.equals("ssi")) {
      SsiSettings s = ssi(seed, qrels);
      m.put("model", "SSI, f(q,d) = qᵀ W d on unit TF-IDF vectors, " + s.variant().formula() + ", margin ranking loss, SGD");
      m.put("ssi_variant", s.variant().cliName());
      m.put("dimension", s.dimension());
      m.put("epochs", s.epochs());
      m.put("learning_rate", s.learningRate());
      m.put("init", s.lsaInit() > 0 ? "lsa (" + s.lsaInit() + " subspace iterations)" : "random, deviation " + s.initStd());
      if (s.variant() == SsiVariant.SPARSE) {
        m.put("entries_per_column", s.sparsePerColumn());
        m.put("elimination_epochs", s.eliminationEpochs());
      }
    } else if (model.equals("dse")) {
      DseSettings s = dse(seed, qrels);
      m.put("model", "DSE, f(q,d) = " + (s.similarity() == RerankModel.Similarity.COSINE ? "cos(Φ(q), Φ(d))" : "Φ(q)·Φ(d)")
          + " + λ q·d, Φ a " + s.shape() + " sigmoid network with a linear top reading the D most"
          + " frequent terms of the unit TF-IDF vectors (q·d over the whole dictionary), stacked-RBM (CD-1) pretraining, margin ranking loss, SGD with momentum 0.9"
          + " and weight decay 1e-4");
      m.put("similarity", s.similarity().name().toLowerCase(java.util.Locale.ROOT));
      m.put("input_terms", s.terms());
      m.put("hidden_units", s.widths(s.terms())[0]);
      m.put("dimension", s.dimension());
      m.put("pretrain_epochs", s.pretrainEpochs());
      m.put("epochs", s.epochs());
      m.put("learning_rate", s.learningRate());
      m.put("tfidf_weight", s.tfidfWeight());
      m.put("weight_averaging", s.weightAveraging());
    } else if (model.equals("dssm")) {
      DssmSettings s = dssm(seed, qrels);
      m.put("model", "DSSM, f(q,d) = cos(y(q), y(d)) + λ q·d, y a tanh network " + java.util.Arrays.toString(s.hidden()) + " → "
          + s.dimension() + " on letter trigrams of '#'-marked words, softmax over 1 relevant and " + s.negatives()
          + " sampled documents");
      m.put("dimension", s.dimension());
      m.put("epochs", s.epochs());
      m.put("learning_rate", s.learningRate());
      m.put("gamma", s.gamma());
      m.put("trigram_min_df", s.minDocFreq());
      m.put("softmax_negatives", s.negatives());
      m.put("tfidf_weight", s.tfidfWeight());
    } else {
      S2NetSettings s = s2net(seed, qrels);
      m.put("model", "S2Net, f(q,d) = cos(A q, A d) on unit TF-IDF vectors, pairwise logistic loss (gamma " + s.gamma()
          + "), lazy Adam, LSA init (" + s.lsaIterations() + " subspace iterations)");
      m.put("dimension", s.dimension());
      m.put("epochs", s.epochs());
      m.put("learning_rate", s.learningRate());
      m.put("gamma", s.gamma());
      m.put("lsa_iterations", s.lsaIterations());
    }
    m.put("negatives_per_pair", negatives);
    m.put("hard_negative_fraction", hardFraction(model, qrels));
    m.put("hard_negative_depth", hardDepth);
    m.put("hard_negatives", modelNegatives(model) ? "model's own top documents, each epoch" : qrels ? "BM25 top hits" : "TF-IDF neighbours");
    m.put("max_positives", maxPositives(model));
    m.put("min_df", minDf);
    m.put("max_terms", maxTerms == null ? "all" : maxTerms);
    return m;
  }

  /** Parses {@code dot} or {@code cosine}, case-insensitively, and says so otherwise. */
  static final class SimilarityConverter implements picocli.CommandLine.ITypeConverter<RerankModel.Similarity> {
    @Override
    public RerankModel.Similarity convert(String value) {
      return switch (value.toLowerCase(java.util.Locale.ROOT)) {
        case "dot" -> RerankModel.Similarity.DOT;
        case "cosine" -> RerankModel.Similarity.COSINE;
        default -> throw new picocli.CommandLine.TypeConversionException(
            "'" + value + "' is not a DSE similarity; choose dot or cosine");
      };
    }
  }
}
