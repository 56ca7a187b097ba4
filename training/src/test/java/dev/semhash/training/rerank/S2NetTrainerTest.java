package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.eval.RetrievalEvaluator;
import dev.semhash.training.eval.Run;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

class S2NetTrainerTest {
  @Test
  void cosineGradientMatchesFiniteDifferences() {
    Random r = new Random(17);
    float[] x = new float[5];
    float[] y = new float[5];
    for (int i = 0; i < 5; i++) {
      x[i] = (float) r.nextGaussian();
      y[i] = (float) r.nextGaussian();
    }
    float[] dx = new float[5];
    float[] dy = new float[5];
    double c = S2NetTrainer.cosineGradients(x, y, dx, dy, 1f);
    assertEquals(cos(x, y), c, 1e-6);
    double h = 1e-3;
    for (int i = 0; i < 5; i++) {
      float keep = x[i];
      x[i] = (float) (keep + h);
      double up = cos(x, y);
      x[i] = (float) (keep - h);
      double down = cos(x, y);
      x[i] = keep;
      assertEquals((up - down) / (2 * h), dx[i], 1e-3, "d/dx" + i);
    }
    // the sign argument subtracts
    float[] dx2 = new float[5];
    S2NetTrainer.cosineGradients(x, y, dx2, new float[5], -1f);
    for (int i = 0; i < 5; i++) {
      assertEquals(-dx[i], dx2[i], 1e-6);
    }
  }

  private static double cos(float[] a, float[] b) {
    double ab = 0, aa = 0, bb = 0;
    for (int i = 0; i < a.length; i++) {
      ab += a[i] * b[i];
      aa += a[i] * a[i];
      bb += b[i] * b[i];
    }
    return ab / Math.sqrt(aa * bb);
  }

  @Test
  void learnsTheSyntheticAssociationsDeterministically() throws Exception {
    SsiTrainerTest.Collection c = SsiTrainerTest.synthetic(5);
    RerankCorpus corpus = RerankCorpus.build(c.docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    Set<String> qIds = c.queries().stream().map(Query::id).collect(Collectors.toSet());
    Set<String> dIds = c.docs().stream().map(Document::id).collect(Collectors.toSet());
    Qrels train = Qrels.of(c.qrels(), "train", qIds, dIds, "synthetic");
    List<Query> trainQueries = c.queries().stream().filter(q -> q.split().equals("train")).toList();
    List<RerankExamples.Example> examples;
    try (Bm25Index bm25 = Bm25Index.build(c.docs(), Bm25Index.Settings.ANSERINI, new ByteBuffersDirectory(), ProgressReporter.NONE)) {
      examples = RerankExamples.build(trainQueries, train, bm25, corpus, 100, ProgressReporter.NONE);
    }
    S2NetSettings settings = new S2NetSettings(8, 0.01f, 15, 5, 0.5f, 20, 10f, 3, 3);
    List<Double> losses = new ArrayList<>();
    RerankModel model = new S2NetTrainer(corpus, settings).train(examples, (e, loss, v, t) -> losses.add(loss), ProgressReporter.NONE);
    assertTrue(losses.get(14) < losses.get(0) / 2, losses.toString());
    assertEquals(model.fingerprint(), new S2NetTrainer(corpus, settings).train(examples, (e, l, v, t) -> {}, ProgressReporter.NONE).fingerprint());
    assertEquals(RerankModel.Similarity.COSINE, model.similarity());
    assertTrue(model.sharedProjection());
    assertEquals(0f, model.termOverlapWeight());

    Run bm25 = CandidateReranker.firstStage(examples, corpus, "bm25");
    Run s2net = new CandidateReranker(model, corpus).rerank(examples, Combination.REPLACE, 0f, "s2net");
    double before = RetrievalEvaluator.evaluate(bm25, train).ndcg10();
    double after = RetrievalEvaluator.evaluate(s2net, train).ndcg10();
    assertTrue(after > before + 0.1, before + " -> " + after);
  }

  @Test
  void lsaSubspaceHasOrthonormalColumns() {
    RerankCorpus corpus = RerankCorpus.build(SsiTrainerTest.synthetic(1).docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    int k = 4;
    float[] a = LsaSubspace.compute(corpus, k, 3, 9);
    int terms = corpus.dictionary().size();
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        double dot = 0;
        for (int t = 0; t < terms; t++) {
          dot += a[t * k + i] * a[t * k + j];
        }
        assertEquals(i == j ? 1 : 0, dot, 1e-4, i + "," + j);
      }
    }
  }
}
