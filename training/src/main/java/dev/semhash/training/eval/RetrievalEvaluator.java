package dev.semhash.training.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scores a {@link Run} against {@link Qrels} with the query-document measures of EVALUATION.md
 * section 2a: nDCG@10, Recall@100, Recall@1000, MAP over the top 1000 and MRR@10.
 *
 * <p>Which queries count: every query of the qrels with at least one document judged relevant
 * (grade &gt; 0). A query whose judgements are all non-relevant is left out (its nDCG, recall and
 * AP are undefined). A judged query missing from the run scores 0 on every measure (as {@code
 * trec_eval -c}); queries of the run without judgements are ignored. Each ranking is cut at the
 * top {@link #DEPTH} documents before any measure is computed; graded judgements give nDCG its
 * gains (linear), every other measure treats grade &gt; 0 as relevant.
 *
 * <pre class="prettyprint">
 * RetrievalEvaluation result = RetrievalEvaluator.evaluate(run, qrels);
 * System.out.println(result.ndcg10());
 * </pre>
 */
public final class RetrievalEvaluator {
  /** Ranks beyond this depth are ignored (MAP is MAP@1000, as trec_eval on a 1000-deep run). */
  public static final int DEPTH = 1000;

  private RetrievalEvaluator() {}

  /**
   * Evaluates {@code run}.
   *
   * @throws IllegalArgumentException if no judged query has a relevant document
   */
  public static RetrievalEvaluation evaluate(Run run, Qrels qrels) {
    List<RetrievalEvaluation.QueryResult> perQuery = new ArrayList<>();
    int missing = 0;
    for (String queryId : qrels.queryIds()) {
      Map<String, Integer> judged = qrels.judgements(queryId);
      int numRelevant = qrels.numRelevant(queryId);
      if (numRelevant == 0) {
        continue;
      }
      List<ScoredDoc> ranking = run.ranking(queryId);
      if (ranking.isEmpty()) {
        missing++;
      }
      int depth = Math.min(DEPTH, ranking.size());
      int[] gains = new int[depth];
      for (int i = 0; i < depth; i++) {
        gains[i] = Math.max(0, judged.getOrDefault(ranking.get(i).docId(), 0));
      }
      int[] judgedGains = new int[judged.size()];
      int j = 0;
      for (int g : judged.values()) {
        judgedGains[j++] = Math.max(0, g);
      }
      perQuery.add(
          new RetrievalEvaluation.QueryResult(
              queryId,
              RankingMetrics.ndcg(gains, 10, judgedGains),
              RankingMetrics.recall(gains, 100, numRelevant),
              RankingMetrics.recall(gains, 1000, numRelevant),
              RankingMetrics.averagePrecision(gains, numRelevant),
              RankingMetrics.reciprocalRank(gains, 10)));
    }
    if (perQuery.isEmpty()) {
      throw new IllegalArgumentException(
          "no judged query has a relevant document; nothing to evaluate run " + run.name());
    }
    return RetrievalEvaluation.of(run.name(), perQuery, missing);
  }
}
