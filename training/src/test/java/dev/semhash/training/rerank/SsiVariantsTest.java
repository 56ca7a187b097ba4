package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.TermMatrix;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.Document;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.eval.RetrievalEvaluator;
import dev.semhash.training.eval.Run;
import dev.semhash.training.progress.ProgressReporter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SSI's forms of W: one SGD step computed by hand for the diagonal and the unconstrained W, every
 * form learning the synthetic collection of {@link SsiTrainerTest}, sparse W keeping at most p
 * entries per column, and the dictionary limit of the full forms. Runs in about 5 s.
 */
class SsiVariantsTest {
  private static final AnalysisSettings PLAIN = new AnalysisSettings(true, false, 1, 255, false);

  /** Documents "a b", "d e", "d f"; query "a" with relevant document 0; one tuple, one epoch. */
  private static RerankModel oneStep(SsiVariant variant, float lr) throws Exception {
    List<Document> docs = List.of(
        new Document("0", "", "a b", List.of(), ""), new Document("1", "", "d e", List.of(), ""),
        new Document("2", "", "d f", List.of(), ""));
    RerankCorpus corpus = RerankCorpus.build(docs, PLAIN, 1);
    RerankExamples.Example ex = new RerankExamples.Example(
        "q", "a", corpus.vectorizer().vectorize("a"), new int[] {0}, new int[0], new float[0]);
    SsiSettings s = new SsiSettings(2, lr, 1, 1, 0f, 10, 0.1f, 7).withVariant(variant);
    return new SsiTrainer(corpus, s).train(List.of(ex), (e, l, v, t) -> {}, ProgressReporter.NONE);
  }

  @Test
  void oneDiagonalStepByHand() throws Exception {
    RerankModel m = oneStep(SsiVariant.DIAGONAL, 0.5f);
    // idf (n = 3): a, b, e, f: ln(4/2) + 1; d: ln(4/3) + 1. d+ = (a, b) with equal weights 1/√2.
    // f(q, d+) = 1/√2, f(q, d-) = 0: violated; D_a += 0.5 × 1 × 1/√2, nothing else moves
    TermMatrix w = m.termMatrix();
    int a = m.dictionary().id("a");
    assertEquals(1 + 0.5 / Math.sqrt(2), w.get(a, a), 1e-6);
    for (String t : List.of("b", "d", "e", "f")) {
      int id = m.dictionary().id(t);
      assertEquals(1f, w.get(id, id), t);
    }
    assertTrue(w.isDiagonal());
  }

  @Test
  void oneFullStepByHand() throws Exception {
    RerankModel m = oneStep(SsiVariant.FULL, 0.5f);
    TermMatrix w = m.termMatrix();
    int a = m.dictionary().id("a");
    int b = m.dictionary().id("b");
    int d = m.dictionary().id("d");
    int e = m.dictionary().id("e");
    int f = m.dictionary().id("f");
    // W_aj += 0.5 × q_a × (d+_j - d-_j); d- is "d e" or "d f", with weights idf_d, idf_e over their norm
    double idfD = Math.log(4.0 / 3) + 1;
    double idfE = Math.log(2) + 1;
    double norm = Math.sqrt(idfD * idfD + idfE * idfE);
    assertEquals(1 + 0.5 / Math.sqrt(2), w.get(a, a), 1e-6);
    assertEquals(0.5 / Math.sqrt(2), w.get(a, b), 1e-6);
    assertEquals(-0.5 * idfD / norm, w.get(a, d), 1e-6);
    assertEquals(-0.5 * idfE / norm, w.get(a, e) + w.get(a, f), 1e-6);
    assertEquals(0.0, w.get(a, e) * w.get(a, f), 0.0); // only the drawn negative moved
    assertEquals(1f, w.get(b, b));
    assertEquals(0f, w.get(b, a));
    assertEquals(25, w.entries());
  }

  @Test
  void everyCrossTermVariantLearnsTheSyntheticCollection() throws Exception {
    SsiTrainerTest.Collection c = SsiTrainerTest.synthetic(5);
    RerankCorpus corpus = RerankCorpus.build(c.docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    Qrels train = SsiTrainerTest.trainQrels(c);
    List<RerankExamples.Example> examples = SsiTrainerTest.trainExamples(c, corpus);
    double before = RetrievalEvaluator.evaluate(CandidateReranker.firstStage(examples, corpus, "bm25"), train).ndcg10();
    for (SsiVariant v : List.of(SsiVariant.UU, SsiVariant.FULL, SsiVariant.SPARSE, SsiVariant.UV)) {
      // the plain form here with its LSA start and hard negatives from its own ranking
      SsiSettings s = new SsiSettings(8, 0.1f, 15, 5, 0.5f, 20, 0.1f, 3).withVariant(v).withSparsity(8, 3)
          .withLsaInit(v == SsiVariant.UV ? 3 : 0).withModelNegatives(v == SsiVariant.UV);
      RerankModel model = new SsiTrainer(corpus, s).train(examples, (e, l, x, t) -> {}, ProgressReporter.NONE);
      Run ssi = new CandidateReranker(model, corpus).rerank(examples, Combination.REPLACE, 0f, "ssi");
      double after = RetrievalEvaluator.evaluate(ssi, train).ndcg10();
      assertTrue(after > before + 0.1, v + ": " + before + " -> " + after);
      if (v == SsiVariant.SPARSE) {
        for (int j = 0; j < corpus.dictionary().size(); j++) {
          assertTrue(model.termMatrix().columnEntries(j) <= 8, "column " + j + " keeps " + model.termMatrix().columnEntries(j));
        }
      }
      if (v == SsiVariant.UU) {
        assertTrue(model.sharedProjection());
      }
    }
  }

  @Test
  void fullMatrixAboveTheTermLimitIsRefused() {
    List<Document> docs = new java.util.ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i <= SsiVariant.MAX_FULL_TERMS; i++) {
      text.append("w").append(i).append(' ');
    }
    docs.add(new Document("0", "", text.toString(), List.of(), ""));
    RerankCorpus corpus = RerankCorpus.build(docs, PLAIN, 1);
    for (SsiVariant v : List.of(SsiVariant.FULL, SsiVariant.SPARSE)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new SsiTrainer(corpus, SsiSettings.defaults(1).withVariant(v)));
      assertTrue(e.getMessage().contains("above the limit of 5000") && e.getMessage().contains("--max-terms"), e.getMessage());
    }
    // with the dictionary cut to the limit, it trains
    RerankCorpus cut = RerankCorpus.build(docs, PLAIN, 1, 100);
    assertEquals(100, cut.dictionary().size());
    new SsiTrainer(cut, SsiSettings.defaults(1).withVariant(SsiVariant.FULL));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SsiVariant.parse("dense"));
    assertTrue(e.getMessage().contains("choose uv, uu, diagonal, sparse or full"));
    assertThrows(IllegalArgumentException.class, () -> SsiSettings.defaults(1).withMaxPositives(-1));
  }

  @Test
  void maxPositivesDrawsAFewEachEpoch() {
    RerankExamples.Example ex = new RerankExamples.Example(
        "q", "", TermVector.EMPTY, new int[] {1, 2, 3, 4, 5, 6}, new int[0], new float[0]);
    TrainingPairs pairs = new TrainingPairs(List.of(ex, ex), 2);
    java.util.Random r = new java.util.Random(1);
    List<int[]> epoch = pairs.epoch(r);
    assertEquals(4, epoch.size());
    for (int example = 0; example < 2; example++) {
      final int e = example;
      long distinct = epoch.stream().filter(p -> p[0] == e).mapToInt(p -> p[1]).distinct().count();
      assertEquals(2, distinct);
    }
    assertEquals(12, new TrainingPairs(List.of(ex, ex), 0).epoch(r).size());
  }
}
