package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * Times HammingTopKQuery (top-100 of 10^6 random 64-bit codes, one segment, one thread) with the
 * codes held in heap arrays, so the query's own scan and selection are measured rather than the
 * BinaryDocValues fallback's loading. Not a test: run its main by hand.
 */
public final class HammingTopKBenchmark {
  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int bits = 64;
    Path path = Files.createTempDirectory("semhash-bench");
    Random random = new Random(42);
    try (Directory dir = FSDirectory.open(path)) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig().setRAMBufferSizeMB(256))) {
        byte[] code = new byte[bits / 8];
        for (int i = 0; i < n; i++) {
          random.nextBytes(code);
          Document doc = new Document();
          doc.add(new BinaryDocValuesField("code", new BytesRef(code.clone())));
          w.addDocument(doc);
        }
        w.forceMerge(1);
      }
      try (DirectoryReader reader =
          new ProbingReader(DirectoryReader.open(dir), "code", bits, ProbingReader.NO_TABLES)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setQueryCache(null);
        long[][] queries = new long[200][];
        for (int i = 0; i < queries.length; i++) {
          queries[i] = CodeGen.randomCode(random, bits);
        }
        long sink = 0;
        for (int round = 0; round < 5; round++) {
          long start = System.nanoTime();
          for (long[] q : queries) {
            TopDocs top = searcher.search(new HammingTopKQuery("code", q, bits, 100, null), 100);
            sink += top.scoreDocs[99].doc;
          }
          double ms = (System.nanoTime() - start) / 1e6 / queries.length;
          System.out.printf("round %d: %.3f ms per top-100 query over %d codes%n", round, ms, n);
        }
        System.out.println("(checksum " + sink + ", " + HammingCodes.class.getSimpleName() + ")");
      }
    } finally {
      try (var files = Files.list(path)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.delete(f);
        }
      }
      Files.delete(path);
    }
  }
}
