package dev.semhash.rerank.search;

import dev.semhash.rerank.document.RerankVectorField;
import dev.semhash.rerank.model.TinyModels;
import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.analysis.MockAnalyzer;
import org.apache.lucene.tests.search.CheckHits;
import org.apache.lucene.tests.util.LuceneTestCase;

/** "A query with no term the model knows keeps the first-stage order", also for close scores. */
public class TestRerankFirstStageOrder extends LuceneTestCase {
  public void testCloseFirstStageScoresKeepTheirOrder() throws IOException {
    // doc i scores boosts[i]: doc 1 is above doc 0 by one ulp, in a range of 30
    check(new float[] {10f, Math.nextUp(10f), 30f, 0f}, "durian kiwi", false); // no known term: 1 + f
    for (float max : new float[] {30f, 300f, 3000f}) {
      check(new float[] {10f, Math.nextUp(10f), max, 0f}, "apple", false); // no vector field: 0.5 × f
    }
    check(new float[] {10f, Math.nextUp(10f), 30f, 0f}, "apple", true); // interpolation with weight 0: 1 + f
  }

  private void check(float[] boosts, String text, boolean withVectors) throws IOException {
    try (Directory dir = newDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, newIndexWriterConfig(new MockAnalyzer(random())))) {
        for (int i = 0; i < boosts.length; i++) {
          Document doc = new Document();
          doc.add(new StringField("id", "d" + i, Field.Store.NO));
          if (withVectors) {
            doc.add(RerankVectorField.create("rerank", TinyModels.ssi(), "apple cherry"));
          }
          w.addDocument(doc);
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = newSearcher(reader, false);
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        for (int i = 0; i < boosts.length; i++) {
          b.add(new BoostQuery(new ConstantScoreQuery(new TermQuery(new Term("id", "d" + i))), boosts[i]), Occur.SHOULD);
        }
        Query first = b.build();
        TopDocs firstTop = searcher.search(first, 10);
        int[] firstOrder = Arrays.stream(firstTop.scoreDocs).mapToInt(sd -> sd.doc).toArray();
        assertArrayEquals(new int[] {2, 1, 0, 3}, firstOrder);
        Query q = new RerankQuery(first, TinyModels.ssi(), text, 10, withVectors ? Combination.INTERPOLATE : Combination.REPLACE, 0f, "rerank");
        TopDocs top = searcher.search(q, 10);
        assertEquals(Arrays.toString(top.scoreDocs), Arrays.toString(firstOrder),
            Arrays.toString(Arrays.stream(top.scoreDocs).mapToInt(sd -> sd.doc).toArray()));
        CheckHits.checkExplanations(q, "id", searcher);
      }
    }
  }
}
