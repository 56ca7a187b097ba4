package dev.semhash.training.eval;

import java.util.List;

/**
 * The result of {@link RetrievalEvaluator#evaluate}: each measure averaged over the evaluated
 * queries, and the per-query values.
 *
 * @param run name of the run
 * @param queries number of evaluated queries (judged, with at least one relevant document)
 * @param queriesWithoutResults how many of them the run had no result for (they scored 0)
 * @param ndcg10 mean nDCG@10
 * @param recall100 mean Recall@100
 * @param recall1000 mean Recall@1000
 * @param map mean average precision over the top 1000
 * @param mrr10 mean reciprocal rank, cut at 10
 * @param perQuery one entry per evaluated query, in qrels order
 */
public record RetrievalEvaluation(
    String run,
    int queries,
    int queriesWithoutResults,
    double ndcg10,
    double recall100,
    double recall1000,
    double map,
    double mrr10,
    List<QueryResult> perQuery) {

  public RetrievalEvaluation {
    perQuery = List.copyOf(perQuery);
  }

  /** The measures of one query. */
  public record QueryResult(
      String queryId, double ndcg10, double recall100, double recall1000, double ap, double rr10) {}

  static RetrievalEvaluation of(String run, List<QueryResult> perQuery, int missing) {
    double ndcg = 0, r100 = 0, r1000 = 0, ap = 0, rr = 0;
    for (QueryResult q : perQuery) {
      ndcg += q.ndcg10();
      r100 += q.recall100();
      r1000 += q.recall1000();
      ap += q.ap();
      rr += q.rr10();
    }
    int n = perQuery.size();
    return new RetrievalEvaluation(
        run, n, missing, ndcg / n, r100 / n, r1000 / n, ap / n, rr / n, perQuery);
  }

  @Override
  public String toString() {
    return String.format(
        java.util.Locale.ROOT,
        "%s: %d queries, nDCG@10 %.4f, R@100 %.4f, R@1000 %.4f, MAP@1000 %.4f, MRR@10 %.4f",
        run, queries, ndcg10, recall100, recall1000, map, mrr10);
  }
}
