package dev.semhash.search;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.tests.search.CheckHits;

/**
 * Runs the same queries from several threads on one searcher and checks every answer against a
 * single-threaded baseline: the queries keep per-search state (scratch buffers, heaps), and
 * sharing any of it across threads would show up here as a differing hit list.
 */
final class ConcurrentSearches {
  private static final int THREADS = 4;
  private static final int REPEATS = 10;

  private ConcurrentSearches() {}

  static void assertAgree(IndexSearcher searcher, List<Query> queries, int topN) throws Exception {
    List<TopDocs> baseline = new ArrayList<>();
    for (Query q : queries) {
      baseline.add(searcher.search(q, topN));
    }
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        futures.add(
            pool.submit(
                () -> {
                  for (int rep = 0; rep < REPEATS; rep++) {
                    for (int i = 0; i < queries.size(); i++) {
                      TopDocs got = searcher.search(queries.get(i), topN);
                      CheckHits.checkEqual(queries.get(i), baseline.get(i).scoreDocs, got.scoreDocs);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }
}
