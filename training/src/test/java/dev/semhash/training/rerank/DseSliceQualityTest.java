package dev.semhash.training.rerank;

import dev.semhash.rerank.model.FixedOrderDot;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DSE on a 20 Newsgroups document-document slice ({@link NewsgroupsSlice}) beats the TF-IDF cosine
 * by a wide MAP margin, as in the DSE paper, through the saved and re-read model. Measured 23 to 25 s
 * (load average 14, then 3, on 2 cores: no idle machine was available; training is single-threaded).
 */
class DseSliceQualityTest {
  @Test
  void dseBeatsTfIdf(@TempDir Path tmp) throws Exception {
    NewsgroupsSlice slice = new NewsgroupsSlice(tmp);
    // 500-250-250-500-10, 3 CD-1 epochs per layer, 8 fine-tuning epochs, plain DSE (λ = 0)
    DseSettings s = new DseSettings(500, 10, 3, 0.05f, 0.005f, 0.01f, 0.9f, 1e-4f, 8, 5, 0f, 1, 0f, 42, 0, RerankModel.Similarity.DOT, false, 0f, 0);
    RerankModel model = new DseTrainer(slice.corpus, s).train(slice.train, (e, l, v, t) -> {}, ProgressReporter.NONE);
    double map = slice.map(model, "dse");
    System.out.printf("20NG slice: TF-IDF MAP %.4f, DSE (C = 10, λ = 0) MAP %.4f%n", slice.tfidfMap, map);
    // measured 0.5295 against TF-IDF's 0.4809; seeds 1 to 5 give 0.5701, 0.6005, 0.5653, 0.8065
    // and 0.5863 (without pretraining 0.27). Since 2026-12-07 the query's own document is never
    // drawn as a negative (1 in 400 draws here), which changed the random stream: seed 42 scored
    // 0.5979 before, seeds 1 to 5 0.5963, 0.5698, 0.5858, 0.5819 and 0.5996, so the seed moves this
    // slice's MAP by far more than the fix. Training sums in a fixed order and repeats to the bit.
    assertTrue(map > slice.tfidfMap + 0.04, "DSE MAP " + map + " vs TF-IDF " + slice.tfidfMap);
  }
}
