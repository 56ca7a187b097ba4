package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Qrel;
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

/**
 * A synthetic collection where queries and their relevant documents share no word: each topic has
 * query words and disjoint document words, so TF-IDF cosine and BM25 cannot find them and SSI
 * must learn the associations from training pairs.
 */
class SsiTrainerTest {
  static final int TOPICS = 6;

  record Collection(List<Document> docs, List<Query> queries, List<Qrel> qrels) {}

  /** Topic t: documents use words d{t}_0..d{t}_4 (+ shared noise), queries q{t}_0..q{t}_2. */
  static Collection synthetic(long seed) {
    Random r = new Random(seed);
    List<Document> docs = new ArrayList<>();
    List<Query> queries = new ArrayList<>();
    List<Qrel> qrels = new ArrayList<>();
    for (int t = 0; t < TOPICS; t++) {
      for (int i = 0; i < 8; i++) {
        StringBuilder text = new StringBuilder();
        for (int w = 0; w < 6; w++) {
          text.append("d").append(t).append("x").append(r.nextInt(5)).append(' ');
          text.append("noise").append(r.nextInt(20)).append(' ');
        }
        docs.add(new Document("t" + t + "-" + i, "", text.toString(), List.of(), ""));
      }
    }
    for (int t = 0; t < TOPICS; t++) {
      for (int i = 0; i < 10; i++) {
        String split = i < 7 ? "train" : "test";
        String id = "q" + t + "-" + i;
        // the query shares one word with its documents' topic, so BM25 finds candidates
        queries.add(new Query(id, "q" + t + "x" + r.nextInt(3) + " q" + t + "x" + r.nextInt(3) + " d" + t + "x" + r.nextInt(5), split));
        qrels.add(new Qrel(id, "t" + t + "-" + r.nextInt(8), 1, split));
      }
    }
    return new Collection(docs, queries, qrels);
  }

  /** The training queries' qrels of {@code c}. */
  static Qrels trainQrels(Collection c) {
    Set<String> qIds = c.queries().stream().map(Query::id).collect(Collectors.toSet());
    Set<String> dIds = c.docs().stream().map(Document::id).collect(Collectors.toSet());
    return Qrels.of(c.qrels(), "train", qIds, dIds, "synthetic");
  }

  /** The training queries of {@code c} with BM25's top 100 as candidates. */
  static List<RerankExamples.Example> trainExamples(Collection c, RerankCorpus corpus) throws java.io.IOException {
    List<Query> trainQueries = c.queries().stream().filter(q -> q.split().equals("train")).toList();
    try (Bm25Index bm25 = Bm25Index.build(c.docs(), Bm25Index.Settings.ANSERINI, new ByteBuffersDirectory(), ProgressReporter.NONE)) {
      return RerankExamples.build(trainQueries, trainQrels(c), bm25, corpus, 100, ProgressReporter.NONE);
    }
  }

  @Test
  void learnsAndIsDeterministic() throws Exception {
    Collection c = synthetic(5);
    RerankCorpus corpus = RerankCorpus.build(c.docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    Qrels train = trainQrels(c);
    List<RerankExamples.Example> examples = trainExamples(c, corpus);
    assertEquals(c.queries().stream().filter(q -> q.split().equals("train")).count(), examples.size());
    SsiSettings settings = new SsiSettings(8, 0.1f, 15, 5, 0.5f, 20, 0.1f, 3);
    List<Double> losses = new ArrayList<>();
    RerankModel model = new SsiTrainer(corpus, settings).train(examples, (e, loss, v, t) -> losses.add(loss), ProgressReporter.NONE);
    assertEquals(15, losses.size());
    assertTrue(losses.get(14) < losses.get(0) / 2, losses.toString());
    // the same seed gives the same model, another seed another
    assertEquals(model.fingerprint(), new SsiTrainer(corpus, settings).train(examples, (e, l, v, t) -> {}, ProgressReporter.NONE).fingerprint());
    SsiSettings other = new SsiSettings(8, 0.1f, 15, 5, 0.5f, 20, 0.1f, 4);
    assertNotEquals(model.fingerprint(), new SsiTrainer(corpus, other).train(examples, (e, l, v, t) -> {}, ProgressReporter.NONE).fingerprint());

    // on the training queries, reranking by the model alone beats BM25 clearly
    Run bm25 = CandidateReranker.firstStage(examples, corpus, "bm25");
    Run ssi = new CandidateReranker(model, corpus).rerank(examples, Combination.REPLACE, 0f, "ssi");
    double before = RetrievalEvaluator.evaluate(bm25, train).ndcg10();
    double after = RetrievalEvaluator.evaluate(ssi, train).ndcg10();
    assertTrue(after > before + 0.1, before + " -> " + after);
    // the model is SSI's: U and V differ, dot product, identity term
    assertEquals(RerankModel.Similarity.DOT, model.similarity());
    assertEquals(1f, model.termOverlapWeight());
    assertEquals("ssi", model.method());
  }

  @Test
  void aDivergingRunStopsAndNamesTheLearningRate() throws Exception {
    Collection c = synthetic(5);
    RerankCorpus corpus = RerankCorpus.build(c.docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    List<RerankExamples.Example> examples = trainExamples(c, corpus);
    SsiSettings huge = new SsiSettings(8, 1e30f, 15, 5, 0.5f, 20, 0.1f, 3);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new SsiTrainer(corpus, huge).train(examples, (a, l, v, t) -> {}, ProgressReporter.NONE));
    assertTrue(e.getMessage().startsWith("SSI training diverged in epoch "), e.getMessage());
    assertTrue(e.getMessage().endsWith("lower the learning rate with --lr (now 1.0E30)"), e.getMessage());
  }

  @Test
  void badSettingsAndInputs() {
    assertThrows(IllegalArgumentException.class, () -> new SsiSettings(0, 0.1f, 1, 1, 0.5f, 10, 0.1f, 1));
    assertThrows(IllegalArgumentException.class, () -> new SsiSettings(8, Float.NaN, 1, 1, 0.5f, 10, 0.1f, 1));
    assertThrows(IllegalArgumentException.class, () -> new SsiSettings(8, 0.1f, 1, 1, 1.5f, 10, 0.1f, 1));
    assertThrows(IllegalArgumentException.class, () -> new SsiSettings(8, 0.1f, 1, 0, 0.5f, 10, 0.1f, 1));
    RerankCorpus corpus = RerankCorpus.build(synthetic(1).docs(), AnalysisSettings.ENGLISH_STEMMED, 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SsiTrainer(corpus, SsiSettings.defaults(1)).train(List.of(), (a, b, c, d) -> {}, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("no (query, relevant document) pair"));
    assertThrows(IllegalArgumentException.class, () -> RerankCorpus.build(List.of(), AnalysisSettings.ENGLISH_STEMMED, 1));
    assertThrows(IllegalArgumentException.class, () -> RerankCorpus.build(synthetic(1).docs(), AnalysisSettings.ENGLISH_STEMMED, 1000));
  }
}
