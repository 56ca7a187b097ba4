package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.eval.RetrievalEvaluation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validation choice of epoch and weight: keeping BM25's Recall@100 comes before nDCG@10. Milliseconds. */
class RecallAwareSelectionTest {
  private static RetrievalEvaluation eval(double ndcg, double recall100) {
    return new RetrievalEvaluation("r", 10, 0, ndcg, recall100, 1, 0.5, 0.5, List.of());
  }

  @Test
  void keepingRecallBeatsHigherNdcg() {
    double bm25Recall = 0.90;
    assertTrue(RerankExperiment.better(eval(0.70, 0.90), eval(0.75, 0.89), bm25Recall));
    assertFalse(RerankExperiment.better(eval(0.75, 0.89), eval(0.70, 0.90), bm25Recall));
    // both keep it, or both lose it: nDCG@10 decides
    assertTrue(RerankExperiment.better(eval(0.72, 0.95), eval(0.70, 0.91), bm25Recall));
    assertTrue(RerankExperiment.better(eval(0.72, 0.80), eval(0.70, 0.85), bm25Recall));
    assertFalse(RerankExperiment.better(eval(0.70, 0.95), eval(0.70, 0.95), bm25Recall));
  }
}
