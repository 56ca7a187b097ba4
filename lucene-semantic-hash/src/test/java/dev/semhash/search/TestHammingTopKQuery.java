package dev.semhash.search;

import static dev.semhash.search.TestHammingRadiusQuery.assertHits;
import static dev.semhash.search.TestHammingRadiusQuery.handIndex;

import dev.semhash.index.HammingCodes;
import dev.semhash.search.RandomCodeIndex.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.search.CheckHits;
import org.apache.lucene.tests.search.QueryUtils;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestHammingTopKQuery extends LuceneTestCase {

  public void testHandComputedExample() throws IOException {
    // distances from 0x00: doc0 0, doc1 1, doc2 8, doc3 2, doc4 none, doc5 1, doc6 4
    try (Directory dir = handIndex(false);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      byte[] zero = {0};
      assertHits(
          searcher.search(new HammingTopKQuery("code", zero, 3, null), 10),
          new int[] {0, 1, 5},
          new float[] {1f, 0.875f, 0.875f});
      // doc1 and doc5 tie at distance 1: the smaller doc id wins the last place
      assertHits(searcher.search(new HammingTopKQuery("code", zero, 2, null), 10), new int[] {0, 1}, new float[] {1f, 0.875f});
      assertHits(
          searcher.search(new HammingTopKQuery("code", zero, 100, null), 10),
          new int[] {0, 1, 5, 3, 6, 2},
          new float[] {1f, 0.875f, 0.875f, 0.75f, 0.5f, 0f});
      // pre-filtering: the 3 nearest in category a, not the category-a docs among the 3 nearest
      Query inA = new HammingTopKQuery("code", zero, 3, new TermQuery(new Term("cat", "a")));
      assertHits(searcher.search(inA, 10), new int[] {0, 3, 6}, new float[] {1f, 0.75f, 0.5f});
      // as a clause: FILTER by category after selecting the 3 nearest overall
      Query postFiltered =
          new BooleanQuery.Builder()
              .add(new HammingTopKQuery("code", zero, 3, null), Occur.MUST)
              .add(new TermQuery(new Term("cat", "a")), Occur.FILTER)
              .build();
      assertHits(searcher.search(postFiltered, 10), new int[] {0}, new float[] {1f});
      // a filter matching nothing
      assertEquals(0, searcher.count(new HammingTopKQuery("code", zero, 3, new TermQuery(new Term("cat", "z")))));

      Explanation hit = searcher.explain(inA, 3);
      assertTrue(hit.isMatch());
      assertEquals(0.75f, hit.getValue().floatValue(), 0f);
      assertEquals(
          "score = (8 bits - Hamming distance 2) / 8, Hamming distance 2, rank 2 of the k=3 nearest",
          hit.getDescription());
      Explanation miss = searcher.explain(new HammingTopKQuery("code", zero, 2, null), 5);
      assertFalse(miss.isMatch());
      assertEquals(
          "not among the k=2 nearest: Hamming distance 1, the farthest of the 2 hits is at distance 1"
              + " (deleted documents and later doc ids lose ties)",
          miss.getDescription());
      assertEquals(
          "document has no code in field 'code'",
          searcher.explain(new HammingTopKQuery("code", zero, 2, null), 4).getDescription());
      CheckHits.checkExplanations(inA, "code", searcher);
    }
    try (Directory dir = handIndex(true);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      // doc1 deleted: doc5 moves up and doc3 takes the third place
      assertHits(
          newSearcher(reader).search(new HammingTopKQuery("code", new byte[] {0}, 3, null), 10),
          new int[] {0, 5, 3},
          new float[] {1f, 0.875f, 0.75f});
    }
  }

  public void testInvalidArguments() throws IOException {
    byte[] code = new byte[8];
    IllegalArgumentException e =
        expectThrows(IllegalArgumentException.class, () -> new HammingTopKQuery("code", code, 0, null));
    assertEquals("k is 0; ask for at least one nearest document (k >= 1)", e.getMessage());
    expectThrows(IllegalArgumentException.class, () -> new HammingTopKQuery("code", code, -3, null));
    e = expectThrows(IllegalArgumentException.class, () -> new HammingTopKQuery(null, code, 1, null));
    assertEquals("field is null; name the field that holds the codes", e.getMessage());
    e = expectThrows(IllegalArgumentException.class, () -> new HammingTopKQuery("code", (byte[]) null, 1, null));
    assertTrue(e.getMessage(), e.getMessage().startsWith("code is null"));
    e = expectThrows(IllegalArgumentException.class, () -> new HammingTopKQuery("code", new byte[0], 1, null));
    assertTrue(e.getMessage(), e.getMessage().startsWith("code is empty"));
    e = expectThrows(IllegalArgumentException.class, () -> new HammingTopKQuery("code", new long[1], 20, 1, null));
    assertTrue(e.getMessage(), e.getMessage().startsWith("code length 20 bits is not a positive multiple of 8"));
    e = expectThrows(IllegalArgumentException.class, () -> new HammingTopKQuery("code", new long[1], 128, 1, null));
    assertTrue(e.getMessage(), e.getMessage().startsWith("a 128-bit code takes 2 words but 1 were given"));
    try (Directory dir = handIndex(false);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      e =
          expectThrows(
              IllegalArgumentException.class,
              () -> searcher.search(new HammingTopKQuery("code", new byte[3], 5, null), 10));
      assertTrue(e.getMessage(), e.getMessage().contains("holds 8-bit codes but 24-bit codes"));
      assertEquals(0, searcher.count(new HammingTopKQuery("nocode", new byte[1], 5, null)));
      // the rewritten query refuses another reader
      Query rewritten = searcher.rewrite(new HammingTopKQuery("code", new byte[1], 5, null));
      try (Directory other = handIndex(false);
          DirectoryReader otherReader = DirectoryReader.open(other)) {
        IllegalStateException ise =
            expectThrows(IllegalStateException.class, () -> newSearcher(otherReader).count(rewritten));
        assertTrue(ise.getMessage(), ise.getMessage().contains("belongs to another reader"));
      }
    }
  }

  public void testEqualsHashCodeToStringVisit() {
    Query filter = new TermQuery(new Term("cat", "a"));
    HammingTopKQuery q = new HammingTopKQuery("code", new byte[] {0x12, 0x34}, 10, filter);
    QueryUtils.checkEqual(q, new HammingTopKQuery("code", new byte[] {0x12, 0x34}, 10, new TermQuery(new Term("cat", "a"))));
    QueryUtils.checkEqual(
        q, new HammingTopKQuery("code", HammingCodes.toWords(new byte[] {0x12, 0x34}, 0, 2), 16, 10, filter));
    QueryUtils.checkUnequal(q, new HammingTopKQuery("code", new byte[] {0x12, 0x34}, 10, null));
    QueryUtils.checkUnequal(q, new HammingTopKQuery("code", new byte[] {0x12, 0x34}, 11, filter));
    QueryUtils.checkUnequal(q, new HammingTopKQuery("code", new byte[] {0x12, 0x35}, 10, filter));
    QueryUtils.checkUnequal(q, new HammingTopKQuery("other", new byte[] {0x12, 0x34}, 10, filter));
    QueryUtils.checkUnequal(q, q.withLeafConcurrency());
    QueryUtils.check(q);
    assertEquals("code:hamming-top-k[1234, k=10, filter=cat:a]", q.toString());
    assertEquals("hamming-top-k[1234, k=10, filter=cat:a]", q.toString("code"));
    assertEquals(10, q.getK());
    assertEquals(16, q.getBits());
    assertSame(filter, q.getFilter());
    List<Query> leaves = new ArrayList<>();
    List<Term> terms = new ArrayList<>();
    q.visit(
        new QueryVisitor() {
          @Override
          public void visitLeaf(Query query) {
            leaves.add(query);
          }

          @Override
          public void consumeTerms(Query query, Term... ts) {
            terms.addAll(List.of(ts));
          }

          @Override
          public QueryVisitor getSubVisitor(org.apache.lucene.search.BooleanClause.Occur occur, Query parent) {
            return this;
          }
        });
    assertEquals(List.of(q), leaves);
    assertEquals(List.of(new Term("cat", "a")), terms);
  }

  private static void assertSameAsBruteForce(
      IndexSearcher searcher, RandomCodeIndex index, Query query, List<Hit> expected)
      throws IOException {
    TopDocs top = searcher.search(query, Math.max(1, index.reader.maxDoc()));
    assertEquals(query.toString(), expected.size(), top.scoreDocs.length);
    for (int i = 0; i < expected.size(); i++) {
      ScoreDoc sd = top.scoreDocs[i];
      assertEquals(query + " hit " + i, expected.get(i).doc(), sd.doc);
      assertEquals(query + " hit " + i, HammingScore.of(expected.get(i).distance(), index.bits), sd.score, 0f);
    }
  }

  public void testRandomAgainstBruteForce() throws IOException {
    Random random = random();
    int iters = atLeast(5);
    for (int iter = 0; iter < iters; iter++) {
      int bits = CodeGen.randomBits(random);
      try (RandomCodeIndex index = new RandomCodeIndex(random, bits, random.nextInt(800))) {
        IndexSearcher searcher = newSearcher(index.reader);
        for (int q = 0; q < 10; q++) {
          long[] code = index.queryCode(random);
          int k = 1 + random.nextInt(random.nextBoolean() ? 10 : 1000);
          String category = random.nextBoolean() ? null : RandomCodeIndex.CATEGORIES[random.nextInt(3)];
          Query filter = category == null ? null : new TermQuery(new Term("cat", category));
          if (category != null && random.nextInt(4) == 0) {
            // a sparse filter is iterated instead of turned into bits: a handful of ids in the category
            BooleanQuery.Builder ids = new BooleanQuery.Builder();
            for (int i = 0; i < 5; i++) {
              ids.add(new TermQuery(new Term("id", Integer.toString(random.nextInt(Math.max(1, index.codesById.length))))), Occur.SHOULD);
            }
            filter = new BooleanQuery.Builder().add(ids.build(), Occur.FILTER).add(filter, Occur.FILTER).build();
            List<Hit> expected = new ArrayList<>();
            TopDocs filterDocs = searcher.search(filter, Math.max(1, index.reader.maxDoc()));
            java.util.Set<Integer> allowed = new java.util.HashSet<>();
            for (ScoreDoc sd : filterDocs.scoreDocs) {
              allowed.add(sd.doc);
            }
            for (Hit h : index.nearest(code, Integer.MAX_VALUE, category)) {
              if (allowed.contains(h.doc()) && expected.size() < k) {
                expected.add(h);
              }
            }
            HammingTopKQuery query = new HammingTopKQuery(RandomCodeIndex.FIELD, code, bits, k, filter);
            assertSameAsBruteForce(searcher, index, query, expected);
            continue;
          }
          List<Hit> expected = index.nearest(code, k, category);
          HammingTopKQuery query = new HammingTopKQuery(RandomCodeIndex.FIELD, code, bits, k, filter);
          assertSameAsBruteForce(searcher, index, query, expected);
          assertSameAsBruteForce(searcher, index, query.withLeafConcurrency(), expected);
          // the scores agree with the radius query's: top-k within the k-th distance
          if (expected.isEmpty() == false) {
            int kth = expected.get(expected.size() - 1).distance();
            Query radius = new HammingRadiusQuery(RandomCodeIndex.FIELD, code, bits, kth);
            if (filter != null) {
              radius = new BooleanQuery.Builder().add(radius, Occur.MUST).add(filter, Occur.FILTER).build();
            }
            TopDocs within = searcher.search(radius, expected.size());
            CheckHits.checkEqual(radius, within.scoreDocs, searcher.search(query, expected.size()).scoreDocs);
          }
        }
      }
    }
  }

  public void testLuceneConformance() throws IOException {
    Random random = random();
    int bits = CodeGen.randomBits(random);
    // One segment: QueryUtils rewrites the query again on single segments, where a top-k query
    // means the k nearest of that segment, so its checks only apply when that is the whole index.
    try (RandomCodeIndex index = new RandomCodeIndex(random, bits, 30 + random.nextInt(100), false, true)) {
      IndexSearcher searcher = newSearcher(index.reader);
      for (int q = 0; q < 2; q++) {
        long[] code = index.queryCode(random);
        int k = 1 + random.nextInt(40);
        Query filter = random.nextBoolean() ? null : new TermQuery(new Term("cat", "b"));
        Query query = new HammingTopKQuery(RandomCodeIndex.FIELD, code, bits, k, filter);
        int[] expected = RandomCodeIndex.docs(index.nearest(code, k, filter == null ? null : "b"));
        QueryUtils.check(random, query, searcher);
        CheckHits.checkHitCollector(random, query, RandomCodeIndex.FIELD, searcher, expected);
        CheckHits.checkExplanations(query, RandomCodeIndex.FIELD, searcher);
        Query conjunction =
            new BooleanQuery.Builder()
                .add(query, Occur.MUST)
                .add(new TermQuery(new Term("cat", "a")), Occur.FILTER)
                .build();
        QueryUtils.check(random, conjunction, searcher);
        CheckHits.checkExplanations(conjunction, RandomCodeIndex.FIELD, searcher);
      }
    }
  }

  public void testConcurrentSearchesAgree() throws Exception {
    Random random = random();
    int bits = 64;
    try (RandomCodeIndex index = new RandomCodeIndex(random, bits, 600)) {
      IndexSearcher searcher = newSearcher(index.reader);
      List<Query> queries = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        Query filter = i % 2 == 0 ? null : new TermQuery(new Term("cat", "c"));
        queries.add(new HammingTopKQuery(RandomCodeIndex.FIELD, index.queryCode(random), bits, 1 + random.nextInt(50), filter));
      }
      ConcurrentSearches.assertAgree(searcher, queries, 100);
    }
  }

  public void testNoCodesRewritesToNoMatch() throws IOException {
    try (Directory dir = handIndex(false);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader);
      assertTrue(searcher.rewrite(new HammingTopKQuery("nocode", new byte[1], 3, null)) instanceof MatchNoDocsQuery);
      assertTrue(
          searcher.rewrite(new HammingTopKQuery("code", new byte[1], 3, new MatchNoDocsQuery()))
              instanceof MatchNoDocsQuery);
    }
  }
}
