package dev.semhash.training.cli;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.QueryPrecisionByEpoch;
import dev.semhash.training.report.LearningCurve;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --score-every-epoch}: Prec@100 of the run's queries after every training epoch and the
 * best of them ({@link QueryPrecisionByEpoch}), the figure the thesis authors' released code
 * reports for NbrReg and node2hash. For comparison with the thesis only; the model trained and
 * evaluated is the same as without the option.
 */
final class EpochScoringOption {
  private static final String BY_EPOCH = "prec@100_by_epoch";
  private static final String BEST = "prec@100_best_epoch";
  private static final String BEST_EPOCH = "best_scored_epoch";
  private static final String LABELS = "prec@100_label_chosen_epoch";
  private static final String LABELS_EPOCH = "label_chosen_epoch";

  @Option(
      names = "--score-every-epoch",
      description = "Neural methods but nbrreg-doc: also score the queries after every training epoch"
          + " and report the best epoch's Prec@100, as the thesis authors' released code for NbrReg and"
          + " node2hash reports its tables (JSON keys prec@100_by_epoch, prec@100_best_epoch,"
          + " best_scored_epoch). Optimistic, since the queries choose the epoch: for comparison with the"
          + " thesis only. The model kept is still the one early stopping chose on held-out training"
          + " documents, and the training time leaves the scoring out. When the training documents carry"
          + " labels it also measures the held-out training documents' Prec@100 every epoch and reports the"
          + " queries' Prec@100 at the epoch those rank first, what a labelled validation set would keep"
          + " (prec@100_label_chosen_epoch, label_chosen_epoch). With --learning-curve the scores are"
          + " drawn beside the losses.")
  boolean enabled;

  /** Whether a method's training can be scored by epoch: a neural method whose encoder reads the document alone. */
  static boolean appliesTo(HashingMethod method) {
    return MethodOptions.isNeural(method) && method != HashingMethod.NBRREG_DOC;
  }

  /** Fails before any work if scoring is asked of a method that cannot be scored by epoch. */
  void requireApplicableTo(HashingMethod method) {
    if (enabled == false) {
      return;
    }
    if (MethodOptions.isNeural(method) == false) {
      throw new IllegalArgumentException(
          "--score-every-epoch: " + method.cliName() + " does not train by epochs; leave the option out,"
              + " or train one of " + MethodOptions.describeNeural());
    }
    if (method == HashingMethod.NBRREG_DOC) {
      throw new IllegalArgumentException(
          "--score-every-epoch: nbrreg-doc encodes a query with its BM25 neighbours' hidden vectors, which"
              + " the trainer holds for training documents only; score nbrreg instead, or leave the option out");
    }
  }

  /**
   * A fresh scorer for one training run, or {@code null} if the option is not given or the method
   * cannot be scored ({@link #appliesTo}).
   *
   * @param seed the run's training seed (ITQ's rotation starts from it, as the exported model's does)
   */
  QueryPrecisionByEpoch scorer(
      Corpus corpus, int bits, HashingMethod method, MethodOptions options, int threads, long seed) {
    if (enabled == false || appliesTo(method) == false) {
      return null;
    }
    Binarization binarization = options.binarization() == null ? method.binarization() : options.binarization();
    return QueryPrecisionByEpoch.of(corpus, bits, binarization, threads, seed);
  }

  /**
   * Adds the scores of a finished run to its results and, when the trainer measured its held-out
   * training documents' Prec@100 every epoch ({@code validation_prec@100} in the model's
   * information, which it does on labelled training documents), the queries' Prec@100 at the epoch
   * those held-out labels rank first: the epoch a labelled validation set would have chosen, read
   * from the same training as the epoch the loss kept.
   */
  static void put(QueryPrecisionByEpoch scored, Map<String, String> modelInfo, Map<String, Object> run) {
    if (scored == null) {
      return;
    }
    List<Double> scores = scored.scores();
    run.put(BY_EPOCH, scores);
    run.put(BEST, scored.best());
    run.put(BEST_EPOCH, scored.bestEpoch());
    int chosen = labelChosenEpoch(modelInfo, scores.size());
    if (chosen > 0) {
      run.put(LABELS, scores.get(chosen - 1));
      run.put(LABELS_EPOCH, chosen);
    }
  }

  /**
   * The epoch (1 for the first) whose held-out Prec@100 in {@code modelInfo} is highest, the first
   * of equals; 0 if the information has none or not one per scored epoch.
   */
  static int labelChosenEpoch(Map<String, String> modelInfo, int epochs) {
    if (LearningCurve.isPresent(modelInfo) == false) {
      return 0;
    }
    List<Double> byEpoch = LearningCurve.of(modelInfo).validationPrecision();
    return byEpoch.size() == epochs ? QueryPrecisionByEpoch.bestEpoch(byEpoch) : 0;
  }

  /**
   * Removes a run's scores from results copied for other codes of the same network (an ITQ row
   * made from a median cell): the scores were the median codes'.
   */
  static void remove(Map<String, Object> run) {
    run.remove(BY_EPOCH);
    run.remove(BEST);
    run.remove(BEST_EPOCH);
    run.remove(LABELS);
    run.remove(LABELS_EPOCH);
  }

  /**
   * Prints a run's best scored epoch beside the epoch its model kept (from {@code model_info}),
   * if the run was scored.
   */
  static void print(Map<String, Object> run) {
    if (run.get(BY_EPOCH) instanceof List<?> scores && run.get(BEST_EPOCH) instanceof Integer bestEpoch) {
      String kept = run.get("model_info") instanceof Map<?, ?> info && info.get("best_epoch") instanceof String e ? e : null;
      System.out.printf(Locale.ROOT,
          "  scored every epoch: best Prec@100 %.4f at epoch %d of %d (as the thesis authors' code reports)%s%n",
          (Double) scores.get(bestEpoch - 1), bestEpoch, scores.size(),
          kept == null
              ? ""
              : String.format(Locale.ROOT, "; the model keeps epoch %s, scored %.4f", kept,
                  (Double) scores.get(Integer.parseInt(kept) - 1)));
      if (run.get(LABELS_EPOCH) instanceof Integer chosen) {
        System.out.printf(Locale.ROOT,
            "  the held-out training documents' labels would keep epoch %d, scored %.4f%n",
            chosen, (Double) scores.get(chosen - 1));
      }
    }
  }
}
