package dev.semhash.rerank.search;

import dev.semhash.rerank.document.RerankVectorField;
import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.TinyModels;
import java.io.IOException;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.analysis.MockAnalyzer;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.search.QueryUtils;
import org.apache.lucene.tests.util.LuceneTestCase;

/** Models that differ only in λ are different models, for the stored vectors and for query equality. */
public class TestRerankModelIdentity extends LuceneTestCase {
  private static RerankModel ssi(float lambda) {
    return new RerankModel("ssi", Map.of(), TinyModels.PLAIN, TinyModels.fruit(),
        new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1}), new Projection(3, 2, new float[] {1, 1, 0, 2, 1, 0}),
        RerankModel.Similarity.DOT, lambda);
  }

  public void testQueriesWithModelsOfAnotherLambdaAreUnequal() {
    Query first = new TermQuery(new Term("body", "apple"));
    QueryUtils.checkUnequal(new RerankQuery(first, ssi(1f), "apple", 10, Combination.REPLACE, 0f, "v"),
        new RerankQuery(first, ssi(2f), "apple", 10, Combination.REPLACE, 0f, "v"));
  }

  public void testVectorsOfAModelWithoutTermOverlapAreRefused() throws IOException {
    try (Directory dir = newDirectory()) {
      try (RandomIndexWriter w = new RandomIndexWriter(random(), dir, newIndexWriterConfig(new MockAnalyzer(random())))) {
        Document doc = new Document();
        doc.add(new TextField("body", "apple cherry", Field.Store.NO));
        doc.add(RerankVectorField.create("v", ssi(0f), "apple cherry")); // no sparse part stored
        w.addDocument(doc);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = newSearcher(reader, false);
        Query q = new RerankQuery(new TermQuery(new Term("body", "apple")), ssi(1f), "apple", 10, Combination.REPLACE, 0f, "v");
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> searcher.search(q, 10));
        assertTrue(e.getMessage(), e.getMessage().contains("computed with another rerank model"));
      }
    }
  }
}
