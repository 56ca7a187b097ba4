package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.HashModel;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trained model's codes made again by another {@link Binarization}, from the model's own
 * real-valued outputs on training texts, without training again: new medians, 2-means splits, thresholds of 0,
 * or an {@link ItqRotation} folded into the last layer. The network is otherwise unchanged, so a
 * model trained with median thresholds and re-binarised here with the texts it was trained on
 * equals one trained with the other binarisation at the same seed.
 *
 * <pre class="prettyprint">
 * try (HashModel median = HashModelFormat.read(Path.of("20ng-vdsh-s-32.hashmodel"));
 *     HashModel itq = ModelBinarization.apply(median, trainingTexts, Binarization.ITQ, 42L, 2, ProgressReporter.NONE)) {
 *   HashModelFormat.write(itq, Path.of("20ng-vdsh-s-32-itq.hashmodel"));
 * }
 * </pre>
 */
public final class ModelBinarization {
  private ModelBinarization() {}

  /**
   * The model with its thresholds (or rotation) derived from its outputs on {@code trainTexts},
   * each analysed and weighted by the model itself. The info keeps the model's provenance, says
   * {@code binarization} anew and records the former one under {@code rebinarized_from}.
   *
   * @param seed seeds ITQ's random orthogonal start (unused by median and sign)
   * @throws IllegalArgumentException if there are fewer than two texts, an output is not finite,
   *     or ITQ is asked of a model without a linear last layer (LSH and STH)
   */
  public static HashModel apply(
      HashModel model, List<String> trainTexts, Binarization binarization, long seed, int threads, ProgressReporter progress)
      throws IOException {
    if (trainTexts.size() < 2) {
      throw new IllegalArgumentException(
          "re-binarising needs the model's outputs on at least two training documents, got "
              + trainTexts.size() + "; give the dataset the model was trained on");
    }
    if (model.readsNeighbourhood()) {
      throw new IllegalArgumentException(
          "model '" + model.method() + "' reads each document's neighbourhood, which texts alone do not give;"
              + " project the training documents with NeighbourhoodEncoding and call apply(model, projections, ...)");
    }
    return apply(model, CodeEncoder.projectTexts(model, trainTexts, threads, progress), binarization, seed);
  }

  /**
   * As {@link #apply(HashModel, List, Binarization, long, int, ProgressReporter)}, from the model's
   * outputs on the training documents, one row each (read with their neighbourhoods for a model
   * that reads them).
   */
  public static HashModel apply(HashModel model, float[][] projected, Binarization binarization, long seed) {
    if (projected.length < 2) {
      throw new IllegalArgumentException(
          "re-binarising needs the model's outputs on at least two training documents, got "
              + projected.length + "; give the dataset the model was trained on");
    }
    int rows = projected.length;
    int bits = model.bits();
    float[] values = new float[rows * bits];
    for (int r = 0; r < rows; r++) {
      System.arraycopy(projected[r], 0, values, r * bits, bits);
    }
    requireFinite(values, bits); // whichever binarisation: a model whose outputs are not finite is not written
    Map<String, String> info = new LinkedHashMap<>(model.info());
    info.put("rebinarized_from", model.info().getOrDefault("binarization", "unknown"));
    info.put("rebinarized_on_documents", Integer.toString(rows));
    HashModel relabelled = model.with(info, model.layers(), model.thresholds());
    try (relabelled) {
      return switch (binarization) {
        case ITQ -> ItqRotation.rotate(relabelled, values, rows, seed);
        case MEDIAN, SIGN, TWO_MEANS -> withThresholds(relabelled, binarization, binarization.thresholds(values, rows, bits));
      };
    }
  }

  private static HashModel withThresholds(HashModel model, Binarization binarization, float[] thresholds) {
    Map<String, String> info = new LinkedHashMap<>(model.info());
    info.put("binarization", binarization.cliName());
    info.remove("itq_quantization_loss"); // the rotation stays folded in, but no longer chooses the bits alone
    return model.with(info, model.layers(), thresholds);
  }

  private static void requireFinite(float[] values, int bits) {
    for (int i = 0; i < values.length; i++) {
      if (Float.isFinite(values[i]) == false) {
        throw new IllegalArgumentException(
            "training document " + i / bits + " has output " + values[i] + " at bit " + i % bits
                + "; the model's network does not give finite values, so no thresholds can be learnt"
                + " (retrain it, with a smaller --learning-rate if training diverged)");
      }
    }
  }
}
