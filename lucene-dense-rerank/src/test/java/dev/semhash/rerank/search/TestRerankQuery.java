package dev.semhash.rerank.search;

import dev.semhash.rerank.document.RerankVectorField;
import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.TinyModels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.analysis.MockAnalyzer;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.search.CheckHits;
import org.apache.lucene.tests.search.QueryUtils;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestRerankQuery extends LuceneTestCase {
  private static final String BODY = "body";
  private static final String VEC = "rerank";

  /** doc 2 has no vector, doc 4 does not match the first stage. */
  private static final String[] HAND_DOCS = {"apple cherry", "banana banana cherry", "apple", "cherry apple apple", "durian"};

  private static Directory handIndex(RerankModel model) throws IOException {
    return handIndex(model, false);
  }

  private static Directory handIndex(RerankModel model, boolean singleSegment) throws IOException {
    Directory dir = newDirectory();
    try (RandomIndexWriter w = new RandomIndexWriter(random(), dir, newIndexWriterConfig(new MockAnalyzer(random())).setMergePolicy(newLogMergePolicy()))) {
      for (int i = 0; i < HAND_DOCS.length; i++) {
        Document doc = new Document();
        doc.add(new TextField(BODY, HAND_DOCS[i], Field.Store.NO));
        doc.add(new NumericDocValuesField("num", i));
        if (i != 2) {
          doc.add(RerankVectorField.create(VEC, model, HAND_DOCS[i]));
        }
        w.addDocument(doc);
        if (random().nextInt(3) == 0) {
          w.commit(); // several segments
        }
      }
      if (singleSegment) {
        w.forceMerge(1);
      }
    }
    return dir;
  }

  /** Scores exactly: apple matches score 3, cherry matches 1, summed. */
  private static Query firstStage() {
    return new BooleanQuery.Builder()
        .add(new BoostQuery(new ConstantScoreQuery(new TermQuery(new Term(BODY, "apple"))), 3), Occur.SHOULD)
        .add(new BoostQuery(new ConstantScoreQuery(new TermQuery(new Term(BODY, "cherry"))), 1), Occur.SHOULD)
        .build();
  }

  private static void assertHits(TopDocs top, int[] docs, float[] scores) {
    assertEquals(Arrays.toString(top.scoreDocs), docs.length, top.scoreDocs.length);
    for (int i = 0; i < docs.length; i++) {
      assertEquals(Arrays.toString(top.scoreDocs), docs[i], top.scoreDocs[i].doc);
      assertEquals(Arrays.toString(top.scoreDocs), scores[i], top.scoreDocs[i].score, 1e-5f);
    }
  }

  public void testHandComputedExample() throws IOException {
    RerankModel model = TinyModels.ssi();
    try (Directory dir = handIndex(model);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader, false);
      // first stage: doc0 4, doc1 1, doc2 3, doc3 4 -> f = 1, 0, 2/3, 1
      // model (see RerankModelTest): doc0 3/√2, doc1 1/√17, doc3 √5 -> m = (3/√2 - 1/√17)/(√5 - 1/√17), 0, 1
      double lo = 1 / Math.sqrt(17);
      float m0 = (float) ((3 / Math.sqrt(2) - lo) / (Math.sqrt(5) - lo));
      Query interpolated = new RerankQuery(firstStage(), model, "apple", 10, Combination.INTERPOLATE, 0.5f, VEC);
      assertHits(searcher.search(interpolated, 10), new int[] {3, 0, 1, 2}, new float[] {2.5f, 2 + 0.5f * m0, 1f, 0.5f * 2 / 3f});
      Query replaced = new RerankQuery(firstStage(), model, "apple", 10, Combination.REPLACE, 0.5f, VEC);
      assertHits(searcher.search(replaced, 10), new int[] {3, 0, 1, 2}, new float[] {2f, 1 + m0, 1f, 0.5f * 2 / 3f});
      // top 2 of the first stage: doc0 and doc3 tie at 4 -> f = 0, 0; m = 0, 1
      assertHits(searcher.search(new RerankQuery(firstStage(), model, "apple", 2, Combination.INTERPOLATE, 0.5f, VEC), 10),
          new int[] {3, 0}, new float[] {1.5f, 1f});
      // a weight of 0 is the first stage's order
      assertHits(searcher.search(new RerankQuery(firstStage(), model, "apple", 10, Combination.INTERPOLATE, 0f, VEC), 10),
          new int[] {0, 3, 1, 2}, new float[] {2f, 2f, 1f, 1 / 3f});

      Explanation e = searcher.explain(interpolated, 0);
      String text = e.toString();
      assertTrue(text, text.contains("first-pass score 4.0"));
      assertTrue(text, text.contains("model score " + (float) (3 / Math.sqrt(2))));
      assertTrue(text, text.contains("interpolate, weight 0.5"));
      assertTrue(searcher.explain(interpolated, 2).toString().contains("no rerank vector"));
      assertFalse(searcher.explain(interpolated, 4).isMatch());
      CheckHits.checkExplanations(interpolated, BODY, searcher);
      CheckHits.checkExplanations(replaced, BODY, searcher);
    }
  }

  public void testQueryWithoutKnownTermKeepsFirstStageOrder() throws IOException {
    RerankModel model = TinyModels.ssi();
    try (Directory dir = handIndex(model);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader, false);
      Query q = new RerankQuery(firstStage(), model, "durian kiwi", 10, Combination.REPLACE, 0f, VEC);
      assertHits(searcher.search(q, 10), new int[] {0, 3, 2, 1}, new float[] {2f, 2f, 1 + 2 / 3f, 1f});
      assertTrue(searcher.explain(q, 1).toString().contains("first-stage order kept"));
      CheckHits.checkExplanations(q, BODY, searcher);
    }
  }

  public void testConformance() throws IOException {
    RerankModel model = TinyModels.ssi();
    // One segment: QueryUtils rewrites the query again on single segments, where the top N means
    // the top N of that segment, so its checks only apply when that segment is the whole index.
    try (Directory dir = handIndex(model, true);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      Query q = new RerankQuery(firstStage(), model, "apple banana", 3, Combination.INTERPOLATE, 1f, VEC);
      QueryUtils.check(random(), q, searcher);
      QueryUtils.checkEqual(q, new RerankQuery(firstStage(), TinyModels.ssi(), "apple banana", 3, Combination.INTERPOLATE, 1f, VEC));
      QueryUtils.checkUnequal(q, new RerankQuery(firstStage(), model, "apple banana", 4, Combination.INTERPOLATE, 1f, VEC));
      QueryUtils.checkUnequal(q, new RerankQuery(firstStage(), model, "apple", 3, Combination.INTERPOLATE, 1f, VEC));
      QueryUtils.checkUnequal(q, new RerankQuery(firstStage(), model, "apple banana", 3, Combination.REPLACE, 1f, VEC));
      QueryUtils.checkUnequal(q, new RerankQuery(firstStage(), TinyModels.s2net(), "apple banana", 3, Combination.INTERPOLATE, 1f, VEC));
      // the rewritten query belongs to its reader
      Query rewritten = searcher.rewrite(q);
      try (Directory otherDir = handIndex(model);
          DirectoryReader otherReader = DirectoryReader.open(otherDir)) {
        IndexSearcher other = newSearcher(otherReader, false);
        IllegalStateException e = expectThrows(IllegalStateException.class, () -> other.search(rewritten, 10));
        assertTrue(e.getMessage(), e.getMessage().contains("another index reader"));
      }
    }
  }

  public void testBadArguments() throws IOException {
    RerankModel model = TinyModels.ssi();
    for (int topN : new int[] {0, -1}) {
      IllegalArgumentException e = expectThrows(IllegalArgumentException.class,
          () -> new RerankQuery(firstStage(), model, "apple", topN, Combination.REPLACE, 0f, VEC));
      assertTrue(e.getMessage(), e.getMessage().contains("topN must be positive"));
    }
    expectThrows(IllegalArgumentException.class,
        () -> new RerankQuery(firstStage(), model, "apple", 10, Combination.INTERPOLATE, -0.5f, VEC));
    expectThrows(IllegalArgumentException.class,
        () -> new RerankQuery(firstStage(), model, "apple", 10, Combination.INTERPOLATE, Float.POSITIVE_INFINITY, VEC));
    expectThrows(NullPointerException.class, () -> new RerankQuery(null, model, "apple", 10, Combination.REPLACE, 0f, VEC));
    expectThrows(IllegalArgumentException.class, () -> RerankVectorField.create(VEC, model, null));
  }

  public void testModelOfOtherDimensionFails() throws IOException {
    try (Directory dir = handIndex(TinyModels.ssi());
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader, false);
      RerankModel threeDims = TinyModels.random(new Random(1), List.of("apple", "banana", "cherry"), 3, 1f);
      IllegalArgumentException e = expectThrows(IllegalArgumentException.class,
          () -> searcher.search(new RerankQuery(firstStage(), threeDims, "apple", 10, Combination.REPLACE, 0f, VEC), 10));
      assertTrue(e.getMessage(), e.getMessage().contains("holds a 2-dimensional rerank vector but the model has 3 dimensions"));
      // same dimension, other weights: recognised by the fingerprint
      RerankModel twoDims = TinyModels.random(new Random(1), List.of("apple", "banana", "cherry"), 2, 1f);
      e = expectThrows(IllegalArgumentException.class,
          () -> searcher.search(new RerankQuery(firstStage(), twoDims, "apple", 10, Combination.REPLACE, 0f, VEC), 10));
      assertTrue(e.getMessage(), e.getMessage().contains("computed with another rerank model"));
      // a field that is not a vector field
      e = expectThrows(IllegalArgumentException.class,
          () -> searcher.search(new RerankQuery(firstStage(), TinyModels.ssi(), "apple", 10, Combination.REPLACE, 0f, "num"), 10));
      assertTrue(e.getMessage(), e.getMessage().contains("not the BINARY doc values"));
    }
  }

  public void testMissingFieldRanksEveryHitInFirstStageOrder() throws IOException {
    try (Directory dir = handIndex(TinyModels.ssi());
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader, false);
      Query q = new RerankQuery(firstStage(), TinyModels.ssi(), "apple", 10, Combination.REPLACE, 0f, "absent");
      assertHits(searcher.search(q, 10), new int[] {0, 3, 2, 1}, new float[] {0.5f, 0.5f, 1 / 3f, 0f});
    }
  }

  /** Random collections: the query's ranking is the brute-force ranking, and threads agree. */
  public void testMatchesBruteForceAndIsThreadSafe() throws Exception {
    Random r = random();
    List<String> vocab = List.of("a", "b", "c", "d", "e", "f", "g", "h");
    RerankModel model = switch (r.nextInt(3)) {
      case 0 -> TinyModels.randomTermMatrix(new Random(r.nextLong()), vocab.subList(0, 6));
      default -> TinyModels.random(new Random(r.nextLong()), vocab.subList(0, 6), 4, r.nextBoolean() ? 1f : 0f);
    };
    int numDocs = atLeast(60);
    String[] texts = new String[numDocs];
    boolean[] hasVector = new boolean[numDocs];
    try (Directory dir = newDirectory()) {
      try (RandomIndexWriter w = new RandomIndexWriter(r, dir, newIndexWriterConfig(new MockAnalyzer(r)).setMergePolicy(newLogMergePolicy()))) {
        for (int i = 0; i < numDocs; i++) {
          StringBuilder sb = new StringBuilder();
          for (int t = 1 + r.nextInt(6); t > 0; t--) {
            sb.append(vocab.get(r.nextInt(vocab.size()))).append(' ');
          }
          texts[i] = sb.toString();
          Document doc = new Document();
          doc.add(new TextField(BODY, texts[i], Field.Store.NO));
          doc.add(new NumericDocValuesField("id", i));
          hasVector[i] = r.nextInt(10) != 0;
          if (hasVector[i]) {
            doc.add(RerankVectorField.create(VEC, model, texts[i]));
          }
          w.addDocument(doc);
        }
      }
      try (IndexReader reader = DirectoryReader.open(dir)) {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
          IndexSearcher plain = newSearcher(reader, false);
          IndexSearcher concurrent = new IndexSearcher(reader, pool);
          concurrent.setSimilarity(plain.getSimilarity());
          int[] idOf = new int[reader.maxDoc()];
          for (org.apache.lucene.index.LeafReaderContext leaf : reader.leaves()) {
            org.apache.lucene.index.NumericDocValues ids = leaf.reader().getNumericDocValues("id");
            for (int d = 0; d < leaf.reader().maxDoc(); d++) {
              assertTrue(ids.advanceExact(d));
              idOf[leaf.docBase + d] = (int) ids.longValue();
            }
          }
          for (int iter = 0; iter < 10; iter++) {
            Query first = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(BODY, vocab.get(r.nextInt(vocab.size())))), Occur.SHOULD)
                .add(new TermQuery(new Term(BODY, vocab.get(r.nextInt(vocab.size())))), Occur.SHOULD)
                .build();
            String text = vocab.get(r.nextInt(vocab.size())) + " " + vocab.get(r.nextInt(vocab.size()));
            int topN = 1 + r.nextInt(numDocs);
            Combination c = r.nextBoolean() ? Combination.REPLACE : Combination.INTERPOLATE;
            float weight = r.nextFloat() * 2;
            Query q = new RerankQuery(first, model, text, topN, c, weight, VEC);

            TopDocs firstTop = plain.search(first, topN);
            int n = firstTop.scoreDocs.length;
            ScoreDoc[] byDoc = firstTop.scoreDocs.clone();
            Arrays.sort(byDoc, (x, y) -> Integer.compare(x.doc, y.doc));
            float[] f = new float[n];
            float[] m = new float[n];
            boolean[] has = new boolean[n];
            RerankModel.QueryVector qv = model.encodeQuery(text);
            for (int i = 0; i < n; i++) {
              f[i] = byDoc[i].score;
              has[i] = hasVector[idOf[byDoc[i].doc]] && qv.isEmpty() == false;
              m[i] = has[i] ? model.score(qv, model.encodeDocument(texts[idOf[byDoc[i].doc]])) : 0f;
            }
            RerankScores expected = RerankScores.compute(f, m, has, qv.isEmpty() == false, c, weight);
            float[] expectedOfDoc = new float[numDocs];
            Arrays.fill(expectedOfDoc, -1);
            for (int i = 0; i < n; i++) {
              expectedOfDoc[byDoc[i].doc] = expected.score(i);
            }
            TopDocs got = plain.search(q, numDocs);
            assertEquals(n, got.scoreDocs.length);
            for (int i = 0; i < n; i++) {
              ScoreDoc sd = got.scoreDocs[i];
              assertEquals(expectedOfDoc[sd.doc], sd.score, 1e-5f);
              if (i > 0) {
                assertTrue(got.scoreDocs[i - 1].score >= sd.score);
              }
            }
            List<Future<TopDocs>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
              futures.add(pool.submit(() -> concurrent.search(q, numDocs)));
            }
            for (Future<TopDocs> fut : futures) {
              TopDocs other = fut.get();
              assertEquals(got.scoreDocs.length, other.scoreDocs.length);
              for (int i = 0; i < n; i++) {
                assertEquals(got.scoreDocs[i].doc, other.scoreDocs[i].doc);
                assertEquals(got.scoreDocs[i].score, other.scoreDocs[i].score, 0f);
              }
            }
            if (iter < 3) {
              CheckHits.checkExplanations(q, BODY, plain);
            }
          }
        } finally {
          pool.shutdown();
        }
      }
    }
  }

  /** Every SSI variant and the deep models score the same through the stored bytes as through the model. */
  public void testTermMatrixAndSymmetricModelsThroughTheQuery() throws IOException {
    for (RerankModel model : List.of(TinyModels.diagonal(), TinyModels.sparse(), TinyModels.full(), TinyModels.ssiSymmetric(),
        TinyModels.dse(), TinyModels.dssm())) {
      try (Directory dir = handIndex(model);
          DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = newSearcher(reader, false);
        Query q = new RerankQuery(firstStage(), model, "apple banana", 10, Combination.REPLACE, 0f, VEC);
        TopDocs top = searcher.search(q, 10);
        assertEquals(4, top.scoreDocs.length);
        RerankModel.QueryVector qv = model.encodeQuery("apple banana");
        float lo = Float.POSITIVE_INFINITY;
        float hi = Float.NEGATIVE_INFINITY;
        for (int d : new int[] {0, 1, 3}) {
          float m = model.score(qv, model.encodeDocument(HAND_DOCS[d]));
          lo = Math.min(lo, m);
          hi = Math.max(hi, m);
        }
        for (ScoreDoc sd : top.scoreDocs) {
          if (sd.doc == 2) {
            assertEquals(0.5f * 2 / 3f, sd.score, 1e-6f);
            continue;
          }
          float m = model.score(qv, model.encodeDocument(HAND_DOCS[sd.doc]));
          assertEquals(1 + (m - lo) / (hi - lo), sd.score, 1e-5f);
        }
        CheckHits.checkExplanations(q, BODY, searcher);
      }
    }
  }

  public void testToStringAndAccessors() {
    RerankQuery q = new RerankQuery(firstStage(), TinyModels.ssi(), "apple", 7, Combination.REPLACE, 3f, VEC);
    assertEquals(0f, q.weight(), 0f); // replace ignores the weight
    assertTrue(q.toString(), q.toString().contains("topN=7"));
    assertTrue(q.toString().contains("replace"));
    assertEquals(Map.of("test", "tiny"), q.model().info());
    assertNotNull(new Projection(1, 1, new float[] {1}));
  }
}
