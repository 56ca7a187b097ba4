package dev.semhash.training.eval;

import dev.semhash.training.concurrent.Parallel;

import dev.semhash.index.HammingCodes;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Evaluates binary codes by Hamming ranking, the semantic-hashing protocol of EVALUATION.md
 * section 1: every test document is a query, every training document is ranked by Hamming
 * distance to the query's code, and a training document is relevant if it shares a label with the
 * query.
 *
 * <p><b>Ranking and ties.</b> Training documents are ranked by increasing Hamming distance; among
 * documents at the same distance, the one earlier in the training list ranks first. The ranking is
 * thus a stable counting sort by distance, fully deterministic. Since the codes do not order the
 * documents tied at the distance where the top k fills up, Prec@k is also given over all their
 * orders ({@link HammingEvaluation.TiedPrecision}): the worst, the expected and the best.
 *
 * <p><b>Measures</b>, per query, then averaged over all test queries:
 *
 * <ul>
 *   <li>Prec@k: training documents sharing a label with the query among the top k, divided by k.
 *   <li>NDCG@k: {@link RankingMetrics#ndcg} with gain = number of labels shared (binary for
 *       single-label data), the ideal ranking being all training documents sorted by gain; a query
 *       that shares no label with any training document scores 0.
 *   <li>Precision within radius r: relevant share of all training documents at distance &le; r; a
 *       query with no training document within the radius scores 0 (thesis figure 3.2).
 *   <li>The ceiling of Prec@k: what a perfect ranking would score, min(k, relevant training
 *       documents) / k, so that a shortfall can be told from a query that cannot fill its top k.
 * </ul>
 *
 * <p>Prec@k and its ceiling are also given for the queries of each label ({@link LabelPrecision}),
 * to show where a model loses.
 *
 * <p>Codes are {@code long[]} words in the bit order of {@link HammingCodes}. Queries run on
 * {@code threads} threads; per-query values are summed in query order, so the result does not
 * depend on the thread count.
 *
 * <pre class="prettyprint">
 * HammingRankingEvaluator evaluator = new HammingRankingEvaluator(64, trainCodes, trainLabels);
 * HammingEvaluation result = evaluator.evaluate(testCodes, testLabels, reporter);
 * double prec100 = result.precisionAt(100);
 * </pre>
 */
public final class HammingRankingEvaluator {
  /** The protocol's cut-off for Prec@k and NDCG@k. */
  public static final int DEFAULT_K = 100;

  /** The protocol's Hamming radius. */
  public static final int DEFAULT_RADIUS = 2;

  private static final int QUERIES_PER_TASK = 64;

  private final int bits;
  private final long[][] trainCodes;
  private final List<? extends Collection<String>> trainLabels;

  /**
   * @param bits code length in bits (positive)
   * @param trainCodes one code per training document, {@code (bits + 63) / 64} words each
   * @param trainLabels the label set of each training document, same order
   * @throws IllegalArgumentException if there is no training document, the counts differ, or a code
   *     has the wrong number of words or a bit set beyond {@code bits}
   */
  public HammingRankingEvaluator(
      int bits, long[][] trainCodes, List<? extends Collection<String>> trainLabels) {
    if (bits <= 0) {
      throw new IllegalArgumentException("code length must be positive, got " + bits + " bits");
    }
    checkCodes("training", bits, trainCodes, trainLabels);
    this.bits = bits;
    this.trainCodes = trainCodes.clone();
    this.trainLabels = List.copyOf(trainLabels);
  }

  /** Evaluates with the protocol's settings: Prec@100, NDCG@100, radius 2, every core. */
  public HammingEvaluation evaluate(
      long[][] testCodes, List<? extends Collection<String>> testLabels, ProgressReporter progress) {
    return evaluate(
        testCodes,
        testLabels,
        new int[] {DEFAULT_K},
        DEFAULT_RADIUS,
        Runtime.getRuntime().availableProcessors(),
        progress);
  }

  /**
   * Evaluates the test codes.
   *
   * @param testCodes one code per test document (query)
   * @param testLabels the label set of each test document, same order
   * @param ks cut-offs for Prec@k and NDCG@k, each positive (any order, duplicates ignored); a
   *     cut-off above the number of training documents still divides precision by k
   * @param radius Hamming radius, at least 0
   * @param threads worker threads, at least 1
   * @param progress receives one step per query
   */
  public HammingEvaluation evaluate(
      long[][] testCodes,
      List<? extends Collection<String>> testLabels,
      int[] ks,
      int radius,
      int threads,
      ProgressReporter progress) {
    checkCodes("test", bits, testCodes, testLabels);
    if (ks.length == 0) {
      throw new IllegalArgumentException("give at least one cut-off k");
    }
    int[] cutoffs = Arrays.stream(ks).distinct().sorted().toArray();
    RankingMetrics.checkK(cutoffs[0]);
    if (radius < 0) {
      throw new IllegalArgumentException("Hamming radius must be >= 0, got " + radius);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1, got " + threads);
    }
    LabelSets labels = LabelSets.of(trainLabels, testLabels);
    int queries = testCodes.length;
    double[][] precision = new double[cutoffs.length][queries];
    double[][] ndcg = new double[cutoffs.length][queries];
    double[][] ceiling = new double[cutoffs.length][queries];
    double[][][] tied = new double[3][cutoffs.length][queries]; // worst, expected, best
    double[] radiusPrecision = new double[queries];
    boolean[] radiusEmpty = new boolean[queries];

    try (ProgressReporter.Progress p = progress.start("Hamming ranking", queries, "queries")) {
      Runnable[] tasks = new Runnable[(queries + QUERIES_PER_TASK - 1) / QUERIES_PER_TASK];
      for (int t = 0; t < tasks.length; t++) {
        int from = t * QUERIES_PER_TASK;
        int to = Math.min(queries, from + QUERIES_PER_TASK);
        tasks[t] =
            () -> {
              QueryRanker ranker = new QueryRanker(cutoffs, radius, labels);
              for (int q = from; q < to; q++) {
                ranker.evaluate(q, testCodes[q], precision, ndcg, ceiling, tied, radiusPrecision, radiusEmpty);
              }
              p.step(to - from);
            };
      }
      Parallel.run(Arrays.asList(tasks), threads);
    }

    double[] meanPrecision = new double[cutoffs.length];
    double[] meanNdcg = new double[cutoffs.length];
    double[] meanCeiling = new double[cutoffs.length];
    HammingEvaluation.TiedPrecision[] meanTied = new HammingEvaluation.TiedPrecision[cutoffs.length];
    for (int i = 0; i < cutoffs.length; i++) {
      meanPrecision[i] = mean(precision[i]);
      meanNdcg[i] = mean(ndcg[i]);
      meanCeiling[i] = mean(ceiling[i]);
      meanTied[i] = new HammingEvaluation.TiedPrecision(mean(tied[0][i]), mean(tied[1][i]), mean(tied[2][i]));
    }
    int empty = 0;
    for (boolean e : radiusEmpty) {
      empty += e ? 1 : 0;
    }
    return new HammingEvaluation(
        queries,
        trainCodes.length,
        bits,
        cutoffs,
        meanPrecision,
        meanNdcg,
        radius,
        mean(radiusPrecision),
        empty / (double) queries,
        meanCeiling,
        byLabel(testLabels, cutoffs, precision, ceiling),
        meanTied);
  }

  /** Averages the per-query figures over the queries of each label, labels in sorted order. */
  private static List<LabelPrecision> byLabel(
      List<? extends Collection<String>> testLabels,
      int[] cutoffs,
      double[][] precision,
      double[][] ceiling) {
    Map<String, List<Integer>> queriesByLabel = new TreeMap<>();
    for (int q = 0; q < testLabels.size(); q++) {
      for (String label : new TreeSet<>(testLabels.get(q))) {
        queriesByLabel.computeIfAbsent(label, l -> new ArrayList<>()).add(q);
      }
    }
    List<LabelPrecision> result = new ArrayList<>(queriesByLabel.size());
    for (Map.Entry<String, List<Integer>> e : queriesByLabel.entrySet()) {
      List<Integer> qs = e.getValue();
      double[] p = new double[cutoffs.length];
      double[] c = new double[cutoffs.length];
      for (int i = 0; i < cutoffs.length; i++) {
        for (int q : qs) {
          p[i] += precision[i][q];
          c[i] += ceiling[i][q];
        }
        p[i] /= qs.size();
        c[i] /= qs.size();
      }
      result.add(new LabelPrecision(e.getKey(), qs.size(), cutoffs, p, c));
    }
    return result;
  }

  /** Per-thread buffers and the ranking of one query. */
  private final class QueryRanker {
    private final int[] cutoffs;
    private final int radius;
    private final LabelSets labels;
    private final int[] distances = new int[trainCodes.length];
    private final int[] histogram = new int[bits + 1];
    private final int[] relevantHistogram = new int[bits + 1];
    private final int[] next = new int[bits + 1];
    private final int[] top;

    QueryRanker(int[] cutoffs, int radius, LabelSets labels) {
      this.cutoffs = cutoffs;
      this.radius = radius;
      this.labels = labels;
      this.top = new int[Math.min(cutoffs[cutoffs.length - 1], trainCodes.length)];
    }

    void evaluate(
        int q,
        long[] code,
        double[][] precision,
        double[][] ndcg,
        double[][] ceiling,
        double[][][] tied,
        double[] radiusPrecision,
        boolean[] radiusEmpty) {
      int n = trainCodes.length;
      int[] gainHistogram = new int[labels.sizeOfSecond(q) + 1];
      Arrays.fill(histogram, 0);
      Arrays.fill(relevantHistogram, 0);
      int inRadius = 0;
      int relevantInRadius = 0;
      for (int i = 0; i < n; i++) {
        int d = HammingCodes.distance(code, trainCodes[i]);
        distances[i] = d;
        histogram[d]++;
        int gain = labels.shared(i, q);
        gainHistogram[gain]++;
        if (gain > 0) {
          relevantHistogram[d]++;
        }
        if (d <= radius) {
          inRadius++;
          if (gain > 0) {
            relevantInRadius++;
          }
        }
      }
      radiusEmpty[q] = inRadius == 0;
      radiusPrecision[q] = inRadius == 0 ? 0 : relevantInRadius / (double) inRadius;

      // Counting sort of the top documents: find the distance D at which the top list fills up,
      // then place documents in training order, taking only the first `need` at distance D.
      int size = top.length;
      int cutDistance = bits;
      int before = 0;
      for (int d = 0; d <= bits; d++) {
        next[d] = before;
        if (before + histogram[d] >= size) {
          cutDistance = d;
          break;
        }
        before += histogram[d];
      }
      int need = size - next[cutDistance];
      for (int i = 0, placed = 0; placed < size; i++) {
        int d = distances[i];
        if (d < cutDistance) {
          top[next[d]++] = i;
          placed++;
        } else if (d == cutDistance && need > 0) {
          top[next[d]++] = i;
          need--;
          placed++;
        }
      }

      // Measures at every cut-off in one pass over the top list.
      int c = 0;
      int relevant = 0;
      double dcg = 0;
      for (int r = 0; r < cutoffs[cutoffs.length - 1] && c < cutoffs.length; r++) {
        if (r < size) {
          int gain = labels.shared(top[r], q);
          if (gain > 0) {
            relevant++;
            dcg += gain * RankingMetrics.discount(r);
          }
        }
        while (c < cutoffs.length && cutoffs[c] == r + 1) {
          precision[c][q] = relevant / (double) cutoffs[c];
          ceiling[c][q] = Math.min(cutoffs[c], n - gainHistogram[0]) / (double) cutoffs[c];
          double idcg = RankingMetrics.idealDcg(gainHistogram, cutoffs[c]);
          ndcg[c][q] = idcg == 0 ? 0 : dcg / idcg;
          tiedPrecision(q, c, Math.min(cutoffs[c], n), cutoffs[c], tied);
          c++;
        }
      }
    }

    /**
     * Prec@k's range over the orders of the documents tied at the distance where the top {@code
     * size} fills up: of the {@code g} documents there, {@code r} relevant, the top takes {@code m};
     * a random order puts {@code m r / g} relevant ones among them on average.
     */
    private void tiedPrecision(int q, int c, int size, int k, double[][][] tied) {
      int before = 0;
      int relevantBefore = 0;
      int d = 0;
      while (before + histogram[d] < size) {
        before += histogram[d];
        relevantBefore += relevantHistogram[d];
        d++;
      }
      int m = size - before;
      int g = histogram[d];
      int r = relevantHistogram[d];
      tied[0][c][q] = (relevantBefore + Math.max(0, m - (g - r))) / (double) k;
      tied[1][c][q] = (relevantBefore + m * (double) r / g) / k;
      tied[2][c][q] = (relevantBefore + Math.min(m, r)) / (double) k;
    }
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }


  private static void checkCodes(
      String which, int bits, long[][] codes, List<? extends Collection<String>> labels) {
    if (codes.length == 0) {
      throw new IllegalArgumentException("no " + which + " code given; give at least one document");
    }
    if (codes.length != labels.size()) {
      throw new IllegalArgumentException(
          codes.length + " " + which + " codes but " + labels.size() + " label sets; give one per document");
    }
    int words = (bits + 63) >>> 6;
    long tailMask = (bits & 63) == 0 ? 0 : -1L >>> (bits & 63);
    for (int i = 0; i < codes.length; i++) {
      long[] code = codes[i];
      if (code == null || code.length != words) {
        throw new IllegalArgumentException(
            which + " code " + i + " has " + (code == null ? "no" : code.length) + " words, but "
                + bits + "-bit codes take " + words + "; encode every document with the same model");
      }
      if ((code[words - 1] & tailMask) != 0) {
        throw new IllegalArgumentException(
            which + " code " + i + " has bits set beyond bit " + bits
                + "; codes must be left-aligned as HammingCodes.toWords packs them");
      }
      if (labels.get(i) == null) {
        throw new IllegalArgumentException(which + " document " + i + " has no label set (null)");
      }
    }
  }
}
