package dev.semhash.search;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.document.BinaryCodeField;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.FixedBitSet;

/** A top-k query composed with other clauses over several segments, against the plain answer. */
public class TestTopKInBooleanQueries extends LuceneTestCase {

  public void testCompositions() throws Exception {
    Random random = random();
    try (Directory dir = newDirectory()) {
      int numDocs = 200 + random.nextInt(800);
      try (RandomIndexWriter w =
          new RandomIndexWriter(random, dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
        for (int i = 0; i < numDocs; i++) {
          Document doc = new Document();
          doc.add(new StringField("cat", random.nextInt(3) == 0 ? "a" : "b", Field.Store.NO));
          doc.add(new BinaryCodeField("code", new byte[] {(byte) random.nextInt(256), (byte) random.nextInt(256)}));
          w.addDocument(doc);
          if (random.nextInt(100) == 0) {
            w.commit();
          }
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        for (int iter = 0; iter < 30; iter++) {
          HammingTopKQuery topk =
              new HammingTopKQuery("code", new byte[] {(byte) random.nextInt(256), 0}, 1 + random.nextInt(numDocs), null);
          FixedBitSet inTopK = bits(searcher, topk, reader.maxDoc());
          FixedBitSet inA = bits(searcher, new TermQuery(new Term("cat", "a")), reader.maxDoc());
          Query and = new BooleanQuery.Builder().add(topk, Occur.FILTER).add(new TermQuery(new Term("cat", "a")), Occur.FILTER).build();
          FixedBitSet expectAnd = inTopK.clone();
          expectAnd.and(inA);
          assertEquals(expectAnd.cardinality(), searcher.count(and));
          Query not = new BooleanQuery.Builder().add(new MatchAllDocsQuery(), Occur.MUST).add(topk, Occur.MUST_NOT).build();
          assertEquals(reader.maxDoc() - inTopK.cardinality(), searcher.count(not));
          Query or = new BooleanQuery.Builder().add(topk, Occur.SHOULD).add(new TermQuery(new Term("cat", "a")), Occur.SHOULD).build();
          FixedBitSet expectOr = inTopK.clone();
          expectOr.or(inA);
          assertEquals(expectOr.cardinality(), searcher.count(or));
          TopDocs td = searcher.search(or, 10);
          assertEquals(Math.min(10, expectOr.cardinality()), td.scoreDocs.length);
        }
      }
    }
  }


  public void testRadiusCompositions() throws Exception {
    Random random = random();
    try (Directory dir = newDirectory()) {
      int numDocs = 200 + random.nextInt(3000);
      try (RandomIndexWriter w =
          new RandomIndexWriter(random, dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
        for (int i = 0; i < numDocs; i++) {
          Document doc = new Document();
          doc.add(new StringField("cat", random.nextInt(50) == 0 ? "a" : "b", Field.Store.NO));
          if (random.nextInt(4) != 0) {
            doc.add(new BinaryCodeField("code", new byte[] {(byte) random.nextInt(4), (byte) random.nextInt(256), (byte) random.nextInt(256)}));
          }
          w.addDocument(doc);
          if (random.nextInt(300) == 0) {
            w.commit();
          }
        }
        for (int i = 0; i < 20; i++) {
          w.deleteDocuments(new Term("cat", "zz"));
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher plain = new IndexSearcher(reader);
        IndexSearcher searcher = newSearcher(reader);
        for (int iter = 0; iter < 20; iter++) {
          byte[] code = {(byte) random.nextInt(4), (byte) random.nextInt(256), (byte) random.nextInt(256)};
          int radius = random.nextInt(12);
          for (HammingRadiusQuery.Strategy s : HammingRadiusQuery.Strategy.values()) {
            Query rq = new HammingRadiusQuery("code", QueryCode.ofBytes(code), radius, s);
            int expected = plain.count(new HammingRadiusQuery("code", QueryCode.ofBytes(code), radius, HammingRadiusQuery.Strategy.SCAN));
            assertEquals(expected, searcher.count(rq));
            Query and = new BooleanQuery.Builder().add(rq, Occur.FILTER).add(new TermQuery(new Term("cat", "a")), Occur.FILTER).build();
            Query and2 = new BooleanQuery.Builder().add(rq, Occur.MUST).add(new TermQuery(new Term("cat", "a")), Occur.MUST).build();
            assertEquals(searcher.count(and), searcher.search(and2, 10000).scoreDocs.length);
            Query not = new BooleanQuery.Builder().add(new MatchAllDocsQuery(), Occur.MUST).add(rq, Occur.MUST_NOT).build();
            assertEquals(reader.maxDoc() - expected, searcher.count(not));
            Query or = new BooleanQuery.Builder().add(rq, Occur.SHOULD).add(new TermQuery(new Term("cat", "a")), Occur.SHOULD).build();
            searcher.search(or, 10);
          }
        }
      }
    }
  }

  private static FixedBitSet bits(IndexSearcher searcher, Query q, int maxDoc) throws Exception {
    FixedBitSet bits = new FixedBitSet(maxDoc);
    TopDocs td = searcher.search(q, Math.max(1, maxDoc));
    for (var sd : td.scoreDocs) {
      bits.set(sd.doc);
    }
    return bits;
  }
}
