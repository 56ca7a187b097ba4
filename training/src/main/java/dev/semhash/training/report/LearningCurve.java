package dev.semhash.training.report;

import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-epoch history of a neural hashing model, as its trainer recorded it in the model file's
 * information ({@code HashModel.info()}): the mean training loss per document (weighted by that
 * epoch's KL weight), the held-out loss that early stopping compares, the held-out KL term per
 * document, the KL weight at the end of each epoch (absent from files written before 2026-11-28),
 * the epoch kept, and the epoch from which early stopping could end training (files written from
 * 2026-11-29 on record the floor of training documents it waits for).
 *
 * <pre class="prettyprint">
 * try (HashModel model = HashModelFormat.read(Path.of("20ng-vdsh-32.hashmodel"))) {
 *   LearningCurve curve = LearningCurve.of(model.info());
 *   System.out.println("kept epoch " + curve.keptEpoch() + " of " + curve.epochs());
 * }
 * </pre>
 *
 * @param method the model's method, such as {@code vdsh}
 * @param bits the code length
 * @param criterion what the held-out loss measures ({@code reconstruction}, {@code elbo} or
 *     {@code precision}, the model's {@code early_stopping}; {@code elbo} for files without it)
 * @param trainLosses mean training loss per document, one per epoch
 * @param validationLosses held-out loss per document, one per epoch
 * @param validationKl held-out KL term per document, one per epoch
 * @param klWeights the KL weight at each epoch's end, one per epoch, or empty when not recorded
 * @param validationPrecision held-out Prec@100 per epoch when early stopping compared it ({@code
 *     --early-stopping precision}) or a scored run measured it for its report ({@code
 *     --score-every-epoch} on labelled training documents), else empty
 * @param keptEpoch the epoch (from 1) whose network the model holds
 * @param stoppingFloorEpoch the first epoch at whose end the model had trained on its {@code
 *     min_training_documents}, before which early stopping could not end training; 0 when it
 *     waited for no floor or did not record one (files written before 2026-11-29). It may exceed
 *     {@link #epochs()} when the run had fewer epochs than the floor needs.
 * @param queryPrecision Prec@100 of the run's queries after every epoch ({@link
 *     #withQueryPrecision}), else empty; never in a model file
 */
public record LearningCurve(
    String method,
    int bits,
    String criterion,
    List<Double> trainLosses,
    List<Double> validationLosses,
    List<Double> validationKl,
    List<Double> klWeights,
    List<Double> validationPrecision,
    int keptEpoch,
    int stoppingFloorEpoch,
    List<Double> queryPrecision) {

  /** The information key that marks a model trained by epochs. */
  static final String TRAIN_LOSSES = "train_losses";

  private static final String VALIDATION_PRECISION = "validation_prec@100";

  private static final String MIN_TRAINING_DOCUMENTS = "min_training_documents";

  public LearningCurve {
    trainLosses = List.copyOf(trainLosses);
    validationLosses = List.copyOf(validationLosses);
    validationKl = List.copyOf(validationKl);
    klWeights = List.copyOf(klWeights);
    validationPrecision = List.copyOf(validationPrecision);
    queryPrecision = List.copyOf(queryPrecision);
    int n = trainLosses.size();
    if (n == 0) {
      throw new IllegalArgumentException("a learning curve needs at least one epoch, got none");
    }
    if (validationLosses.size() != n || validationKl.size() != n
        || (klWeights.isEmpty() == false && klWeights.size() != n)
        || (validationPrecision.isEmpty() == false && validationPrecision.size() != n)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "the model's history is inconsistent: %d training losses, %d held-out losses, %d held-out"
              + " KL terms, %d KL weights and %d held-out precisions, where every list should have one"
              + " value per epoch; the file was not written by a semhash trainer, or was edited",
          n, validationLosses.size(), validationKl.size(), klWeights.size(), validationPrecision.size()));
    }
    if (queryPrecision.isEmpty() == false && queryPrecision.size() != n) {
      throw new IllegalArgumentException(
          queryPrecision.size() + " queries' Prec@100 for " + n + " epochs; score every epoch of the run, or none");
    }
    if (keptEpoch < 1 || keptEpoch > n) {
      throw new IllegalArgumentException(
          "the model's kept epoch " + keptEpoch + " is not one of its " + n + " epochs");
    }
    if (stoppingFloorEpoch < 0) {
      throw new IllegalArgumentException(
          "the epoch from which early stopping may end training cannot be negative, got " + stoppingFloorEpoch);
    }
  }

  /** Whether {@code info} holds a per-epoch history, that is, whether its model trained by epochs. */
  public static boolean isPresent(Map<String, String> info) {
    return info.containsKey(TRAIN_LOSSES);
  }

  /**
   * Reads the history from a model's information.
   *
   * @throws IllegalArgumentException if the model did not train by epochs (LSH, STH), or its
   *     history does not parse; the message says which
   */
  public static LearningCurve of(Map<String, String> info) {
    String method = info.getOrDefault("method", "this model");
    if (isPresent(info) == false) {
      throw new IllegalArgumentException(
          method + " was not trained by epochs, so it has no learning curve; only "
              + MethodOptions.describeNeural() + " record one in their model file");
    }
    List<Double> train = numbers(info, TRAIN_LOSSES);
    List<Double> validation = numbers(info, "validation_losses");
    List<Double> kl = numbers(info, "validation_kl");
    List<Double> weights = info.containsKey("kl_weights") ? numbers(info, "kl_weights") : List.of();
    List<Double> precision =
        info.containsKey(VALIDATION_PRECISION) ? numbers(info, VALIDATION_PRECISION) : List.of();
    int kept = integer(info, "best_epoch");
    int bits = integer(info, "bits");
    return new LearningCurve(
        method, bits, info.getOrDefault("early_stopping", "elbo"), train, validation, kl, weights, precision, kept,
        stoppingFloorEpoch(info), List.of());
  }

  /** The first epoch that ends with {@code min_training_documents} trained on, or 0 without a floor. */
  private static int stoppingFloorEpoch(Map<String, String> info) {
    if (info.containsKey(MIN_TRAINING_DOCUMENTS) == false) {
      return 0;
    }
    int floor = integer(info, MIN_TRAINING_DOCUMENTS);
    if (floor <= 0) {
      return 0;
    }
    int perEpoch = integer(info, "training_documents");
    if (perEpoch < 1) {
      throw new IllegalArgumentException(
          "the model's training_documents should be at least 1, but is " + perEpoch
              + "; the file was not written by a semhash trainer, or was edited");
    }
    return VdshSettings.stoppingFloorEpoch(floor, perEpoch);
  }


  /**
   * This curve with the run's queries scored after every epoch ({@code eval-hash
   * --score-every-epoch}), which the model file does not record.
   */
  public LearningCurve withQueryPrecision(List<Double> scores) {
    return new LearningCurve(method, bits, criterion, trainLosses, validationLosses, validationKl, klWeights,
        validationPrecision, keptEpoch, stoppingFloorEpoch, scores);
  }

  /** Number of epochs run. */
  public int epochs() {
    return trainLosses.size();
  }

  /**
   * The first epoch at whose end the KL weight had reached 1, from which early stopping counts its
   * patience; 0 if it never did or the model did not record its KL weights.
   */
  public int klWeightFullEpoch() {
    for (int e = 0; e < klWeights.size(); e++) {
      if (klWeights.get(e) >= 1) {
        return e + 1;
      }
    }
    return 0;
  }

  /**
   * The first epoch from which early stopping counts its patience: the KL weight is full and the
   * floor of training documents is passed ({@code VdshTrainer} waits for both); 0 if the KL weight
   * never reached 1 (the run could not stop early) or was not recorded.
   */
  public int earlyStoppingWatchEpoch() {
    int full = klWeightFullEpoch();
    return full == 0 ? 0 : Math.max(full, stoppingFloorEpoch);
  }

  private static List<Double> numbers(Map<String, String> info, String key) {
    String text = info.get(key);
    if (text == null) {
      throw new IllegalArgumentException(
          "the model's history has " + TRAIN_LOSSES + " but no " + key
              + "; the file was not written by a semhash trainer, or was edited");
    }
    List<Double> values = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      try {
        values.add(Double.parseDouble(part.strip()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "the model's " + key + " should be numbers separated by commas, but holds \"" + part
                + "\"; the file was not written by a semhash trainer, or was edited", e);
      }
    }
    return values;
  }

  private static int integer(Map<String, String> info, String key) {
    String text = info.get(key);
    try {
      return Integer.parseInt(text == null ? "" : text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "the model's " + key + " should be a whole number, but is "
              + (text == null ? "missing" : "\"" + text + "\"")
              + "; the file was not written by a semhash trainer, or was edited", e);
    }
  }
}
