package dev.semhash.training.cli;

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
  @Option(names = "--dim", defaultValue = "128", description = "SSI: rank of U and V; S2Net: columns of A (default: ${DEFAULT-VALUE}).")
  int dim;

  @Option(names = "--ssi-variant", defaultValue = "uv", paramLabel = "V",
      description = "SSI's form of W: uv (UᵀV + I), uu (UᵀU + I), diagonal (D), sparse (recursive feature elimination),"
          + " full (unconstrained; at most " + SsiVariant.MAX_FULL_TERMS + " terms, see --max-terms) (default: ${DEFAULT-VALUE}).")
  String ssiVariant;

  @Option(names = "--epochs", paramLabel = "N", description = "Training epochs; the best on validation is kept (default: SSI 10, S2Net 15).")
  Integer epochs;

  @Option(names = "--lr", paramLabel = "RATE", description = "Learning rate: SSI's SGD step (default 0.05), S2Net's Adam step (default 0.01).")
  Float learningRate;

  @Option(names = "--gamma", defaultValue = "10", description = "S2Net: scale of the cosine difference in the loss (default: ${DEFAULT-VALUE}).")
  float gamma;

  @Option(names = "--lsa-iterations", defaultValue = "4", description = "S2Net: subspace iterations of the LSA initialisation, 0 for random (default: ${DEFAULT-VALUE}).")
  int lsaIterations;

  @Option(names = "--negatives", defaultValue = "10", description = "Negatives per (query, relevant) pair and epoch (default: ${DEFAULT-VALUE}).")
  int negatives;

  @Option(names = "--hard-fraction", paramLabel = "F",
      description = "Share of negatives from the query's first-stage neighbours: BM25's top hits for qrels, TF-IDF's for"
          + " documents (default: 0.5 for qrels, 0 otherwise).")
  Float hardFraction;

  @Option(names = "--model-negatives", arity = "0..1", paramLabel = "BOOL",
      description = "SSI: draw the hard negatives from the model's own top --hard-depth documents, found anew each epoch"
          + " (the documents it wrongly ranks high), instead of BM25's or TF-IDF's (default: true for links, false otherwise).")
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

  private boolean modelNegatives() {
    return modelNegatives != null ? modelNegatives : links;
  }

  @Option(names = "--hard-depth", defaultValue = "100", description = "Depth of hard negatives (default: ${DEFAULT-VALUE}).")
  int hardDepth;

  @Option(names = "--init-std", defaultValue = "0.05", description = "SSI: deviation of the random initialisation of U, V (default: ${DEFAULT-VALUE}).")
  float initStd;

  @Option(names = "--ssi-init", paramLabel = "INIT",
      description = "SSI uv/uu: start U and V from random (Gaussian, --init-std) or lsa (U = V = the LSA subspace, so the model"
          + " starts as TF-IDF + LSI similarity; better with few pairs) (default: lsa for links, random otherwise).")
  String ssiInit;

  @Option(names = "--max-positives", defaultValue = "0", paramLabel = "N",
      description = "Relevant documents drawn per query and epoch, 0 for all; use a few with labels, where a query has"
          + " hundreds (default: ${DEFAULT-VALUE}).")
  int maxPositives;

  @Option(names = "--sparse-per-column", defaultValue = "100", paramLabel = "P",
      description = "SSI sparse W: entries kept per column of W (default: ${DEFAULT-VALUE}).")
  int sparsePerColumn;

  @Option(names = "--elimination-epochs", defaultValue = "2", paramLabel = "N",
      description = "SSI sparse W: epochs of retraining after each elimination round (default: ${DEFAULT-VALUE}).")
  int eliminationEpochs;

  @Option(names = "--min-df", defaultValue = "1", description = "Minimum document frequency of a model term (default: ${DEFAULT-VALUE}).")
  int minDf;

  @Option(names = "--max-terms", paramLabel = "N", description = "Keep at most N model terms, the most frequent (default: all).")
  Integer maxTerms;

  /** The hard-negative share: as given, else 0.5 with qrels (BM25 candidates), 0 otherwise. */
  float hardFraction(boolean qrels) {
    return hardFraction != null ? hardFraction : qrels || links ? 0.5f : 0f;
  }

  /** S2Net's: the links defaults are SSI's, S2Net keeps 0.5 for qrels and 0 otherwise. */
  private float s2netHardFraction(boolean qrels) {
    return hardFraction != null ? hardFraction : qrels ? 0.5f : 0f;
  }

  /** Depth of hard-negative candidates to compute: none when no negative is drawn from them. */
  int hardDepth(boolean qrels) {
    return hardFraction(qrels) > 0 && modelNegatives() == false ? hardDepth : 0;
  }

  int maxTerms() {
    return maxTerms == null ? Integer.MAX_VALUE : maxTerms;
  }

  SsiSettings ssi(long seed, boolean qrels) {
    SsiSettings defaults = SsiSettings.defaults(seed);
    return new SsiSettings(
        dim, learningRate == null ? defaults.learningRate() : learningRate,
        epochs != null ? epochs : links ? 20 : defaults.epochs(),
        negatives, hardFraction(qrels), hardDepth, initStd, seed, SsiVariant.parse(ssiVariant), maxPositives, sparsePerColumn,
        eliminationEpochs, lsaInit(), modelNegatives());
  }

  private int lsaInit() {
    return switch (ssiInit != null ? ssiInit : links ? "lsa" : "random") {
      case "random" -> 0;
      case "lsa" -> lsaIterations;
      default -> throw new IllegalArgumentException("unknown --ssi-init '" + ssiInit + "'; choose random or lsa");
    };
  }

  S2NetSettings s2net(long seed, boolean qrels) {
    S2NetSettings defaults = S2NetSettings.defaults(seed);
    return new S2NetSettings(
        dim, learningRate == null ? defaults.learningRate() : learningRate, epochs == null ? defaults.epochs() : epochs,
        negatives, s2netHardFraction(qrels), hardDepth, gamma, lsaIterations, seed, maxPositives);
  }

  /** The trainer of {@code model} ({@code ssi} or {@code s2net}). */
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
      default -> throw new IllegalArgumentException("no trainer for model '" + model + "'; choose ssi or s2net");
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
    m.put("hard_negative_fraction", model.equals("ssi") ? hardFraction(qrels) : s2netHardFraction(qrels));
    m.put("hard_negative_depth", hardDepth);
    m.put("hard_negatives", modelNegatives() && model.equals("ssi") ? "model's own top documents, each epoch" : qrels ? "BM25 top hits" : "TF-IDF neighbours");
    m.put("max_positives", maxPositives);
    m.put("min_df", minDf);
    m.put("max_terms", maxTerms == null ? "all" : maxTerms);
    return m;
  }
}
