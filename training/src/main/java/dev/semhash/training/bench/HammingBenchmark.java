package dev.semhash.training.bench;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.document.BinaryCodeField;
import dev.semhash.search.HammingRadiusQuery;
import dev.semhash.search.HammingTopKQuery;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.LogDocMergePolicy;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Indexes raw codes with {@link SemhashCodec} into one segment and times the real query classes,
 * one query at a time on one thread, after a warm-up.
 *
 * <p>Top-k: {@link HammingTopKQuery} through {@link IndexSearcher#search(Query, int)}. Radius:
 * {@link HammingRadiusQuery} with its automatic strategy (multi-index probing where it pays) and,
 * as the linear-scan reference, the same query forced to scan; the two hit lists are compared.
 */
public final class HammingBenchmark {
  /** The field the benchmark index stores codes in. */
  public static final String FIELD = "code";

  /** The commit data key naming the code file an index was built from; no other index has it. */
  private static final String CODES_KEY = "codes";

  private HammingBenchmark() {}

  /** What to measure. {@code radius < 0} skips the radius benchmark. */
  public record Settings(int bits, int k, int radius, int warmup, int maxQueries) {}

  /**
   * The figures of one run. Times are milliseconds per query; {@code topkDistanceSum} (the sum of
   * the top-k distances over all measured queries) lets another engine's results be checked.
   */
  public record Result(
      long codes,
      int queries,
      double indexSeconds,
      double codeBytesPerDoc,
      double tableBytesPerDoc,
      double topkMedianMs,
      double topkP90Ms,
      long topkDistanceSum,
      double radiusMedianMs,
      double radiusScanMedianMs,
      double meanRadiusHits,
      boolean radiusIdentical) {}

  /**
   * Builds (or reuses, when it was built from the same file) the benchmark index of {@code codes}
   * in {@code indexDir}, one segment, document {@code i} = row {@code i}.
   *
   * @return seconds spent indexing (0 when reused)
   * @throws IllegalArgumentException if {@code indexDir} is a file, or holds files that are not an
   *     index this method built (a search index, say), which rebuilding would destroy
   */
  public static double buildIndex(Path codes, int bits, Path indexDir, ProgressReporter progress)
      throws IOException {
    long n = CodeFile.count(codes, bits);
    String identity = codes.toAbsolutePath() + "|" + Files.size(codes) + "|" + Files.getLastModifiedTime(codes).toMillis() + "|" + bits;
    if (Files.exists(indexDir) && Files.isDirectory(indexDir) == false) {
      throw new IllegalArgumentException("the index folder " + indexDir + " is a file; give a new or empty folder");
    }
    if (Files.isDirectory(indexDir)) {
      try (Directory dir = FSDirectory.open(indexDir)) {
        if (DirectoryReader.indexExists(dir)) {
          try (DirectoryReader reader = DirectoryReader.open(dir)) {
            String built = reader.getIndexCommit().getUserData().get(CODES_KEY);
            if (built == null) {
              // rebuilding replaces every document: only an index of raw codes this method made may go
              throw new IllegalArgumentException("the index folder " + indexDir + " holds an index that bench-hamming"
                  + " did not build (" + reader.numDocs() + " documents), which indexing the codes would replace;"
                  + " give a new or empty folder");
            }
            if (identity.equals(built) && reader.leaves().size() == 1) {
              return 0;
            }
          }
        } else if (dir.listAll().length > 0) {
          throw new IllegalArgumentException("the index folder " + indexDir + " holds files but no index; give a new"
              + " or empty folder");
        }
      }
    }
    long start = System.nanoTime();
    IndexWriterConfig config = new IndexWriterConfig();
    config.setCodec(new SemhashCodec(FIELD));
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
    config.setRAMBufferSizeMB(512);
    config.setMergePolicy(new LogDocMergePolicy()); // merges neighbours only: doc ids stay row numbers
    int rowBytes = bits / 8;
    int batch = 1 << 16;
    try (Directory dir = FSDirectory.open(indexDir);
        IndexWriter writer = new IndexWriter(dir, config);
        ProgressReporter.Progress p = progress.start("indexing codes", n, "codes")) {
      for (long from = 0; from < n; from += batch) {
        int count = (int) Math.min(batch, n - from);
        byte[] block = CodeFile.read(codes, bits, from, count);
        for (int i = 0; i < count; i++) {
          Document doc = new Document();
          doc.add(new BinaryCodeField(FIELD, Arrays.copyOfRange(block, i * rowBytes, (i + 1) * rowBytes), bits));
          writer.addDocument(doc);
        }
        p.step(count);
      }
      writer.forceMerge(1);
      writer.setLiveCommitData(Map.of(CODES_KEY, identity).entrySet());
      writer.commit();
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** Runs the queries of {@code queries} (raw code file) against the index in {@code indexDir}. */
  public static Result run(Path indexDir, Path queries, Settings s, double indexSeconds, ProgressReporter progress)
      throws IOException {
    long q = Math.min(CodeFile.count(queries, s.bits()), s.maxQueries());
    byte[] all = CodeFile.read(queries, s.bits(), 0, (int) q);
    int rowBytes = s.bits() / 8;
    List<byte[]> codes = new ArrayList<>();
    for (int i = 0; i < q; i++) {
      codes.add(Arrays.copyOfRange(all, i * rowBytes, (i + 1) * rowBytes));
    }
    try (Directory dir = FSDirectory.open(indexDir);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = new IndexSearcher(reader); // no executor: one thread
      searcher.setQueryCache(null);
      long n = reader.maxDoc();
      double[] sizes = fileSizes(dir, n);

      for (int w = 0; w < s.warmup(); w++) {
        searcher.search(new HammingTopKQuery(FIELD, codes.get(w % codes.size()), s.k(), null), s.k());
      }
      double[] topk = new double[codes.size()];
      long distanceSum = 0;
      try (ProgressReporter.Progress p = progress.start("top-" + s.k() + " queries", codes.size(), "queries")) {
        for (int i = 0; i < codes.size(); i++) {
          long t = System.nanoTime();
          TopDocs top = searcher.search(new HammingTopKQuery(FIELD, codes.get(i), s.k(), null), s.k());
          topk[i] = (System.nanoTime() - t) / 1e6;
          for (ScoreDoc sd : top.scoreDocs) {
            distanceSum += Math.round(s.bits() - sd.score * s.bits());
          }
          p.step(1);
        }
      }
      double radiusMedian = Double.NaN;
      double scanMedian = Double.NaN;
      double meanHits = Double.NaN;
      boolean identical = true;
      if (s.radius() >= 0) {
        for (int w = 0; w < s.warmup(); w++) {
          byte[] code = codes.get(w % codes.size());
          collect(searcher, new HammingRadiusQuery(FIELD, code, s.radius()));
          collect(searcher, new HammingRadiusQuery(FIELD, code, s.radius()).withStrategy(HammingRadiusQuery.Strategy.SCAN));
        }
        double[] auto = new double[codes.size()];
        double[] scan = new double[codes.size()];
        long hits = 0;
        try (ProgressReporter.Progress p = progress.start("radius-" + s.radius() + " queries", codes.size(), "queries")) {
          for (int i = 0; i < codes.size(); i++) {
            HammingRadiusQuery query = new HammingRadiusQuery(FIELD, codes.get(i), s.radius());
            long t = System.nanoTime();
            int[] a = collect(searcher, query);
            auto[i] = (System.nanoTime() - t) / 1e6;
            t = System.nanoTime();
            int[] b = collect(searcher, query.withStrategy(HammingRadiusQuery.Strategy.SCAN));
            scan[i] = (System.nanoTime() - t) / 1e6;
            identical &= Arrays.equals(a, b);
            hits += a.length;
            p.step(1);
          }
        }
        radiusMedian = median(auto);
        scanMedian = median(scan);
        meanHits = (double) hits / codes.size();
      }
      return new Result(
          n, codes.size(), indexSeconds, sizes[0], sizes[1], median(topk), percentile(topk, 0.9), distanceSum,
          radiusMedian, scanMedian, meanHits, identical);
    }
  }

  /** Bytes per document of the code data (.shd) and of the multi-index tables (.shx). */
  private static double[] fileSizes(Directory dir, long n) throws IOException {
    long code = 0;
    long tables = 0;
    for (String file : dir.listAll()) {
      if (file.endsWith(".shd")) {
        code += dir.fileLength(file);
      } else if (file.endsWith(".shx")) {
        tables += dir.fileLength(file);
      }
    }
    return new double[] {(double) code / n, (double) tables / n};
  }

  /** All matching doc ids, sorted. */
  private static int[] collect(IndexSearcher searcher, Query query) throws IOException {
    return searcher.search(
        query,
        new CollectorManager<DocIdCollector, int[]>() {
          @Override
          public DocIdCollector newCollector() {
            return new DocIdCollector();
          }

          @Override
          public int[] reduce(Collection<DocIdCollector> collectors) {
            return collectors.stream().flatMapToInt(c -> Arrays.stream(c.docs, 0, c.size)).sorted().toArray();
          }
        });
  }

  private static final class DocIdCollector implements Collector {
    int[] docs = new int[64];
    int size;

    @Override
    public LeafCollector getLeafCollector(LeafReaderContext context) {
      int base = context.docBase;
      return new LeafCollector() {
        @Override
        public void setScorer(Scorable scorer) {}

        @Override
        public void collect(int doc) {
          if (size == docs.length) {
            docs = Arrays.copyOf(docs, size * 2);
          }
          docs[size++] = base + doc;
        }
      };
    }

    @Override
    public ScoreMode scoreMode() {
      return ScoreMode.COMPLETE_NO_SCORES;
    }
  }

  static double median(double[] values) {
    return percentile(values, 0.5);
  }

  static double percentile(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1) + 0.5));
    if (p == 0.5 && sorted.length % 2 == 0) {
      return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }
    return sorted[i];
  }
}
