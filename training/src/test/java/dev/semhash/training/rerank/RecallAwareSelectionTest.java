package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.eval.RetrievalEvaluation;
import dev.semhash.training.eval.RetrievalEvaluation.QueryResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validation choice of epoch and weight: keeping BM25's Recall@100 comes before nDCG@10. Milliseconds. */
class RecallAwareSelectionTest {
  private static RetrievalEvaluation eval(double ndcg, double recall100) {
    return new RetrievalEvaluation("r", 10, 0, ndcg, recall100, 1, 0.5, 0.5, List.of());
  }

  /** Two queries with the given Recall@100 each; nDCG@10 as given. */
  private static RetrievalEvaluation perQuery(double ndcg, double r1, double r2) {
    List<QueryResult> q = List.of(new QueryResult("1", ndcg, r1, 1, 0.5, 0.5), new QueryResult("2", ndcg, r2, 1, 0.5, 0.5));
    return new RetrievalEvaluation("r", 2, 0, ndcg, (r1 + r2) / 2, 1, 0.5, 0.5, q);
  }

  @Test
  void keepingRecallBeatsHigherNdcg() {
    RetrievalEvaluation bm25 = eval(0.6, 0.90);
    assertTrue(RerankExperiment.better(eval(0.70, 0.90), eval(0.75, 0.89), bm25));
    assertFalse(RerankExperiment.better(eval(0.75, 0.89), eval(0.70, 0.90), bm25));
    // both keep it, or both lose it: nDCG@10 decides
    assertTrue(RerankExperiment.better(eval(0.72, 0.95), eval(0.70, 0.91), bm25));
    assertTrue(RerankExperiment.better(eval(0.72, 0.80), eval(0.70, 0.85), bm25));
    assertFalse(RerankExperiment.better(eval(0.70, 0.95), eval(0.70, 0.95), bm25));
  }

  @Test
  void aLostHitOnOneQueryIsNotMadeUpByAnotherQuerysGain() {
    RetrievalEvaluation bm25 = perQuery(0.5, 0.5, 0.5);
    // mean Recall@100 0.5 kept (0.25 + 0.75), but query 1 lost a hit: does not keep recall
    RetrievalEvaluation traded = perQuery(0.9, 0.25, 0.75);
    assertFalse(RerankExperiment.keepsRecall(traded, bm25));
    assertTrue(RerankExperiment.keepsRecall(perQuery(0.6, 0.5, 0.75), bm25));
    // BM25's own order (weight 0) always keeps it, and beats the trade despite a lower nDCG@10
    assertTrue(RerankExperiment.keepsRecall(bm25, bm25));
    assertTrue(RerankExperiment.better(bm25, traded, bm25));
  }

  @Test
  void theWeightGridStartsAtBm25sOwnOrder() {
    assertEquals(0f, RerankExperiment.WEIGHT_GRID[0]);
    for (int i = 1; i < RerankExperiment.WEIGHT_GRID.length; i++) {
      assertTrue(RerankExperiment.WEIGHT_GRID[i] > RerankExperiment.WEIGHT_GRID[i - 1]);
    }
  }

  /** One query per entry of {@code recalls}, nDCG@10 as given. */
  private static RetrievalEvaluation queries(double ndcg, double... recalls) {
    List<QueryResult> q = new java.util.ArrayList<>();
    double sum = 0;
    for (int i = 0; i < recalls.length; i++) {
      q.add(new QueryResult(Integer.toString(i), ndcg, recalls[i], 1, 0.5, 0.5));
      sum += recalls[i];
    }
    return new RetrievalEvaluation("r", recalls.length, 0, ndcg, sum / recalls.length, 1, 0.5, 0.5, q);
  }

  @Test
  void aClearGainKeepsRecallDespiteOneSmallLoss() {
    RetrievalEvaluation bm25 = queries(0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5);
    // changes: nine of +0.5, one of -0.1; mean 0.44, standard error 0.060: kept
    assertTrue(RerankExperiment.keepsRecall(queries(0.8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.4), bm25));
    // changes: one of +0.5, one of -0.1, eight of 0; mean 0.04, standard error 0.052: not kept
    assertFalse(RerankExperiment.keepsRecall(queries(0.8, 1, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5), bm25));
  }
}
