package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DSSM on a 20 Newsgroups document-document slice ({@link NewsgroupsSlice}) beats the TF-IDF
 * cosine by a wide MAP margin, through the saved and re-read model. Measured 20 to 25 s with both
 * cores busy with other jobs.
 */
class DssmSliceQualityTest {
  @Test
  void dssmBeatsTfIdf(@TempDir Path tmp) throws Exception {
    NewsgroupsSlice slice = new NewsgroupsSlice(tmp);
    // a small tanh network (64 → 32) on letter trigrams, 4 epochs
    DssmSettings s = new DssmSettings(new int[] {64}, 32, 2, 10f, 4, 0.1f, 4, 0f, 1, 42, 0, 0f, 0, false);
    RerankModel model = new DssmTrainer(slice.corpus, s).train(slice.train, (e, l, v, t) -> {}, ProgressReporter.NONE);
    double map = slice.map(model, "dssm");
    System.out.printf("20NG slice: TF-IDF MAP %.4f, DSSM MAP %.4f%n", slice.tfidfMap, map);
    // measured 0.77 against TF-IDF's 0.481
    assertTrue(map > slice.tfidfMap + 0.15, "DSSM MAP " + map + " vs TF-IDF " + slice.tfidfMap);
  }
}
