package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;
import dev.semhash.search.HammingRadiusQuery.Strategy;
import dev.semhash.search.RandomCodeIndex.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.search.CheckHits;
import org.apache.lucene.tests.search.QueryUtils;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.BytesRef;

public class TestHammingRadiusQuery extends LuceneTestCase {

  /** 8-bit codes by doc id (null: no code) and categories of the hand-computed example. */
  static final int[] HAND_CODES = {0x00, 0x01, 0xFF, 0x03, -1, 0x80, 0x0F};

  static final String[] HAND_CATEGORIES = {"a", "b", "a", "a", "a", "b", "a"};

  /** One segment, doc ids 0..6 as listed, optionally with doc 1 deleted. */
  static Directory handIndex(boolean deleteDocOne) throws IOException {
    Directory dir = newDirectory();
    try (IndexWriter writer =
        new IndexWriter(dir, newIndexWriterConfig().setMergePolicy(newLogMergePolicy()))) {
      for (int id = 0; id < HAND_CODES.length; id++) {
        Document doc = new Document();
        doc.add(new StringField("id", Integer.toString(id), Field.Store.NO));
        doc.add(new NumericDocValuesField("idv", id));
        doc.add(new StringField("cat", HAND_CATEGORIES[id], Field.Store.NO));
        if (HAND_CODES[id] >= 0) {
          doc.add(new BinaryDocValuesField("code", new BytesRef(new byte[] {(byte) HAND_CODES[id]})));
        }
        writer.addDocument(doc);
      }
      writer.forceMerge(1);
      if (deleteDocOne) {
        // keep the deleted document in the segment, so the others keep their doc ids
        writer.getConfig().setMergePolicy(NoMergePolicy.INSTANCE);
        writer.deleteDocuments(new Term("id", "1"));
      }
    }
    return dir;
  }

  static void assertHits(TopDocs top, int[] docs, float[] scores) {
    assertEquals(docs.length, top.scoreDocs.length);
    for (int i = 0; i < docs.length; i++) {
      assertEquals("hit " + i, docs[i], top.scoreDocs[i].doc);
      assertEquals("hit " + i, scores[i], top.scoreDocs[i].score, 0f);
    }
  }

  public void testHandComputedExample() throws IOException {
    // distances from 0x00: doc0 0, doc1 1, doc2 8, doc3 2, doc4 none, doc5 1, doc6 4
    try (Directory dir = handIndex(false);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      byte[] zero = {0};
      assertHits(
          searcher.search(new HammingRadiusQuery("code", zero, 2), 10),
          new int[] {0, 1, 5, 3},
          new float[] {1f, 0.875f, 0.875f, 0.75f});
      assertHits(searcher.search(new HammingRadiusQuery("code", zero, 0), 10), new int[] {0}, new float[] {1f});
      assertEquals(6, searcher.count(new HammingRadiusQuery("code", zero, 8)));
      // 0xFF: doc2 at 0, doc6 at 4 (score 0.5), doc3 at 6, doc0 at 8 (score 0)
      assertHits(
          searcher.search(new HammingRadiusQuery("code", new byte[] {(byte) 0xFF}, 8), 10),
          new int[] {2, 6, 3, 1, 5, 0},
          new float[] {1f, 0.5f, 0.25f, 0.125f, 0.125f, 0f});
      // conjunction with a category filter: the filter does not score
      Query filtered =
          new BooleanQuery.Builder()
              .add(new HammingRadiusQuery("code", zero, 2), Occur.MUST)
              .add(new TermQuery(new Term("cat", "a")), Occur.FILTER)
              .build();
      assertHits(searcher.search(filtered, 10), new int[] {0, 3}, new float[] {1f, 0.75f});
      // boosts multiply the score
      assertHits(
          searcher.search(new BoostQuery(new HammingRadiusQuery("code", zero, 1), 2f), 10),
          new int[] {0, 1, 5},
          new float[] {2f, 1.75f, 1.75f});
    }
    try (Directory dir = handIndex(true);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      assertHits(
          newSearcher(reader).search(new HammingRadiusQuery("code", new byte[] {0}, 2), 10),
          new int[] {0, 5, 3},
          new float[] {1f, 0.875f, 0.75f});
    }
  }

  public void testHandComputedExplanations() throws IOException {
    try (Directory dir = handIndex(false);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      Query q = new HammingRadiusQuery("code", new byte[] {0}, 2);
      Explanation hit = searcher.explain(q, 3);
      assertTrue(hit.isMatch());
      assertEquals(0.75f, hit.getValue().floatValue(), 0f);
      assertEquals(
          "score = (8 bits - Hamming distance 2) / 8, Hamming distance 2 <= radius 2",
          hit.getDescription());
      Explanation far = searcher.explain(q, 6);
      assertFalse(far.isMatch());
      assertEquals("Hamming distance 4 to the query code exceeds the radius 2", far.getDescription());
      Explanation none = searcher.explain(q, 4);
      assertFalse(none.isMatch());
      assertEquals("document has no code in field 'code'", none.getDescription());
      CheckHits.checkExplanations(q, "code", searcher);
    }
  }

  public void testInvalidArguments() {
    byte[] code = new byte[8];
    IllegalArgumentException e =
        expectThrows(IllegalArgumentException.class, () -> new HammingRadiusQuery("code", code, -1));
    assertEquals(
        "radius -1 is outside [0, 64] for a 64-bit code; use a radius between 0 and the code length",
        e.getMessage());
    e = expectThrows(IllegalArgumentException.class, () -> new HammingRadiusQuery("code", code, 65));
    assertTrue(e.getMessage(), e.getMessage().startsWith("radius 65 is outside [0, 64]"));
    e = expectThrows(IllegalArgumentException.class, () -> new HammingRadiusQuery(null, code, 1));
    assertEquals("field is null; name the field that holds the codes", e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class, () -> new HammingRadiusQuery("code", (byte[]) null, 1));
    assertTrue(e.getMessage(), e.getMessage().startsWith("code is null"));
    e =
        expectThrows(
            IllegalArgumentException.class, () -> new HammingRadiusQuery("code", new byte[0], 0));
    assertTrue(e.getMessage(), e.getMessage().startsWith("code is empty"));
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> new HammingRadiusQuery("code", new long[1], 12, 1));
    assertEquals(
        "code length 12 bits is not a positive multiple of 8; codes are whole bytes, pass bits = 8 * bytes",
        e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class, () -> new HammingRadiusQuery("code", new long[1], 0, 0));
    assertTrue(e.getMessage(), e.getMessage().startsWith("code length 0 bits"));
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> new HammingRadiusQuery("code", new long[2], 64, 1));
    assertEquals(
        "a 64-bit code takes 1 words but 2 were given; pack the code with HammingCodes.toWords",
        e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> new HammingRadiusQuery("code", new long[] {1L}, 56, 1));
    assertTrue(e.getMessage(), e.getMessage().contains("low bits of the last word lie past"));
    e =
        expectThrows(
            IllegalArgumentException.class,
            () -> new HammingRadiusQuery("code", (long[]) null, 64, 1));
    assertTrue(e.getMessage(), e.getMessage().startsWith("code words are null"));
  }

  public void testCodeLengthDifferentFromField() throws IOException {
    try (Directory dir = handIndex(false);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      IllegalArgumentException e =
          expectThrows(
              IllegalArgumentException.class,
              () -> searcher.search(new HammingRadiusQuery("code", new byte[2], 1), 10));
      assertTrue(e.getMessage(), e.getMessage().contains("holds 8-bit codes but 16-bit codes"));
      // a field that does not exist matches nothing
      assertEquals(0, searcher.count(new HammingRadiusQuery("nocode", new byte[1], 8)));
    }
  }

  public void testEqualsHashCodeToStringVisit() {
    byte[] code = {0x0a, (byte) 0xff};
    HammingRadiusQuery q = new HammingRadiusQuery("code", code, 3);
    code[0] = 0; // the query keeps its own copy
    QueryUtils.checkEqual(q, new HammingRadiusQuery("code", new byte[] {0x0a, (byte) 0xff}, 3));
    QueryUtils.checkEqual(
        q, new HammingRadiusQuery("code", HammingCodes.toWords(new byte[] {0x0a, (byte) 0xff}, 0, 2), 16, 3));
    QueryUtils.checkUnequal(q, new HammingRadiusQuery("code", new byte[] {0x0a, (byte) 0xfe}, 3));
    QueryUtils.checkUnequal(q, new HammingRadiusQuery("code", new byte[] {0x0a, (byte) 0xff}, 2));
    QueryUtils.checkUnequal(q, new HammingRadiusQuery("other", new byte[] {0x0a, (byte) 0xff}, 3));
    QueryUtils.check(q);
    assertEquals("code:hamming[0aff, radius=3]", q.toString());
    assertEquals("hamming[0aff, radius=3]", q.toString("code"));
    assertArrayEquals(new byte[] {0x0a, (byte) 0xff}, q.getCode());
    assertEquals(16, q.getBits());
    assertEquals(3, q.getRadius());
    assertEquals("code", q.getField());
    List<Query> leaves = new ArrayList<>();
    q.visit(
        new QueryVisitor() {
          @Override
          public void visitLeaf(Query query) {
            leaves.add(query);
          }
        });
    assertEquals(List.of(q), leaves);
    q.visit(
        new QueryVisitor() {
          @Override
          public boolean acceptField(String field) {
            return false;
          }

          @Override
          public void visitLeaf(Query query) {
            fail("field not accepted");
          }
        });
  }

  /** Searches and compares hits, order and exact scores with the brute force. */
  private static void assertSameAsBruteForce(
      IndexSearcher searcher, RandomCodeIndex index, Query query, List<Hit> expected)
      throws IOException {
    TopDocs top = searcher.search(query, Math.max(1, index.reader.maxDoc()));
    List<Hit> ranked = RandomCodeIndex.inRankOrder(expected);
    assertEquals(query.toString(), ranked.size(), top.scoreDocs.length);
    for (int i = 0; i < ranked.size(); i++) {
      ScoreDoc sd = top.scoreDocs[i];
      assertEquals(query + " hit " + i, ranked.get(i).doc(), sd.doc);
      assertEquals(
          query + " hit " + i, HammingScore.of(ranked.get(i).distance(), index.bits), sd.score, 0f);
    }
    assertEquals(ranked.size(), searcher.count(query));
  }

  public void testRandomAgainstBruteForce() throws IOException {
    Random random = random();
    int iters = atLeast(4);
    for (int iter = 0; iter < iters; iter++) {
      int bits = CodeGen.randomBits(random);
      try (RandomCodeIndex index = new RandomCodeIndex(random, bits, random.nextInt(600))) {
        IndexSearcher plain = newSearcher(index.reader);
        IndexSearcher probing =
            newSearcher(new ProbingReader(index.reader, RandomCodeIndex.FIELD, bits, random.nextLong()), false);
        int maxProbeRadius = maxProbeRadius(probing.getIndexReader(), bits, 20_000);
        for (int q = 0; q < 10; q++) {
          long[] code = index.queryCode(random);
          int radius = random.nextInt(bits + 1);
          String category = random.nextBoolean() ? null : RandomCodeIndex.CATEGORIES[random.nextInt(3)];
          List<Hit> expected = index.withinRadius(code, radius, category);
          for (Strategy strategy : Strategy.values()) {
            IndexSearcher searcher = strategy == Strategy.PROBE ? probing : plain;
            int r = strategy == Strategy.PROBE ? Math.min(radius, maxProbeRadius) : radius;
            List<Hit> want = r == radius ? expected : index.withinRadius(code, r, category);
            Query query = new HammingRadiusQuery(RandomCodeIndex.FIELD, QueryCode.ofWords(code, bits), r, strategy);
            if (category != null) {
              query =
                  new BooleanQuery.Builder()
                      .add(query, Occur.MUST)
                      .add(new TermQuery(new Term("cat", category)), Occur.FILTER)
                      .build();
            }
            assertSameAsBruteForce(searcher, index, query, want);
          }
          // AUTO on the probing reader picks per segment; same answer
          Query auto = new HammingRadiusQuery(RandomCodeIndex.FIELD, code, bits, radius);
          assertSameAsBruteForce(probing, index, auto, index.withinRadius(code, radius, null));
        }
      }
    }
  }

  /** The largest radius whose probes stay below {@code maxProbes} in every segment. */
  static int maxProbeRadius(IndexReader reader, int bits, int maxProbes) throws IOException {
    int max = bits;
    for (LeafReaderContext leaf : reader.leaves()) {
      HammingCodes codes = HammingCodes.of(leaf.reader(), RandomCodeIndex.FIELD, bits);
      if (codes == null) {
        continue;
      }
      SubstringIndex substrings = codes.substringIndex();
      assertNotNull("the probing reader must expose substring tables", substrings);
      while (max > 0 && MultiIndexProber.probeCount(substrings, max) > maxProbes) {
        max--;
      }
    }
    return max;
  }

  public void testLuceneConformance() throws IOException {
    Random random = random();
    int bits = CodeGen.randomBits(random);
    try (RandomCodeIndex index = new RandomCodeIndex(random, bits, 30 + random.nextInt(70), false)) {
      IndexSearcher plain = newSearcher(index.reader);
      IndexSearcher probing =
          newSearcher(new ProbingReader(index.reader, RandomCodeIndex.FIELD, bits, random.nextLong()), false);
      int maxProbeRadius = maxProbeRadius(probing.getIndexReader(), bits, 5_000);
      long[] code = index.queryCode(random);
      int radius = random.nextInt(maxProbeRadius + 1);
      int[] expected = RandomCodeIndex.docs(index.withinRadius(code, radius, null));
      for (Strategy strategy : Strategy.values()) {
        IndexSearcher searcher = strategy == Strategy.PROBE ? probing : plain;
        Query query = new HammingRadiusQuery(RandomCodeIndex.FIELD, QueryCode.ofWords(code, bits), radius, strategy);
        QueryUtils.check(random, query, searcher);
        CheckHits.checkHitCollector(random, query, RandomCodeIndex.FIELD, searcher, expected);
        CheckHits.checkExplanations(query, RandomCodeIndex.FIELD, searcher);
      }
      Strategy strategy = Strategy.values()[random.nextInt(Strategy.values().length)];
      IndexSearcher searcher = strategy == Strategy.PROBE ? probing : plain;
      Query query = new HammingRadiusQuery(RandomCodeIndex.FIELD, QueryCode.ofWords(code, bits), radius, strategy);
      Query conjunction =
          new BooleanQuery.Builder()
              .add(query, Occur.MUST)
              .add(new TermQuery(new Term("cat", "a")), Occur.FILTER)
              .build();
      QueryUtils.check(random, conjunction, searcher);
      CheckHits.checkExplanations(conjunction, RandomCodeIndex.FIELD, searcher);
      Query disjunction =
          new BooleanQuery.Builder()
              .add(query, Occur.SHOULD)
              .add(new TermQuery(new Term("cat", "b")), Occur.SHOULD)
              .build();
      QueryUtils.check(random, disjunction, searcher);
    }
  }

  public void testSparseLeadUsesTwoPhaseAndAgrees() throws IOException {
    // One rare category leads the conjunction, so AUTO verifies per document.
    Random random = random();
    int bits = 64;
    try (RandomCodeIndex index = new RandomCodeIndex(random, bits, 2000)) {
      IndexSearcher searcher = newSearcher(index.reader);
      Set<String> rareIds = new HashSet<>();
      for (int i = 0; i < 20; i++) {
        rareIds.add(Integer.toString(random.nextInt(2000)));
      }
      BooleanQuery.Builder ids = new BooleanQuery.Builder();
      for (String id : rareIds) {
        ids.add(new TermQuery(new Term("id", id)), Occur.SHOULD);
      }
      long[] code = index.queryCode(random);
      int radius = 20 + random.nextInt(20);
      Query q =
          new BooleanQuery.Builder()
              .add(new HammingRadiusQuery(RandomCodeIndex.FIELD, code, bits, radius), Occur.FILTER)
              .add(ids.build(), Occur.FILTER)
              .build();
      Set<Integer> expected = new HashSet<>();
      for (Hit h : index.withinRadius(code, radius, null)) {
        expected.add(h.doc());
      }
      TopDocs top = searcher.search(q, 2000);
      Set<Integer> found = new HashSet<>();
      for (ScoreDoc sd : top.scoreDocs) {
        found.add(sd.doc);
        assertTrue(expected.contains(sd.doc));
      }
      // every doc matching both: recompute from the id terms
      int count = 0;
      for (String id : rareIds) {
        TopDocs byId = searcher.search(new TermQuery(new Term("id", id)), 1);
        if (byId.scoreDocs.length == 1 && expected.contains(byId.scoreDocs[0].doc)) {
          count++;
        }
      }
      assertEquals(count, found.size());
    }
  }

  public void testConcurrentSearchesAgree() throws Exception {
    Random random = random();
    int bits = 32;
    try (RandomCodeIndex index = new RandomCodeIndex(random, bits, 500)) {
      IndexSearcher searcher = newSearcher(index.reader);
      List<Query> queries = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        queries.add(new HammingRadiusQuery(RandomCodeIndex.FIELD, index.queryCode(random), bits, 4 + random.nextInt(12)));
      }
      ConcurrentSearches.assertAgree(searcher, queries, 500);
    }
  }

  public void testMatchAllStillComposes() throws IOException {
    try (Directory dir = handIndex(false);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      Query q =
          new BooleanQuery.Builder()
              .add(new MatchAllDocsQuery(), Occur.MUST)
              .add(new HammingRadiusQuery("code", new byte[] {0}, 1), Occur.MUST_NOT)
              .build();
      // all but docs 0, 1, 5
      assertEquals(4, searcher.count(q));
    }
  }
}
