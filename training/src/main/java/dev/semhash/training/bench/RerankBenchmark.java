package dev.semhash.training.bench;

import dev.semhash.rerank.search.Combination;
import dev.semhash.training.data.Query;
import dev.semhash.training.rerank.RerankSearchIndex;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TopDocs;

/**
 * Per-query latency of BM25's top N alone and of the same query reranked through {@link
 * dev.semhash.rerank.search.RerankQuery}, on one thread. Each round runs every query both ways,
 * alternating which goes first so that neither profits from the other's warm caches; the
 * reranked time includes encoding the query text with the model, as a real query would. The
 * latency of a query is its fastest time over the timed rounds (the least disturbed by other
 * processes on a shared machine); the report gives the median and 90th percentile over queries.
 *
 * <pre class="prettyprint">
 * RerankBenchmark.Result r = RerankBenchmark.run(index, queries, 1000, 0.5f, 2, 5);
 * System.out.println(r.rerankMedianMs() - r.bm25MedianMs());
 * </pre>
 */
public final class RerankBenchmark {
  private RerankBenchmark() {}

  /**
   * @param queries number of queries timed
   * @param bm25MedianMs median per-query latency of BM25 alone
   * @param bm25P90Ms its 90th percentile
   * @param rerankMedianMs median per-query latency of BM25 plus reranking
   * @param rerankP90Ms its 90th percentile
   * @param addedMedianMs median over queries of (reranked − BM25 alone)
   * @param addedP90Ms its 90th percentile
   * @param meanHits mean number of first-stage hits reranked
   */
  public record Result(
      int queries,
      double bm25MedianMs,
      double bm25P90Ms,
      double rerankMedianMs,
      double rerankP90Ms,
      double addedMedianMs,
      double addedP90Ms,
      double meanHits) {}

  /**
   * Times {@code queries} on {@code index}.
   *
   * @param depth first-stage hits retrieved and reranked
   * @param weight interpolation weight
   * @param warmupRounds untimed rounds over all queries
   * @param rounds timed rounds, at least 1
   * @throws IllegalArgumentException if there is no query, {@code depth <= 0} or {@code rounds <
   *     1}
   */
  public static Result run(
      RerankSearchIndex index, List<Query> queries, int depth, float weight, int warmupRounds, int rounds)
      throws IOException {
    if (queries.isEmpty()) {
      throw new IllegalArgumentException("no query to time; the dataset needs queries");
    }
    if (depth <= 0 || rounds < 1 || warmupRounds < 0) {
      throw new IllegalArgumentException(
          "depth and rounds must be positive and warm-up rounds >= 0, got " + depth + ", " + rounds + ", " + warmupRounds);
    }
    int n = queries.size();
    long[] bm25 = new long[n];
    long[] rerank = new long[n];
    Arrays.fill(bm25, Long.MAX_VALUE);
    Arrays.fill(rerank, Long.MAX_VALUE);
    IndexSearcher searcher = index.searcher();
    long hits = 0;
    long sink = 0;
    for (int round = 0; round < warmupRounds + rounds; round++) {
      boolean timed = round >= warmupRounds;
      for (int i = 0; i < n; i++) {
        String text = queries.get(i).text();
        boolean rerankFirst = ((round + i) & 1) == 0;
        for (int pass = 0; pass < 2; pass++) {
          boolean reranked = (pass == 0) == rerankFirst;
          long t0 = System.nanoTime();
          TopDocs top = reranked
              ? searcher.search(index.rerankQuery(text, depth, Combination.INTERPOLATE, weight), depth)
              : searcher.search(index.firstStage(text), depth);
          long t = System.nanoTime() - t0;
          sink += top.scoreDocs.length;
          if (timed) {
            long[] times = reranked ? rerank : bm25;
            times[i] = Math.min(times[i], t);
            if (reranked && round == warmupRounds) {
              hits += top.scoreDocs.length;
            }
          }
        }
      }
    }
    if (sink < 0) {
      throw new AssertionError(); // keeps the searches from being optimised away
    }
    double[] added = new double[n];
    for (int i = 0; i < n; i++) {
      added[i] = (rerank[i] - bm25[i]) / 1e6;
    }
    return new Result(
        n,
        percentile(toMs(bm25), 0.5),
        percentile(toMs(bm25), 0.9),
        percentile(toMs(rerank), 0.5),
        percentile(toMs(rerank), 0.9),
        percentile(added, 0.5),
        percentile(added, 0.9),
        (double) hits / n);
  }

  private static double[] toMs(long[] nanos) {
    double[] ms = new double[nanos.length];
    for (int i = 0; i < ms.length; i++) {
      ms[i] = nanos[i] / 1e6;
    }
    return ms;
  }

  /** The {@code p}-quantile (nearest rank) of {@code values}. */
  static double percentile(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }
}
