package dev.semhash.training.eval;

import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Evaluates any scoring of the training documents by the label-based protocol of {@link
 * HammingRankingEvaluator}: every test document is a query, the training documents are ranked by
 * decreasing score, and a training document is relevant if it shares a label with the query
 * (NDCG's gain: the number of labels shared). It serves rankings without codes: cosine over a
 * model's real-valued outputs ({@link CosineRankingEvaluator}) and the reference rankings of
 * {@code dev.semhash.training.reference}.
 *
 * <p><b>Ranking and ties.</b> Among training documents of equal score the earlier one ranks first,
 * so the result is deterministic and does not depend on the number of threads.
 *
 * <pre class="prettyprint">
 * LabelRankingEvaluation result =
 *     new LabelRankingEvaluator(trainLabels)
 *         .evaluate(testLabels, (q, scores) -&gt; ..., 100, 2, ProgressReporter.NONE, "my ranking");
 * </pre>
 */
public final class LabelRankingEvaluator {
  private static final int QUERIES_PER_TASK = 64;

  private final List<? extends Collection<String>> trainLabels;

  /**
   * @param trainLabels the label set of each training document, in the order the scorer scores
   *     them
   * @throws IllegalArgumentException if there is no training document
   */
  public LabelRankingEvaluator(List<? extends Collection<String>> trainLabels) {
    if (trainLabels.isEmpty()) {
      throw new IllegalArgumentException("no training document given; give at least one document");
    }
    this.trainLabels = List.copyOf(trainLabels);
  }

  /**
   * Ranks the training documents for each test document by {@code scorer} and averages Prec@k,
   * NDCG@k and the ceiling of Prec@k over the queries.
   *
   * @param testLabels the label set of each test document; query {@code q} is the {@code q}-th
   * @param scorer writes the score of every training document for a query; thread-safe
   * @param k the cut-off, positive
   * @param threads worker threads, at least 1; the result does not depend on it
   * @param progress receives one step per query
   * @param name what is ranked, for the progress bar
   * @throws IllegalArgumentException if there is no query, or a score is NaN
   */
  public LabelRankingEvaluation evaluate(
      List<? extends Collection<String>> testLabels,
      QueryScorer scorer,
      int k,
      int threads,
      ProgressReporter progress,
      String name) {
    RankingMetrics.checkK(k);
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
    if (testLabels.isEmpty()) {
      throw new IllegalArgumentException("no test document given; give at least one query");
    }
    LabelSets labels = LabelSets.of(trainLabels, testLabels);
    int n = trainLabels.size();
    int queries = testLabels.size();
    double[] precision = new double[queries];
    double[] ndcg = new double[queries];
    double[] ceiling = new double[queries];
    try (ProgressReporter.Progress p = progress.start(name, queries, "queries")) {
      List<Runnable> tasks = new ArrayList<>();
      for (int from = 0; from < queries; from += QUERIES_PER_TASK) {
        int start = from;
        int end = Math.min(queries, from + QUERIES_PER_TASK);
        tasks.add(
            () -> {
              double[] scores = new double[n];
              for (int q = start; q < end; q++) {
                scorer.score(q, scores);
                int[] gainHistogram = new int[labels.sizeOfSecond(q) + 1];
                for (int i = 0; i < n; i++) {
                  if (Double.isNaN(scores[i])) {
                    throw new IllegalArgumentException(
                        name + " scored training document " + i + " NaN for query " + q
                            + "; a score must be a number");
                  }
                  gainHistogram[labels.shared(i, q)]++;
                }
                int[] ranked = TopScores.top(scores, k);
                int relevant = 0;
                double dcg = 0;
                for (int r = 0; r < ranked.length; r++) {
                  int gain = labels.shared(ranked[r], q);
                  if (gain > 0) {
                    relevant++;
                    dcg += gain * RankingMetrics.discount(r);
                  }
                }
                precision[q] = relevant / (double) k;
                ceiling[q] = Math.min(k, n - gainHistogram[0]) / (double) k;
                double idcg = RankingMetrics.idealDcg(gainHistogram, k);
                ndcg[q] = idcg == 0 ? 0 : dcg / idcg;
              }
              p.step(end - start);
            });
      }
      Parallel.run(tasks, threads);
    }
    return new LabelRankingEvaluation(queries, n, k, mean(precision), mean(ndcg), mean(ceiling));
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }
}
