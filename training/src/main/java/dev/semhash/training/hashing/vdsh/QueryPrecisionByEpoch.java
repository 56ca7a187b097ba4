package dev.semhash.training.hashing.vdsh;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Prec@100 of a run's queries (the corpus's test documents, or the held-out ones of a validation
 * or random split) after every epoch, ranking the training documents by the codes that epoch
 * would export: thresholds (or the ITQ rotation) fitted on the training documents' means.
 *
 * <p>Why: the thesis authors' released code for NbrReg ({@code train_NbrReg.py}) and node2hash
 * ({@code train_EdgeReg.py}) evaluates the test documents after every epoch and reports the best
 * epoch's Prec@100, so those tables are a maximum over one test evaluation per epoch. {@link
 * #best()} is that figure for our network, to compare like with like. It is optimistic (the test
 * queries choose the epoch) and for comparison only: the model the trainer keeps is still chosen
 * on held-out training documents.
 */
public final class QueryPrecisionByEpoch implements EpochScorer {
  private final SparseMatrix documents;
  private final SparseMatrix queries;
  private final List<List<String>> documentLabels;
  private final List<List<String>> queryLabels;
  private final int bits;
  private final Binarization binarization;
  private final int threads;
  private final long seed;
  private final List<Double> scores = new ArrayList<>();

  /**
   * @param documents the ranked documents (the training documents the network trains on)
   * @param documentLabels their label ids, one list per row
   * @param queries the queries, in the same vocabulary and weighting
   * @param queryLabels their label ids, one list per row
   * @param seed the seed the network is trained with, which starts ITQ's rotation as the export
   *     starts it (unused by the other binarisations)
   * @throws IllegalArgumentException if a matrix and its labels differ in rows, the matrices in
   *     columns, or a side is empty
   */
  public QueryPrecisionByEpoch(
      SparseMatrix documents, int[][] documentLabels, SparseMatrix queries, int[][] queryLabels,
      int bits, Binarization binarization, int threads, long seed) {
    if (documents.numColumns() != queries.numColumns()) {
      throw new IllegalArgumentException(
          "documents have " + documents.numColumns() + " columns but queries " + queries.numColumns()
              + "; both must be vectors of the same corpus");
    }
    requireRows(documents, documentLabels, "documents");
    requireRows(queries, queryLabels, "queries");
    this.documents = documents;
    this.queries = queries;
    this.documentLabels = ValidationPrecision.labelNames(everyRow(documentLabels.length), documentLabels);
    this.queryLabels = ValidationPrecision.labelNames(everyRow(queryLabels.length), queryLabels);
    this.bits = bits;
    this.binarization = binarization;
    this.threads = threads;
    this.seed = seed;
  }

  /** The corpus's queries against its training documents, for a network trained with {@code seed}. */
  public static QueryPrecisionByEpoch of(Corpus corpus, int bits, Binarization binarization, int threads, long seed) {
    return new QueryPrecisionByEpoch(
        corpus.train(), corpus.trainLabels(), corpus.test(), corpus.testLabels(), bits, binarization, threads, seed);
  }

  private static void requireRows(SparseMatrix m, int[][] labels, String what) {
    if (labels == null || labels.length != m.numRows()) {
      throw new IllegalArgumentException(
          "scoring each epoch needs one label list per row of the " + what + ", got "
              + (labels == null ? "none" : labels.length) + " for " + m.numRows() + " rows");
    }
    if (m.numRows() == 0) {
      throw new IllegalArgumentException("scoring each epoch needs at least one row of " + what + ", got none");
    }
  }

  @Override
  public double score(int epoch, Means means) {
    if (epoch != scores.size() + 1) {
      throw new IllegalStateException(
          "epoch " + epoch + " scored after " + scores.size() + " epochs; use a new scorer for each training run");
    }
    double precision =
        ValidationPrecision.precision(
            all(means, documents), documentLabels, () -> all(means, queries), queryLabels, bits, binarization, threads,
            seed, itq -> {
              Means rotated = means.rotated(itq);
              return new float[][] {all(rotated, documents), all(rotated, queries)};
            });
    scores.add(precision);
    return precision;
  }

  private float[] all(Means means, SparseMatrix inputs) {
    return ValidationPrecision.all(means, inputs, everyRow(inputs.numRows()), bits);
  }

  private static int[] everyRow(int rows) {
    return IntStream.range(0, rows).toArray();
  }

  /** Prec@100 after each epoch so far, the first epoch's first. */
  public List<Double> scores() {
    return List.copyOf(scores);
  }

  /** The highest Prec@100 of any epoch so far (the first such epoch's), NaN before the first. */
  public double best() {
    int e = bestEpoch();
    return e == 0 ? Double.NaN : scores.get(e - 1);
  }

  /** The epoch (1 for the first) of {@link #best()}, 0 before the first. */
  public int bestEpoch() {
    return bestEpoch(scores);
  }

  /**
   * The epoch (1 for the first) whose score in {@code byEpoch} is highest, the first of equals as
   * the thesis authors' code keeps its best; 0 for no epochs.
   */
  public static int bestEpoch(List<Double> byEpoch) {
    int best = 0;
    for (int i = 0; i < byEpoch.size(); i++) {
      if (best == 0 || byEpoch.get(i) > byEpoch.get(best - 1)) {
        best = i + 1;
      }
    }
    return best;
  }
}
