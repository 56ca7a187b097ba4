package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Edge;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The document-ranking tasks: the links split (deterministic, undirected, training links left out
 * of the rankings), the errors, and a quality floor on a slice of 20 Newsgroups where SSI must beat
 * TF-IDF cosine clearly. Runs in about 30 s (the 20 Newsgroups slice is most of it).
 */
class DocumentTaskTest {
  private static final AnalysisSettings ANALYSIS = new AnalysisSettings(true, true, 1, 255, true);

  private static List<Document> docs(int n) {
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      docs.add(new Document("d" + i, "", "word" + i + " common", List.of("l" + (i % 2)), i % 3 == 0 ? "test" : "train"));
    }
    return docs;
  }

  private static List<Edge> edges(int n) {
    List<Edge> edges = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      edges.add(new Edge("d" + i, "d" + ((i * 7 + 3) % n)));
      edges.add(new Edge("d" + i, "d" + ((i * 7 + 3) % n))); // duplicate
      edges.add(new Edge("d" + ((i * 7 + 3) % n), "d" + i)); // reverse
    }
    edges.add(new Edge("d1", "d1")); // self-link, dropped
    return edges;
  }

  @Test
  void linksSplitIsDeterministicUndirectedAndExcludesTrainingLinks() {
    List<Document> docs = docs(40);
    List<Edge> edges = edges(40);
    DocumentTask a = DocumentTask.links(docs, edges, 0.7, 42L);
    DocumentTask b = DocumentTask.links(docs, edges, 0.7, 42L);
    DocumentTask c = DocumentTask.links(docs, edges, 0.7, 43L);
    assertEquals(a.queries(), b.queries());
    assertArrayEquals(a.relevant(), b.relevant());
    assertArrayEquals(a.excluded(), b.excluded());
    assertFalse(Arrays.deepEquals(a.relevant(), c.relevant()) && a.queries().equals(c.queries()));
    int distinct = (int) Arrays.stream(DocumentTask.undirectedEdges(edges, ordinals(docs))).count();
    assertEquals(distinct, a.trainEdges() + a.testEdges());
    assertEquals(Math.round(distinct * 0.7), a.trainEdges());
    long heldOutEnds = 0;
    for (int q = 0; q < a.queries().size(); q++) {
      int self = docs.indexOf(a.queries().get(q));
      assertTrue(Arrays.binarySearch(a.excluded()[q], self) >= 0);
      assertArrayEquals(withSelf(a.trainingLinks()[self], self), a.excluded()[q]);
      for (int r : a.relevant()[q]) {
        assertTrue(Arrays.binarySearch(a.excluded()[q], r) < 0, "relevant and excluded");
      }
      heldOutEnds += a.relevant()[q].length;
    }
    assertEquals(2L * a.testEdges(), heldOutEnds); // each held-out link counts at both ends
  }

  private static java.util.Map<String, Integer> ordinals(List<Document> docs) {
    java.util.Map<String, Integer> m = new java.util.HashMap<>();
    for (int i = 0; i < docs.size(); i++) {
      m.put(docs.get(i).id(), i);
    }
    return m;
  }

  private static int[] withSelf(int[] sorted, int self) {
    int[] out = Arrays.copyOf(sorted, sorted.length + 1);
    out[sorted.length] = self;
    Arrays.sort(out);
    return out;
  }

  @Test
  void badTasksAndPairsAreNamed() {
    List<Document> docs = docs(12);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DocumentTask.links(docs, List.of(new Edge("d1", "nope")), 0.7, 1L));
    assertTrue(e.getMessage().contains("not in the dataset"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DocumentTask.links(docs, List.of(new Edge("d1", "d2")), 0.7, 1L));
    assertTrue(e.getMessage().contains("at least 2 distinct links"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DocumentTask.links(docs, edges(12), 1.0, 1L));
    assertTrue(e.getMessage().contains("(0, 1)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DocumentTask.docDoc(docs.stream().filter(Document::isTrain).toList()));
    assertTrue(e.getMessage().contains("\"test\""), e.getMessage());
    List<Document> unlabelled = docs.stream().map(d -> new Document(d.id(), "", d.text(), List.of(), d.split())).toList();
    e = assertThrows(IllegalArgumentException.class, () -> DocumentTask.docDoc(unlabelled));
    assertTrue(e.getMessage().contains("has no label"), e.getMessage());

    RerankCorpus corpus = RerankCorpus.build(docs, ANALYSIS, 1);
    e = assertThrows(IllegalArgumentException.class,
        () -> DocumentPairs.build(PairSource.QRELS, corpus, null, 0.1, 10, 5, 1L, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("qrels pairs need judged queries"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> DocumentPairs.build(PairSource.LINKS, corpus, null, 0.1, 10, 5, 1L, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("no link between the documents"), e.getMessage());
    RerankCorpus bare = RerankCorpus.build(unlabelled, ANALYSIS, 1);
    e = assertThrows(IllegalArgumentException.class,
        () -> DocumentPairs.build(PairSource.LABELS, bare, null, 0.1, 10, 5, 1L, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("no document has a label"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> PairSource.parse("clicks"));
    assertTrue(e.getMessage().contains("choose qrels, labels, links or weak"), e.getMessage());
  }

  @Test
  void linkValidationHoldsOutLinksNotTrainedOn() {
    List<Document> docs = docs(40);
    int[][] links = DocumentTask.linkAdjacency(docs, edges(40));
    RerankCorpus corpus = RerankCorpus.build(docs, ANALYSIS, 1);
    DocumentPairs pairs = DocumentPairs.build(PairSource.LINKS, corpus, links, 0.25, 1000, 5, 3L, ProgressReporter.NONE);
    long trained = pairs.pairs();
    long held = pairs.validation().stream().mapToLong(q -> q.relevant().length).sum();
    assertEquals(Arrays.stream(links).mapToLong(a -> a.length).sum(), trained + held); // both directions of every link
    for (DocumentPairs.TrainQuery v : pairs.validation()) {
      int self = corpus.ordinal(v.id());
      for (DocumentPairs.TrainQuery t : pairs.train()) {
        if (t.id().equals(v.id())) {
          for (int r : v.relevant()) {
            assertTrue(Arrays.binarySearch(t.relevant(), r) < 0, "a validation link is trained on");
          }
        }
      }
      assertTrue(Arrays.binarySearch(v.excluded(), self) >= 0);
    }
  }

  @Test
  void learntPartWeightScalesTheProjectionsDotProductOnly() {
    RerankCorpus corpus = RerankCorpus.build(docs(8), ANALYSIS, 1);
    int t = corpus.dictionary().size();
    java.util.Random r = new java.util.Random(3);
    float[] a = new float[t * 2];
    float[] b = new float[t * 2];
    for (int i = 0; i < a.length; i++) {
      a[i] = (float) r.nextGaussian();
      b[i] = (float) r.nextGaussian();
    }
    dev.semhash.rerank.model.RerankModel m = new dev.semhash.rerank.model.RerankModel("ssi", java.util.Map.of(), corpus.analysis(),
        corpus.dictionary(), new dev.semhash.rerank.model.Projection(t, 2, a), new dev.semhash.rerank.model.Projection(t, 2, b),
        dev.semhash.rerank.model.RerankModel.Similarity.DOT, 1f);
    double[] got = assertWeighedLikeTheScorer(m, corpus, 0.25f, 1);
    var q = m.encodeQuery(corpus.document(0));
    for (int d = 0; d < corpus.size(); d++) {
      double overlap = corpus.document(0).dot(corpus.document(d));
      double dense = m.score(q, m.encodeDocument(corpus.document(d))) - overlap;
      assertEquals(0.25 * dense + overlap, got[d], 1e-5);
    }
  }

  @Test
  void aDeepModelsLearntPartIsWeighedThroughItsTfIdfWeight() {
    RerankCorpus corpus = RerankCorpus.build(docs(8), ANALYSIS, 1);
    int t = corpus.dictionary().size();
    java.util.Random r = new java.util.Random(5);
    float[] first = new float[t * 2];
    for (int i = 0; i < first.length; i++) {
      first[i] = (float) r.nextGaussian();
    }
    var projection = new dev.semhash.rerank.model.Projection(t, 2, first);
    var layers = new dev.semhash.rerank.model.DeepLayers(new float[] {0.1f, -0.2f}, dev.semhash.rerank.model.Activation.SIGMOID,
        List.of(new dev.semhash.rerank.model.DenseLayer(2, 1, new float[] {3, -2}, new float[] {0.5f},
            dev.semhash.rerank.model.Activation.LINEAR)));
    var dse = new dev.semhash.rerank.model.RerankModel("dse", java.util.Map.of(), corpus.analysis(), corpus.dictionary(),
        projection, projection, dev.semhash.rerank.model.RerankModel.Similarity.DOT, 0.5f, layers);
    var dssm = new dev.semhash.rerank.model.RerankModel("dssm", java.util.Map.of(), corpus.analysis(), corpus.dictionary(),
        projection, projection, dev.semhash.rerank.model.RerankModel.Similarity.COSINE, 0.5f, layers);
    for (var model : List.of(dse, dssm)) {
      assertTrue(DocumentTaskExperiment.weighable(model), model.method());
      assertEquals(0.5f / 0.25f, DocumentTaskExperiment.weighLearntPart(model, 0.25f).termOverlapWeight(), 1e-6);
      // 0.25 dense + λ sparse, up to the factor 1 / 0.25 that leaves every ranking as it is
      assertWeighedLikeTheScorer(model, corpus, 0.25f, 0.25);
    }
    var plainDssm = new dev.semhash.rerank.model.RerankModel("dssm", java.util.Map.of(), corpus.analysis(), corpus.dictionary(),
        projection, projection, dev.semhash.rerank.model.RerankModel.Similarity.COSINE, 0f, layers);
    assertFalse(DocumentTaskExperiment.weighable(plainDssm), "without a TF-IDF term there is nothing to weigh against");
  }

  /**
   * Checks that {@code weighLearntPart(model, weight)} scores every document as the scorer does
   * with the dense part weighted by {@code weight}, up to the factor {@code scale}, and records the
   * weight; returns the weighed model's scores for document 0 as the query.
   */
  private static double[] assertWeighedLikeTheScorer(
      dev.semhash.rerank.model.RerankModel model, RerankCorpus corpus, float weight, double scale) {
    var weighed = DocumentTaskExperiment.weighLearntPart(model, weight);
    assertTrue(weighed.info().get("learnt_part_weight").startsWith(Float.toString(weight)));
    double[] expected = new double[corpus.size()];
    double[] got = new double[corpus.size()];
    CorpusScorer.of(model, corpus).score(corpus.document(0), expected, weight);
    CorpusScorer.of(weighed, corpus).score(corpus.document(0), got);
    for (int d = 0; d < corpus.size(); d++) {
      assertEquals(expected[d], scale * got[d], 1e-5, "document " + d);
    }
    return got;
  }

  /** SSI trained on a slice of 20 Newsgroups ranks documents of the query's newsgroup far better than TF-IDF. */
  @Test
  void ssiBeatsTfIdfOnA20NewsgroupsSlice() throws Exception {
    Path dir = Path.of("../../shared/datasets/20newsgroups");
    if (Files.isDirectory(dir) == false) {
      dir = Path.of("../shared/datasets/20newsgroups");
    }
    assumeTrue(Files.isDirectory(dir), "20 Newsgroups not found next to the repository");
    List<Document> all = new DatasetReader(dir).documents();
    List<Document> slice = new ArrayList<>();
    int train = 0;
    int test = 0;
    for (Document d : all) {
      if (d.isTrain() && train++ % 6 == 0 || d.isTest() && test++ % 30 == 0) {
        slice.add(d);
      }
    }
    DocumentTask task = DocumentTask.docDoc(slice);
    SsiSettings ssi = new SsiSettings(32, 0.05f, 4, 5, 0f, 10, 0.05f, 42L).withMaxPositives(3);
    DocumentTaskExperiment.Settings s = new DocumentTaskExperiment.Settings(
        "ssi", corpus -> new SsiTrainer(corpus, ssi), PairSource.LABELS, ANALYSIS, 2, Integer.MAX_VALUE, 0.1, 200, 0, 5,
        20_000, 42L, 2);
    DocumentTaskExperiment.Result r = DocumentTaskExperiment.run(task, s, ProgressReporter.NONE);
    assertTrue(r.model().map() > r.tfIdf().map() + 0.15, "SSI " + r.model() + " vs TF-IDF " + r.tfIdf());
    assertTrue(r.model().rankLoss() < r.tfIdf().rankLoss(), "SSI " + r.model() + " vs TF-IDF " + r.tfIdf());
    // reranking BM25's hits with a weight chosen on validation: the labels' signal must show
    DocumentTaskExperiment.Interpolated inter = r.interpolated();
    assertTrue(inter.chosen() && inter.weight() > 0, "weight " + inter.weight());
    assertTrue(inter.validationMap() > inter.validationBm25Map(), inter.toString());
    assertTrue(inter.test().map() > r.bm25().map() + 0.1, "BM25 + SSI " + inter.test() + " vs BM25 " + r.bm25());
  }
}
