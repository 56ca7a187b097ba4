package dev.semhash.search;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.document.BinaryCodeField;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;

/** advance(NO_MORE_DOCS) must exhaust an iterator, whatever the leaf's doc base. */
public class TestHitsIteratorAdvance extends LuceneTestCase {

  public void testAdvanceToNoMoreDocsWithDocBase() {
    // top-level hits 10 and 15 of a leaf whose doc base is 8: leaf docs 2 and 7
    HitsIterator it = new HitsIterator(new int[] {10, 15}, new int[] {0, 1}, 0, 2, 8);
    assertEquals(2, it.nextDoc());
    assertEquals(DocIdSetIterator.NO_MORE_DOCS, it.advance(DocIdSetIterator.NO_MORE_DOCS));
  }

  public void testTopKScorerOnSecondSegment() throws Exception {
    try (Directory dir = newDirectory()) {
      try (IndexWriter w =
          new IndexWriter(dir, newIndexWriterConfig()
              .setCodec(new SemhashCodec("code"))
              .setMergePolicy(NoMergePolicy.INSTANCE))) {
        for (int seg = 0; seg < 2; seg++) {
          for (int i = 0; i < 5; i++) {
            Document doc = new Document();
            doc.add(new BinaryCodeField("code", new byte[] {(byte) i}));
            w.addDocument(doc);
          }
          w.commit();
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertEquals(2, reader.leaves().size());
        IndexSearcher searcher = new IndexSearcher(reader);
        Query q = searcher.rewrite(new HammingTopKQuery("code", new byte[] {0}, 10, null));
        Weight weight = searcher.createWeight(q, ScoreMode.COMPLETE, 1f);
        LeafReaderContext second = reader.leaves().get(1);
        Scorer scorer = weight.scorer(second);
        DocIdSetIterator it = scorer.iterator();
        assertEquals(0, it.nextDoc());
        // BitSetConjunctionDISI, for one, calls lead.advance(NO_MORE_DOCS)
        assertEquals(DocIdSetIterator.NO_MORE_DOCS, it.advance(DocIdSetIterator.NO_MORE_DOCS));
        assertEquals(DocIdSetIterator.NO_MORE_DOCS, it.docID());
      }
    }
  }
}
