package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.progress.ProgressReporter;
import org.junit.jupiter.api.Test;

/**
 * SSI trained on SciFact's training queries (a small, CI-sized configuration) reranks BM25's top
 * 1000 of the 300 test queries through the real RerankQuery. The interpolated reranking must not
 * lower Recall@100 and must raise nDCG@10 over BM25's 0.6789; much of SSI's gain on SciFact comes
 * from documents that are relevant to training queries too (see the unseen subset printed).
 */
class ScifactSsiQualityTest {
  @Test
  void interpolatedSsiBeatsBm25WithoutLosingRecall() throws Exception {
    DatasetReader data = new DatasetReader(SharedData.dataset("scifact"));
    RerankExperiment.Settings settings = RerankExperiment.Settings.ssi(SsiSettings.defaults(42).withDimension(32).withEpochs(3));
    RerankExperiment.Result r = RerankExperiment.run(data.documents(), data.queries(), data.qrels(), settings, ProgressReporter.NONE);
    System.out.println(r.baseline());
    System.out.println(r.interpolated() + " (epoch " + r.epoch() + ", weight " + r.weight() + ")");
    System.out.println(r.replaced());
    System.out.println("unseen: " + r.unseen());
    assertEquals(300, r.interpolated().queries());
    assertEquals(0.6789, r.baseline().ndcg10(), 0.005, "BM25 through the rerank index must match Anserini's");
    assertTrue(r.interpolated().recall100() >= r.baseline().recall100(), r.interpolated() + " vs " + r.baseline());
    assertTrue(r.interpolated().ndcg10() >= r.baseline().ndcg10() + 0.03, r.interpolated() + " vs " + r.baseline());
    assertEquals(r.baseline().recall1000(), r.interpolated().recall1000(), 1e-12, "reranking the top 1000 keeps Recall@1000");
  }
}
