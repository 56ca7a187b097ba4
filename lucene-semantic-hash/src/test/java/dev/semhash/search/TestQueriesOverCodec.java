package dev.semhash.search;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.document.BinaryCodeField;
import dev.semhash.search.HammingRadiusQuery.Strategy;
import dev.semhash.search.RandomCodeIndex.Hit;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.search.CheckHits;
import org.apache.lucene.tests.search.QueryUtils;
import org.apache.lucene.tests.util.LuceneTestCase;

/** The queries end to end over the SemhashCodes10 format (off-heap codes and real hash tables). */
public class TestQueriesOverCodec extends LuceneTestCase {

  public void testRandomAgainstBruteForce() throws IOException {
    Random random = random();
    int[] widths = {8, 16, 24, 40, 64, 72, 128, 136, 200, 1024};
    for (int iter = 0; iter < 6; iter++) {
      int bits = widths[random.nextInt(widths.length)];
      try (RandomCodeIndex index =
          new RandomCodeIndex(random, bits, 1 + random.nextInt(1500), true, random.nextInt(4) == 0, true)) {
        IndexSearcher searcher = newSearcher(index.reader);
        for (int q = 0; q < 8; q++) {
          long[] query = index.queryCode(random);
          String cat = random.nextBoolean() ? null : "a";
          int radius = random.nextInt(bits / 3 + 1);
          for (Strategy s : Strategy.values()) {
            int r = s == Strategy.PROBE ? Math.min(radius, 12) : radius;
            Query rq = new HammingRadiusQuery(RandomCodeIndex.FIELD, QueryCode.ofWords(query, bits), r, s);
            if (cat != null) {
              rq =
                  new BooleanQuery.Builder()
                      .add(rq, Occur.MUST)
                      .add(new TermQuery(new Term("cat", cat)), Occur.FILTER)
                      .build();
            }
            check(searcher, rq, index.withinRadius(query, r, cat), bits, "bits=" + bits + " " + s + " r=" + r);
            CheckHits.checkExplanations(rq, RandomCodeIndex.FIELD, searcher);
          }
          int k = 1 + random.nextInt(50);
          Query topk =
              new HammingTopKQuery(
                  RandomCodeIndex.FIELD, query, bits, k, cat == null ? null : new TermQuery(new Term("cat", cat)));
          if (random.nextBoolean()) {
            topk = ((HammingTopKQuery) topk).withLeafConcurrency();
          }
          check(searcher, topk, index.nearest(query, k, cat), bits, "bits=" + bits + " topk k=" + k);
          CheckHits.checkExplanations(topk, RandomCodeIndex.FIELD, searcher);
        }
      }
    }
  }

  public void testQueryUtilsOverCodec() throws IOException {
    Random random = random();
    int[] widths = {8, 24, 64, 72, 136};
    for (int iter = 0; iter < 4; iter++) {
      int bits = widths[random.nextInt(widths.length)];
      int numDocs = 20 + random.nextInt(300);
      try (Directory dir = random.nextBoolean() ? newDirectory() : new MMapDirectory(createTempDir())) {
        long[][] centres = CodeGen.centres(random, 2, bits);
        try (RandomIndexWriter w =
            new RandomIndexWriter(
                random, dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
          for (int id = 0; id < numDocs; id++) {
            Document doc = new Document();
            doc.add(new StringField("cat", random.nextBoolean() ? "a" : "b", Field.Store.NO));
            if (random.nextInt(5) != 0) {
              doc.add(new BinaryCodeField("code", CodeGen.flip(random, centres[random.nextInt(2)], bits, random.nextInt(bits / 4 + 1)), bits));
            }
            w.addDocument(doc);
            if (random.nextInt(60) == 0) {
              w.commit();
            }
          }
        }
        try (DirectoryReader reader = DirectoryReader.open(dir)) {
          IndexSearcher searcher = newSearcher(reader);
          long[] query = CodeGen.flip(random, centres[0], bits, random.nextInt(bits / 4 + 1));
          for (Strategy s : Strategy.values()) {
            int r = random.nextInt(Math.min(bits / 3, 10) + 1);
            Query q = new HammingRadiusQuery("code", QueryCode.ofWords(query, bits), r, s);
            QueryUtils.check(random, q, searcher);
            Query conj = new BooleanQuery.Builder().add(q, Occur.MUST).add(new TermQuery(new Term("cat", "a")), Occur.FILTER).build();
            QueryUtils.check(random, conj, searcher);
          }
        }
      }
    }
  }

  private static void check(IndexSearcher searcher, Query q, List<Hit> want, int bits, String msg)
      throws IOException {
    List<Hit> ranked =
        want.stream().sorted(Comparator.comparingInt(Hit::distance).thenComparingInt(Hit::doc)).toList();
    TopDocs top = searcher.search(q, Math.max(1, ranked.size() + 1));
    assertEquals(msg, ranked.size(), top.scoreDocs.length);
    for (int i = 0; i < ranked.size(); i++) {
      ScoreDoc sd = top.scoreDocs[i];
      assertEquals(msg + " hit " + i, ranked.get(i).doc(), sd.doc);
      assertEquals(msg, HammingScore.of(ranked.get(i).distance(), bits), sd.score, 0f);
    }
    assertEquals(msg, ranked.size(), searcher.count(q));
  }
}
