package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModelFormat;
import dev.semhash.rerank.model.ModelFormatException;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.eval.Run;
import dev.semhash.training.eval.ScoredDoc;
import dev.semhash.training.hashing.LshTrainer;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The offline reranker used for tuning ranks exactly as the Lucene RerankQuery does. */
class RerankSearchIndexTest {
  @TempDir Path tmp;

  @Test
  void offlineRerankingEqualsRerankQuery() throws Exception {
    SsiTrainerTest.Collection c = SsiTrainerTest.synthetic(9);
    RerankCorpus corpus = RerankCorpus.build(c.docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    Set<String> qIds = c.queries().stream().map(Query::id).collect(Collectors.toSet());
    Set<String> dIds = c.docs().stream().map(Document::id).collect(Collectors.toSet());
    Qrels qrels = Qrels.of(c.qrels(), null, qIds, dIds, "synthetic");
    List<RerankExamples.Example> examples;
    try (Bm25Index bm25 = Bm25Index.build(c.docs(), Bm25Index.Settings.ANSERINI, new ByteBuffersDirectory(), ProgressReporter.NONE)) {
      examples = RerankExamples.build(c.queries(), qrels, bm25, corpus, 30, ProgressReporter.NONE);
    }
    RerankModel model = new SsiTrainer(corpus, new SsiSettings(8, 0.1f, 3, 3, 0.5f, 20, 0.1f, 1))
        .train(examples, (e, l, v, t) -> {}, ProgressReporter.NONE);
    // through a model file, as a user would
    Path file = tmp.resolve("ssi.rerankmodel");
    RerankModelFormat.write(model, file);
    RerankModel read = RerankModelFormat.read(file);
    assertEquals(model.fingerprint(), read.fingerprint());

    CandidateReranker offline = new CandidateReranker(read, corpus);
    try (RerankSearchIndex index = RerankSearchIndex.build(c.docs(), Bm25Index.Settings.ANSERINI, read, ProgressReporter.NONE)) {
      assertSameRuns(CandidateReranker.firstStage(examples, corpus, "a"), index.firstStage(c.queries(), 30, "b"));
      for (Combination comb : Combination.values()) {
        for (float w : new float[] {0f, 0.3f, 2f}) {
          assertSameRuns(offline.rerank(examples, comb, w, "a"), index.rerank(c.queries(), 30, comb, w, "b"));
        }
      }
    }
  }

  private static void assertSameRuns(Run expected, Run actual) {
    assertEquals(expected.queryIds(), actual.queryIds());
    for (String q : expected.queryIds()) {
      List<ScoredDoc> e = expected.ranking(q);
      List<ScoredDoc> a = actual.ranking(q);
      assertEquals(e.size(), a.size(), q);
      for (int i = 0; i < e.size(); i++) {
        assertEquals(e.get(i).docId(), a.get(i).docId(), q + " rank " + i);
        assertEquals(e.get(i).score(), a.get(i).score(), 1e-5, q + " rank " + i);
      }
    }
  }

  @Test
  void hashingModelGivenToTheRerankerIsNamed() throws Exception {
    Path hash = tmp.resolve("lsh.hashmodel");
    HashModelFormat.write(
        LshTrainer.train(AnalyzerSettings.DEFAULT, new Vocabulary(List.of("a", "b"), new long[] {1, 1}, 2, 1.0), TermWeighting.TFIDF, true, 8, 1),
        hash);
    ModelFormatException e = assertThrows(ModelFormatException.class, () -> RerankModelFormat.read(hash));
    assertTrue(e.getMessage().contains("is a hashing model ('SemhashHashModel'), not a rerank model"), e.getMessage());
    // and the other way round
    SsiTrainerTest.Collection c = SsiTrainerTest.synthetic(2);
    RerankCorpus corpus = RerankCorpus.build(c.docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    Path rerank = tmp.resolve("m.rerankmodel");
    RerankModelFormat.write(new SsiTrainer(corpus, new SsiSettings(4, 0.1f, 0, 1, 0.5f, 10, 0.1f, 1)).snapshot(), rerank);
    Exception other = assertThrows(Exception.class, () -> HashModelFormat.read(rerank));
    assertTrue(other.getMessage().contains("SemhashRerankModel"), other.getMessage());
  }
}
