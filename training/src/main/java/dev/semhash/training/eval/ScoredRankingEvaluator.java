package dev.semhash.training.eval;

import dev.semhash.training.concurrent.Parallel;

import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Evaluates a scoring model that ranks a whole candidate collection for each query, with binary
 * relevance: EVALUATION.md section 2b (a test document is the query, training documents sharing
 * its label are relevant) and 2c (held-out citation links). Measures: MAP, P@10, AUC and rank loss.
 *
 * <p><b>Ranking.</b> For each query, every candidate document (all documents except the query's
 * excluded ones) is ranked by decreasing score; equal scores are ranked by increasing document
 * ordinal. MAP and P@10 use that ranking ({@link RankingMetrics}, no depth cut).
 *
 * <p><b>Which queries count.</b> MAP and P@10 average over queries with at least one relevant
 * candidate; AUC over queries with at least one relevant and one non-relevant candidate ({@link
 * PairwiseMetrics}); other queries are skipped and counted. Rank loss is measured on a {@link
 * TripleSample} drawn with the given seed, so every model sees the same triples; ties count one
 * half, in AUC and rank loss alike.
 *
 * <pre class="prettyprint">
 * int[][] relevant = ScoredRankingEvaluator.relevantBySharedLabel(testLabels, trainLabels);
 * ScoredRankingEvaluator evaluator = new ScoredRankingEvaluator(trainDocs.size(), relevant, null);
 * ScoredRankingEvaluation result =
 *     evaluator.evaluate(model::scoreAll, 100_000, 42L, 2, ProgressReporter.NONE);
 * </pre>
 */
public final class ScoredRankingEvaluator {
  private static final int QUERIES_PER_TASK = 32;

  private final int numDocs;
  private final int[][] relevant;
  private final int[][] excluded;

  /**
   * @param numDocs number of candidate documents (ordinals {@code 0..numDocs-1})
   * @param relevantDocs for each query, its relevant document ordinals (no duplicates)
   * @param excludedDocs for each query, documents that are not candidates (such as the query
   *     document itself); null if none; must not overlap the relevant ones
   * @throws IllegalArgumentException on no query, no document, an ordinal out of range, a
   *     duplicate, or a document both relevant and excluded
   */
  public ScoredRankingEvaluator(int numDocs, int[][] relevantDocs, int[][] excludedDocs) {
    if (numDocs <= 0) {
      throw new IllegalArgumentException("no candidate document; numDocs is " + numDocs);
    }
    if (relevantDocs.length == 0) {
      throw new IllegalArgumentException("no query given; give at least one");
    }
    if (excludedDocs != null && excludedDocs.length != relevantDocs.length) {
      throw new IllegalArgumentException(
          relevantDocs.length + " relevant lists but " + excludedDocs.length + " excluded lists");
    }
    this.numDocs = numDocs;
    this.relevant = new int[relevantDocs.length][];
    this.excluded = new int[relevantDocs.length][];
    for (int q = 0; q < relevantDocs.length; q++) {
      relevant[q] = checkedSorted(q, "relevant", relevantDocs[q], numDocs);
      excluded[q] =
          excludedDocs == null ? new int[0] : checkedSorted(q, "excluded", excludedDocs[q], numDocs);
      for (int d : excluded[q]) {
        if (Arrays.binarySearch(relevant[q], d) >= 0) {
          throw new IllegalArgumentException(
              "query " + q + ": document " + d + " is both relevant and excluded");
        }
      }
    }
  }

  /**
   * Relevance by labels: candidate {@code d} is relevant to query {@code q} if they share at least
   * one label.
   */
  public static int[][] relevantBySharedLabel(
      List<? extends Collection<String>> queryLabels, List<? extends Collection<String>> docLabels) {
    LabelSets labels = LabelSets.of(docLabels, queryLabels);
    int[][] relevant = new int[queryLabels.size()][];
    int[] buffer = new int[docLabels.size()];
    for (int q = 0; q < relevant.length; q++) {
      int n = 0;
      for (int d = 0; d < docLabels.size(); d++) {
        if (labels.shared(d, q) > 0) {
          buffer[n++] = d;
        }
      }
      relevant[q] = Arrays.copyOf(buffer, n);
    }
    return relevant;
  }

  /** Number of queries. */
  public int numQueries() {
    return relevant.length;
  }

  /**
   * Scores and ranks every query.
   *
   * @param scorer fills the scores of all candidates for a query (thread-safe if {@code threads >
   *     1})
   * @param triples size of the rank-loss sample, at least 1
   * @param seed seed of the rank-loss sample
   * @param threads worker threads, at least 1
   * @param progress one step per query
   * @throws IllegalArgumentException if a score is NaN (says which query and document), or no
   *     query has a relevant candidate
   */
  public ScoredRankingEvaluation evaluate(
      QueryScorer scorer, int triples, long seed, int threads, ProgressReporter progress) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
    TripleSample sample = TripleSample.draw(relevant, excluded, numDocs, triples, seed);
    // Triples grouped by query, so each query's score vector serves all of its triples.
    int[] tripleStart = new int[relevant.length + 1];
    for (int t = 0; t < sample.size(); t++) {
      tripleStart[sample.query(t) + 1]++;
    }
    for (int q = 0; q < relevant.length; q++) {
      tripleStart[q + 1] += tripleStart[q];
    }
    int[] triplesByQuery = new int[sample.size()];
    int[] fill = Arrays.copyOf(tripleStart, relevant.length);
    for (int t = 0; t < sample.size(); t++) {
      triplesByQuery[fill[sample.query(t)]++] = t;
    }

    int queries = relevant.length;
    double[] ap = new double[queries];
    double[] p10 = new double[queries];
    double[] auc = new double[queries];
    double[] wrongTriples = new double[queries];
    boolean[] ranked = new boolean[queries];
    boolean[] hasAuc = new boolean[queries];

    try (ProgressReporter.Progress p = progress.start("ranking evaluation", queries, "queries")) {
      List<Runnable> tasks = new ArrayList<>();
      for (int from = 0; from < queries; from += QUERIES_PER_TASK) {
        int start = from;
        int end = Math.min(queries, from + QUERIES_PER_TASK);
        tasks.add(
            () -> {
              double[] scores = new double[numDocs];
              int[] order = new int[numDocs];
              boolean[] isRelevant = new boolean[numDocs];
              boolean[] isExcluded = new boolean[numDocs];
              ScoreOrder sorter = new ScoreOrder();
              for (int q = start; q < end; q++) {
                Arrays.fill(scores, 0);
                scorer.score(q, scores);
                for (int d : relevant[q]) {
                  isRelevant[d] = true;
                }
                for (int d : excluded[q]) {
                  isExcluded[d] = true;
                }
                int size = 0;
                for (int d = 0; d < numDocs; d++) {
                  if (Double.isNaN(scores[d])) {
                    throw new IllegalArgumentException(
                        "score of document " + d + " for query " + q + " is NaN; the model produced an invalid score");
                  }
                  if (isExcluded[d] == false) {
                    order[size++] = d;
                  }
                }
                sorter.sort(scores, order, size);
                int numRelevant = relevant[q].length;
                if (numRelevant > 0) {
                  ranked[q] = true;
                  double sum = 0;
                  int hits = 0;
                  for (int r = 0; r < size; r++) {
                    if (isRelevant[order[r]]) {
                      hits++;
                      sum += hits / (double) (r + 1);
                      if (r < 10) {
                        p10[q]++;
                      }
                    }
                  }
                  ap[q] = sum / numRelevant;
                  p10[q] /= 10;
                  if (numRelevant < size) {
                    hasAuc[q] = true;
                    auc[q] = auc(scores, order, size, isRelevant, numRelevant);
                  }
                }
                for (int i = tripleStart[q]; i < tripleStart[q + 1]; i++) {
                  int t = triplesByQuery[i];
                  int cmp = Double.compare(scores[sample.nonRelevant(t)], scores[sample.relevant(t)]);
                  wrongTriples[q] += cmp > 0 ? 1 : cmp == 0 ? 0.5 : 0;
                }
                for (int d : relevant[q]) {
                  isRelevant[d] = false;
                }
                for (int d : excluded[q]) {
                  isExcluded[d] = false;
                }
              }
              p.step(end - start);
            });
      }
      Parallel.run(tasks, threads);
    }

    int rankedQueries = 0;
    int aucQueries = 0;
    double apSum = 0, p10Sum = 0, aucSum = 0, wrong = 0;
    for (int q = 0; q < queries; q++) {
      if (ranked[q]) {
        rankedQueries++;
        apSum += ap[q];
        p10Sum += p10[q];
      }
      if (hasAuc[q]) {
        aucQueries++;
        aucSum += auc[q];
      }
      wrong += wrongTriples[q];
    }
    if (rankedQueries == 0) {
      throw new IllegalArgumentException("no query has a relevant candidate; nothing to evaluate");
    }
    return new ScoredRankingEvaluation(
        queries,
        rankedQueries,
        apSum / rankedQueries,
        p10Sum / rankedQueries,
        aucQueries == 0 ? Double.NaN : aucSum / aucQueries,
        wrong / sample.size(),
        sample.size(),
        seed);
  }

  /** Mann-Whitney AUC from the ranking (decreasing score), tied scores counting one half. */
  private static double auc(
      double[] scores, int[] order, int size, boolean[] isRelevant, int numRelevant) {
    long numNonRelevant = size - numRelevant;
    long nonRelevantAbove = 0;
    double wins = 0;
    for (int i = 0; i < size; ) {
      int j = i;
      int relInGroup = 0;
      while (j < size && Double.compare(scores[order[j]], scores[order[i]]) == 0) {
        if (isRelevant[order[j]]) {
          relInGroup++;
        }
        j++;
      }
      long nonRelInGroup = (j - i) - relInGroup;
      long nonRelBelow = numNonRelevant - nonRelevantAbove - nonRelInGroup;
      wins += relInGroup * (nonRelBelow + 0.5 * nonRelInGroup);
      nonRelevantAbove += nonRelInGroup;
      i = j;
    }
    return wins / ((double) numRelevant * numNonRelevant);
  }

  private static int[] checkedSorted(int q, String what, int[] docs, int numDocs) {
    int[] sorted = docs.clone();
    Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) {
      if (sorted[i] < 0 || sorted[i] >= numDocs) {
        throw new IllegalArgumentException(
            "query " + q + " lists " + what + " document " + sorted[i] + ", outside [0, " + numDocs + ")");
      }
      if (i > 0 && sorted[i] == sorted[i - 1]) {
        throw new IllegalArgumentException(
            "query " + q + " lists " + what + " document " + sorted[i] + " twice");
      }
    }
    return sorted;
  }
}
