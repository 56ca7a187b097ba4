package dev.semhash.rerank.search;

import dev.semhash.rerank.document.RerankVectorField;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.TinyModels;
import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.analysis.MockAnalyzer;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestRerankedHitsScorer extends LuceneTestCase {
  private static final String BODY = "body";
  private static final String VEC = "rerank";

  /** Two segments of 3 documents, each "apple"; the second segment's doc base is 3. */
  private static Directory twoSegments(RerankModel model) throws IOException {
    Directory dir = newDirectory();
    try (IndexWriter w = new IndexWriter(dir, newIndexWriterConfig(new MockAnalyzer(random())).setMergePolicy(org.apache.lucene.index.NoMergePolicy.INSTANCE))) {
      for (int seg = 0; seg < 2; seg++) {
        for (int i = 0; i < 3; i++) {
          Document doc = new Document();
          doc.add(new TextField(BODY, "apple", Field.Store.NO));
          doc.add(new StringField("tag", i == 0 ? "rare" : "common", Field.Store.NO));
          doc.add(RerankVectorField.create(VEC, model, "apple"));
          w.addDocument(doc);
        }
        w.commit();
      }
    }
    return dir;
  }

  public void testAdvanceToNoMoreDocsInALaterSegment() throws IOException {
    RerankModel model = TinyModels.ssi();
    try (Directory dir = twoSegments(model);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      assertEquals(2, reader.leaves().size());
      IndexSearcher searcher = new IndexSearcher(reader);
      Query q = new RerankQuery(new TermQuery(new Term(BODY, "apple")), model, "apple", 10, Combination.REPLACE, 0f, VEC);
      Weight weight = searcher.createWeight(searcher.rewrite(q), ScoreMode.COMPLETE, 1f);
      for (LeafReaderContext leaf : reader.leaves()) {
        Scorer scorer = weight.scorer(leaf);
        DocIdSetIterator it = scorer.iterator();
        assertEquals(0, it.nextDoc());
        assertEquals("segment with doc base " + leaf.docBase, DocIdSetIterator.NO_MORE_DOCS, it.advance(DocIdSetIterator.NO_MORE_DOCS));
      }
    }
  }

  public void testConjunctionWithARarerClauseInALaterSegment() throws IOException {
    RerankModel model = TinyModels.ssi();
    try (Directory dir = twoSegments(model);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = newSearcher(reader, false);
      Query rerank = new RerankQuery(new TermQuery(new Term(BODY, "apple")), model, "apple", 10, Combination.REPLACE, 0f, VEC);
      Query q = new BooleanQuery.Builder().add(rerank, Occur.MUST).add(new TermQuery(new Term("tag", "rare")), Occur.MUST).build();
      assertEquals(2, searcher.search(q, 10).scoreDocs.length);
      assertEquals(2, searcher.count(q));
      Query rare = new TermQuery(new Term("tag", "rare"));
      Query common = new TermQuery(new Term("tag", "common"));
      Query[] shapes = {
        new BooleanQuery.Builder().add(rerank, Occur.MUST).add(rare, Occur.FILTER).build(),
        new BooleanQuery.Builder().add(rerank, Occur.SHOULD).add(rare, Occur.SHOULD).setMinimumNumberShouldMatch(2).build(),
        new BooleanQuery.Builder().add(rerank, Occur.MUST).add(common, Occur.MUST_NOT).build(),
        new BooleanQuery.Builder().add(rare, Occur.MUST).add(rerank, Occur.SHOULD).build(),
        new BooleanQuery.Builder().add(rerank, Occur.FILTER).add(rare, Occur.FILTER).add(new TermQuery(new Term(BODY, "apple")), Occur.MUST).build(),
      };
      for (Query shape : shapes) {
        for (IndexSearcher s : new IndexSearcher[] {new IndexSearcher(reader), searcher}) {
          assertEquals(shape.toString(), 2, s.search(shape, 10).scoreDocs.length);
          assertEquals(shape.toString(), 2, s.count(shape));
        }
      }
    }
  }

  public void testRewrittenQueryVisitsTheFirstStageTerms() throws IOException {
    RerankModel model = TinyModels.ssi();
    try (Directory dir = twoSegments(model);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      Query firstStage =
          new BooleanQuery.Builder()
              .add(new TermQuery(new Term(BODY, "apple")), Occur.SHOULD)
              .add(new TermQuery(new Term(BODY, "pear")), Occur.SHOULD)
              .build();
      Query q = new RerankQuery(firstStage, model, "apple pear", 10, Combination.REPLACE, 0f, VEC);
      Query rewritten = new IndexSearcher(reader).rewrite(q);
      assertNotSame(q, rewritten);
      java.util.Set<Term> terms = new java.util.HashSet<>();
      rewritten.visit(org.apache.lucene.search.QueryVisitor.termCollector(terms));
      assertEquals(java.util.Set.of(new Term(BODY, "apple"), new Term(BODY, "pear")), terms);
    }
  }
}
