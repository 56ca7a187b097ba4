package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Prec@100 of held-out training documents against the documents trained on, by Hamming ranking of
 * the encoder's current codes: the criterion of {@link EarlyStopping#PRECISION}. The thresholds are
 * computed from the trained documents' means as {@link TrainedVdsh#export} computes them from all
 * training documents (the median or 2-means split per bit, or 0 for {@link Binarization#SIGN}), so an epoch is
 * judged by the codes it would export.
 */
final class ValidationPrecision {
  private static final int ROWS_PER_CALL = 500;

  private final int[] trained;
  private final int[] heldOut;
  private final int bits;
  private final Binarization binarization;
  private final int threads;
  private final long seed;
  private final List<List<String>> trainedLabels;
  private final List<List<String>> heldOutLabels;

  /**
   * @param trained rows the encoder trains on (the ranked documents)
   * @param heldOut rows held out (the queries)
   * @param labels each training document's label ids
   * @param seed the run's seed, which starts ITQ's rotation as {@link TrainedVdsh#export} starts it
   * @throws IllegalArgumentException if {@code labels} is null
   */
  ValidationPrecision(
      int[] trained, int[] heldOut, int[][] labels, int bits, Binarization binarization, int threads, long seed) {
    if (labels == null) {
      throw new IllegalArgumentException("early stopping on precision needs the training documents' labels");
    }
    this.trained = trained.clone();
    this.heldOut = heldOut.clone();
    this.bits = bits;
    this.binarization = binarization;
    this.threads = threads;
    this.seed = seed;
    this.trainedLabels = labelNames(trained, labels);
    this.heldOutLabels = labelNames(heldOut, labels);
  }

  /** The label ids of {@code rows} as strings, the form {@link HammingRankingEvaluator} compares. */
  static List<List<String>> labelNames(int[] rows, int[][] labels) {
    List<List<String>> out = new ArrayList<>(rows.length);
    for (int r : rows) {
      out.add(Arrays.stream(labels[r]).mapToObj(Integer::toString).toList());
    }
    return out;
  }

  /**
   * Prec@100 of the held-out rows' codes under the encoder's current means.
   *
   * @param training the training matrix, whose rows {@code trained} and {@code heldOut} name
   */
  double measure(EpochScorer.Means means, SparseMatrix training) {
    return precision(
        all(means, training, trained, bits), trainedLabels, () -> all(means, training, heldOut, bits), heldOutLabels,
        bits, binarization, threads, seed, itq -> {
          EpochScorer.Means rotated = means.rotated(itq);
          return new float[][] {all(rotated, training, trained, bits), all(rotated, training, heldOut, bits)};
        });
  }

  /**
   * Prec@100 of queries ranking documents by Hamming distance, both coded from real values
   * (row-major, {@code bits} per row) with thresholds (or an ITQ rotation) fitted on the
   * documents' values, as {@link TrainedVdsh#export} fits them on the training documents.
   *
   * @param seed the run's seed: ITQ's rotation starts from it, as the export's does (a local
   *     optimum that depends on the start, so another seed would judge other codes than those
   *     exported)
   * @param queryValues the queries' values, asked for unless ITQ's {@code rotated} gives them
   * @param rotated under ITQ, the documents' and the queries' values turned by the rotation
   *     learnt on the documents' values ({@code {documents, queries}}, row-major), whose signs
   *     are the codes
   */
  static double precision(
      float[] documentValues, List<List<String>> documentLabels, Supplier<float[]> queryValues,
      List<List<String>> queryLabels, int bits, Binarization binarization, int threads, long seed,
      Function<ItqRotation, float[][]> rotated) {
    int documents = documentLabels.size();
    int queries = queryLabels.size();
    long[][] documentCodes;
    long[][] queryCodes;
    if (binarization == Binarization.ITQ) {
      // The run's seed, as TrainedVdsh.export starts the rotation (it was 0L, so that an epoch was
      // judged by another local optimum of ITQ than the codes the model then exported).
      float[][] turned = rotated.apply(ItqRotation.learn(documentValues, documents, bits, seed));
      documentCodes = ItqRotation.signs(turned[0], documents, bits);
      queryCodes = ItqRotation.signs(turned[1], queries, bits);
    } else {
      float[] thresholds = binarization.thresholds(documentValues, documents, bits);
      documentCodes = codes(documentValues, documents, bits, thresholds);
      queryCodes = codes(queryValues.get(), queries, bits, thresholds);
    }
    return new HammingRankingEvaluator(bits, documentCodes, documentLabels)
        .evaluate(queryCodes, queryLabels, new int[] {HammingRankingEvaluator.DEFAULT_K},
            HammingRankingEvaluator.DEFAULT_RADIUS, threads, ProgressReporter.NONE)
        .precisionAt(HammingRankingEvaluator.DEFAULT_K);
  }

  /**
   * The means of {@code rows} of {@code inputs}, row-major, computed a few hundred rows at a time
   * to bound the arrays.
   */
  static float[] all(EpochScorer.Means means, SparseMatrix inputs, int[] rows, int bits) {
    float[] out = new float[rows.length * bits];
    for (int from = 0; from < rows.length; from += ROWS_PER_CALL) {
      int[] chunk = Arrays.copyOfRange(rows, from, Math.min(rows.length, from + ROWS_PER_CALL));
      System.arraycopy(means.of(inputs, chunk), 0, out, from * bits, chunk.length * bits);
    }
    return out;
  }

  /** Per-bit medians of row-major values, as {@link TrainedVdsh#medians} computes them. */
  static float[] medians(float[] values, int rows, int bits) {
    float[] medians = new float[bits];
    float[] column = new float[rows];
    for (int j = 0; j < bits; j++) {
      for (int r = 0; r < rows; r++) {
        column[r] = values[r * bits + j];
      }
      medians[j] = TrainedVdsh.median(column);
    }
    return medians;
  }

  private static long[][] codes(float[] values, int rows, int bits, float[] thresholds) {
    long[][] codes = new long[rows][];
    for (int r = 0; r < rows; r++) {
      codes[r] = HashModel.binarize(values, r * bits, thresholds);
    }
    return codes;
  }
}
