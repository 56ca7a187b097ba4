package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.retrieval.Bm25Index;
import org.junit.jupiter.api.Test;

/**
 * The query-document protocol trains on one split and reports another: evaluating the split it
 * trains on ({@code eval-rerank --split train}) would report the training queries' figures as test
 * figures, so such settings are refused.
 */
class RerankExperimentSplitTest {
  @Test
  void evaluatingTheTrainingSplitIsRefused() {
    RerankExperiment.Settings s = RerankExperiment.Settings.ssi(SsiSettings.defaults(42));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> s.with(0.2, 1000, 1, null, Bm25Index.Settings.ANSERINI, "train"));
    assertTrue(e.getMessage().contains("train"), e.getMessage());
    assertDoesNotThrow(() -> s.with(0.2, 1000, 1, null, Bm25Index.Settings.ANSERINI, "test"));
  }
}
