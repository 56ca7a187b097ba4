package dev.semhash.training.eval;

import dev.semhash.training.progress.ProgressReporter;
import java.util.Collection;
import java.util.List;

/**
 * Evaluates real-valued document vectors by cosine ranking, with the relevance and measures of
 * {@link HammingRankingEvaluator}: every test vector is a query, every training vector is ranked by
 * decreasing cosine similarity, and a training document is relevant if it shares a label with the
 * query. Given a hashing model's vectors before binarisation (its encoder's output), it tells how
 * much of the ranking the codes lost to the thresholds, as the thesis's figure 5.5 does for
 * node2hash.
 *
 * <p><b>Ranking and ties.</b> Among training documents of equal similarity the earlier one ranks
 * first ({@link LabelRankingEvaluator}), so the result is deterministic. A zero vector has similarity 0 to every document. Scores
 * are computed in double precision from the float vectors.
 *
 * <pre class="prettyprint">
 * CosineRankingEvaluator evaluator = new CosineRankingEvaluator(trainVectors, trainLabels);
 * SemanticVectorEvaluation result =
 *     evaluator.evaluate(testVectors, testLabels, 100, 2, ProgressReporter.NONE);
 * </pre>
 */
public final class CosineRankingEvaluator {
  private final double[][] trainUnit;
  private final int dimensions;
  private final List<? extends Collection<String>> trainLabels;

  /**
   * @param trainVectors one vector per training document, all of one length
   * @param trainLabels the label set of each training document, same order
   * @throws IllegalArgumentException if there is no training document, the counts or lengths
   *     differ, or a value is not finite
   */
  public CosineRankingEvaluator(float[][] trainVectors, List<? extends Collection<String>> trainLabels) {
    if (trainVectors.length == 0) {
      throw new IllegalArgumentException("no training vector given; give at least one document");
    }
    this.dimensions = trainVectors[0] == null ? 0 : trainVectors[0].length;
    this.trainUnit = unitRows("training", trainVectors, trainLabels, dimensions);
    this.trainLabels = List.copyOf(trainLabels);
  }

  /**
   * Ranks the training documents for each test vector and averages Prec@k, NDCG@k and the ceiling
   * of Prec@k over the queries.
   *
   * @param k the cut-off, positive
   * @param threads worker threads, at least 1; the result does not depend on it
   * @param progress receives one step per query
   */
  public SemanticVectorEvaluation evaluate(
      float[][] testVectors,
      List<? extends Collection<String>> testLabels,
      int k,
      int threads,
      ProgressReporter progress) {
    if (testVectors.length == 0) {
      throw new IllegalArgumentException("no test vector given; give at least one query");
    }
    double[][] queries = unitRows("test", testVectors, testLabels, dimensions);
    LabelRankingEvaluation e =
        new LabelRankingEvaluator(trainLabels)
            .evaluate(
                testLabels,
                (q, scores) -> {
                  for (int i = 0; i < trainUnit.length; i++) {
                    scores[i] = dot(queries[q], trainUnit[i]);
                  }
                },
                k,
                threads,
                progress,
                "cosine ranking");
    return new SemanticVectorEvaluation(
        e.queries(), e.documents(), dimensions, k, e.precision(), e.ndcg(), e.ceiling());
  }

  private static double dot(double[] a, double[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
  }

  /** Each row scaled to unit length (a zero row stays zero), after checking it. */
  private static double[][] unitRows(
      String which, float[][] vectors, List<? extends Collection<String>> labels, int dimensions) {
    if (vectors.length != labels.size()) {
      throw new IllegalArgumentException(
          vectors.length + " " + which + " vectors but " + labels.size() + " label sets; give one per document");
    }
    double[][] unit = new double[vectors.length][];
    for (int i = 0; i < vectors.length; i++) {
      float[] v = vectors[i];
      if (v == null || v.length != dimensions || dimensions == 0) {
        throw new IllegalArgumentException(
            which + " vector " + i + " has " + (v == null ? "no" : v.length) + " values, but the"
                + " training vectors have " + dimensions + "; project every document with the same model");
      }
      double norm = 0;
      for (int j = 0; j < v.length; j++) {
        if (Float.isFinite(v[j]) == false) {
          throw new IllegalArgumentException(
              which + " vector " + i + " has " + v[j] + " at dimension " + j
                  + "; the model produced a non-finite value (retrain it, or check its file)");
        }
        norm += (double) v[j] * v[j];
      }
      double scale = norm == 0 ? 0 : 1 / Math.sqrt(norm);
      unit[i] = new double[v.length];
      for (int j = 0; j < v.length; j++) {
        unit[i][j] = v[j] * scale;
      }
    }
    return unit;
  }
}
