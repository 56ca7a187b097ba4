package dev.semhash.search;

import dev.semhash.document.BinaryCodeField;
import java.lang.ref.WeakReference;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LRUQueryCache;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryCachingPolicy;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;

/**
 * The query a top-k query rewrites to is cacheable, so a query cache keeps it as a key after the
 * reader it was computed on is closed. Like Lucene's own DocAndScoreQuery (which keeps only the
 * reader context's identity), it must not keep the closed readers reachable.
 */
public class TestHitsQueryDoesNotPinReaders extends LuceneTestCase {

  public void testClosedReaderIsNotPinnedByTheQueryCache() throws Exception {
    try (Directory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
        for (int i = 0; i < 100; i++) {
          Document doc = new Document();
          doc.add(new BinaryCodeField("code", new byte[] {(byte) i}));
          w.addDocument(doc);
        }
      }
      LRUQueryCache cache = new LRUQueryCache(100, 1 << 20, ctx -> true, Float.POSITIVE_INFINITY);
      QueryCachingPolicy always =
          new QueryCachingPolicy() {
            @Override
            public void onUse(Query query) {}

            @Override
            public boolean shouldCache(Query query) {
              return true;
            }
          };
      WeakReference<LeafReader> leaf = searchAndClose(dir, cache, always);
      for (int i = 0; i < 50 && leaf.get() != null; i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertNull("a closed reader is still reachable from the query cache", leaf.get());
    }
  }

  private static WeakReference<LeafReader> searchAndClose(
      Directory dir, LRUQueryCache cache, QueryCachingPolicy policy) throws Exception {
    DirectoryReader reader = DirectoryReader.open(dir);
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setQueryCache(cache);
    searcher.setQueryCachingPolicy(policy);
    Query q = new ConstantScoreQuery(new HammingTopKQuery("code", new byte[] {3}, 5, null));
    assertEquals(5, searcher.search(q, 10).scoreDocs.length);
    assertTrue("the rewritten query was cached", cache.getCacheCount() > 0);
    WeakReference<LeafReader> leaf = new WeakReference<>(reader.leaves().get(0).reader());
    reader.close();
    return leaf;
  }
}
