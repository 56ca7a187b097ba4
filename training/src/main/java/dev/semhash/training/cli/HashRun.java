package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.eval.CosineRankingEvaluator;
import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.eval.LabelPrecision;
import dev.semhash.training.eval.SemanticVectorEvaluation;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.ModelBinarization;
import dev.semhash.training.neighbors.NeighborCache;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Trains one hashing method at one code length and evaluates it by Hamming ranking (the thesis's
 * protocol, EVALUATION.md section 1): the machinery shared by {@code eval-hash} and {@code
 * reproduce}. A run is a JSON-ready map with the keys {@code prec@100}, {@code ndcg@100}, {@code
 * prec@r2}, the settings, the method options given (if any), seed, epochs and training time.
 *
 * <pre class="prettyprint">
 * HashRun runner = new HashRun(datasetDir, 2, 42L, ProgressReporter.NONE);
 * Map&lt;String, Object&gt; run =
 *     runner.trainAndEvaluate(corpus, HashingMethod.VDSH, 32, MethodOptions.NONE, (model, r) -&gt; {});
 * </pre>
 */
final class HashRun {
  /** Adds figures of a trained model to its run before the model is closed. */
  interface ModelInspector {
    void inspect(HashModel model, Map<String, Object> run) throws IOException;
  }

  /** Encodes the queries and the documents searched with a model and returns the protocol's figures. */
  interface CodesEvaluation {
    Map<String, Object> evaluate(HashModel model) throws IOException;
  }

  private final Path dataset;
  private final int threads;
  private final long seed;
  private final ProgressReporter progress;

  HashRun(Path dataset, int threads, long seed, ProgressReporter progress) {
    this.dataset = dataset;
    this.threads = threads;
    this.seed = seed;
    this.progress = progress;
  }

  /** Trains {@code method} with {@code options} on the corpus's training documents and evaluates it. */
  Map<String, Object> trainAndEvaluate(
      Corpus corpus, HashingMethod method, int bits, MethodOptions options, ModelInspector inspector)
      throws IOException {
    long start = System.nanoTime();
    try (HashModel model = method.train(corpus, bits, options, seed, threads, progress)) {
      double trainSeconds = (System.nanoTime() - start) / 1e9;
      Map<String, Object> run = evaluate(model, method.cliName(), corpus);
      run.put("train_seconds", Math.round(trainSeconds * 1000) / 1000.0);
      putEpochs(model.info(), run);
      run.put("encode_docs_per_second", run.remove("encode_docs_per_second")); // after the training figures
      Map<String, Object> settings = new LinkedHashMap<>();
      settings.put("stop_words", corpus.settings().analyzer().stopWords().cliName());
      settings.put("vocabulary_size", corpus.vocabulary().size());
      settings.put("min_df", corpus.settings().vocabulary().minDocFreq());
      settings.put("max_df", corpus.settings().vocabulary().maxDocFreqFraction());
      settings.put("weighting", corpus.settings().weighting().name().toLowerCase(Locale.ROOT));
      settings.put("normalize", corpus.settings().normalize());
      settings.put(
          "binarization", model.info().getOrDefault("binarization", method.binarization().describe()));
      run.put("settings", settings);
      if (options.isEmpty() == false) {
        run.put("method_options", options.given());
      }
      run.put("model_info", model.info());
      inspector.inspect(model, run);
      return run;
    }
  }

  /**
   * Encodes the corpus's training and test documents with {@code model} and evaluates the codes
   * ({@link #evaluate(HashModel, String, long[][], long[][], List, List)}), adding the encoding
   * rate as {@code encode_docs_per_second}. A model that reads neighbourhoods reads each document
   * with its BM25 neighbourhood ({@link NeighbourhoodEncoding}); the searches count in the rate.
   */
  Map<String, Object> evaluate(HashModel model, String method, Corpus corpus) throws IOException {
    long encodeStart = System.nanoTime();
    long[][] trainCodes;
    long[][] testCodes;
    if (model.readsNeighbourhood()) {
      NeighbourhoodEncoding.Projections p = neighbourhoodProjections(model, corpus);
      trainCodes = binarize(model, p.train());
      testCodes = binarize(model, p.test());
    } else {
      trainCodes = CodeEncoder.encode(model, corpus.train(), threads, progress);
      testCodes = CodeEncoder.encode(model, corpus.test(), threads, progress);
    }
    double encodeSeconds = (System.nanoTime() - encodeStart) / 1e9;
    Map<String, Object> run =
        evaluate(
            model,
            method,
            trainCodes,
            testCodes,
            decode(corpus, corpus.trainLabels()),
            decode(corpus, corpus.testLabels()));
    run.put("encode_docs_per_second", Math.round((trainCodes.length + testCodes.length) / encodeSeconds));
    return run;
  }

  /**
   * The outputs of a model that reads neighbourhoods ({@link NeighbourhoodEncoding}); the training
   * documents' BM25 neighbours come from the cache the trainer filled.
   */
  private NeighbourhoodEncoding.Projections neighbourhoodProjections(HashModel model, Corpus corpus) throws IOException {
    return NeighbourhoodEncoding.project(
        model, corpus, new NeighborCache(NeighborCache.defaultDirectory()), threads, progress);
  }

  private static long[][] binarize(HashModel model, float[][] projections) {
    long[][] codes = new long[projections.length][];
    for (int r = 0; r < codes.length; r++) {
      codes[r] = model.binarize(projections[r]);
    }
    return codes;
  }

  /**
   * Copies the trainer's epoch count and per-epoch wall and CPU times (model info keys {@code
   * epochs_run}, {@code epoch_seconds} and {@code epoch_cpu_seconds}, written by the iterative
   * trainers) into the run.
   */
  private static void putEpochs(Map<String, String> info, Map<String, Object> run) {
    String epochs = info.get("epochs_run");
    if (epochs != null) {
      run.put("epochs", Integer.parseInt(epochs.strip()));
    }
    for (String key : new String[] {"epoch_seconds", "epoch_cpu_seconds"}) {
      String seconds = info.get(key);
      if (seconds != null && seconds.isBlank() == false) {
        List<Double> perEpoch = new ArrayList<>();
        for (String s : seconds.split(",")) {
          perEpoch.add(Double.parseDouble(s.strip()));
        }
        run.put(key, perEpoch);
      }
    }
  }

  /** Ranks the training codes for every test code and returns the protocol's figures. */
  Map<String, Object> evaluate(
      HashModel model,
      String method,
      long[][] trainCodes,
      long[][] testCodes,
      List<List<String>> trainLabels,
      List<List<String>> testLabels) {
    if (testCodes.length == 0) {
      throw new IllegalArgumentException(
          "dataset "
              + dataset
              + " has no document with split \"test\"; evaluation needs test documents as queries");
    }
    HammingEvaluation e =
        new HammingRankingEvaluator(model.bits(), trainCodes, trainLabels)
            .evaluate(testCodes, testLabels, new int[] {100}, 2, threads, progress);
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("method", method);
    run.put("bits", model.bits());
    run.put("prec@100", CommandSupport.round(e.precisionAt(100)));
    run.put("ndcg@100", CommandSupport.round(e.ndcgAt(100)));
    run.put("prec@r2", CommandSupport.round(e.precisionWithinRadius()));
    run.put("queries_with_nothing_within_r2", CommandSupport.round(e.emptyRadiusShare()));
    run.put("prec@100_ceiling", CommandSupport.round(e.ceilingAt(100)));
    HammingEvaluation.TiedPrecision tied = e.tiedPrecisionAt(100);
    Map<String, Object> ties = new LinkedHashMap<>();
    ties.put("worst", CommandSupport.round(tied.worst()));
    ties.put("expected", CommandSupport.round(tied.expected()));
    ties.put("best", CommandSupport.round(tied.best()));
    run.put("prec@100_over_tie_orders", ties);
    Map<String, Object> byLabel = new LinkedHashMap<>();
    for (LabelPrecision p : e.byLabel()) {
      Map<String, Object> figures = new LinkedHashMap<>();
      figures.put("queries", p.queries());
      figures.put("prec@100", CommandSupport.round(p.precisionAt(100)));
      figures.put("ceiling", CommandSupport.round(p.ceilingAt(100)));
      byLabel.put(p.label(), figures);
    }
    run.put("prec@100_by_label", byLabel);
    run.put("train_documents", trainCodes.length);
    run.put("test_documents", testCodes.length);
    run.put("seed", seed);
    return run;
  }

  /**
   * Relevance is a shared label, so without labelled training documents, or queries with a label
   * some training document has, every figure would be 0 and mean nothing: fails with what to do.
   * Some such unlabelled queries are scored (precision 0, as the protocol counts them) with a
   * warning and, when {@code results} is given, their number in it.
   *
   * @param dataset how messages name the dataset
   * @param command the command, for the message
   * @param trainLabelled training documents with a label
   * @param queriesLabelled queries with a label that a training document has
   * @param queriesName what the queries are called: "test", or "query" when they are held out otherwise
   * @param results the JSON results to note the unlabelled queries in, or null
   */
  static void requireLabels(
      Object dataset, String command, long trainLabelled, long queries, long queriesLabelled, String queriesName,
      Map<String, Object> results) {
    if (trainLabelled == 0) {
      throw new IllegalArgumentException("no training document of " + dataset + " has a label; " + command
          + " judges relevance by shared labels: give a dataset whose documents carry \"labels\"");
    }
    if (queriesLabelled == 0) {
      throw new IllegalArgumentException("no " + queriesName + " document of " + dataset + " has a label that a"
          + " training document has (they have none, or only others), so no query could find a relevant document"
          + " and every figure would be 0; label the test documents, or measure on labelled training documents"
          + " with --validation 0.2");
    }
    if (queriesLabelled < queries) {
      long missing = queries - queriesLabelled;
      System.err.printf(Locale.ROOT, "warning: %,d of %,d %s documents have no label that a training"
          + " document has; they count as queries with precision 0, lowering every figure%n", missing, queries,
          queriesName);
      if (results != null) {
        results.put("unlabelled_queries", missing);
      }
    }
  }

  /** {@link #requireLabels(Object, String, long, long, long, String, Map)} for a corpus's splits. */
  static void requireLabels(
      Object dataset, String command, Corpus corpus, String queriesName, Map<String, Object> results) {
    requireLabels(dataset, command, labelled(corpus.trainLabels()), corpus.testLabels().length,
        labelled(corpus.testLabels()), queriesName, results);
  }

  private static long labelled(int[][] labels) {
    return Arrays.stream(labels).filter(l -> l.length > 0).count();
  }

  static void printHeader() {
    System.out.printf(
        "%-8s %5s %9s %9s %9s %10s %10s%n",
        "method", "bits", "prec@100", "ndcg@100", "prec@r2", "train s", "encode/s");
  }

  static void print(Map<String, Object> run) {
    System.out.printf(
        "%-8s %5d %9.4f %9.4f %9.4f %10s %10s%n",
        run.get("method"),
        (Integer) run.get("bits"),
        (Double) run.get("prec@100"),
        (Double) run.get("ndcg@100"),
        (Double) run.get("prec@r2"),
        run.getOrDefault("train_seconds", "-"),
        run.getOrDefault("encode_docs_per_second", "-"));
  }

  /**
   * Prints Prec@100 of each label's queries beside its ceiling, the labels that lose the most
   * first (loss: queries x (ceiling - Prec@100), so a label's share of the total shortfall).
   */
  @SuppressWarnings("unchecked")
  static void printByLabel(Map<String, Object> run, PrintStream out) {
    Map<String, Map<String, Object>> byLabel = (Map<String, Map<String, Object>>) run.get("prec@100_by_label");
    int queries = (Integer) run.get("test_documents");
    out.printf(
        "  %s, %d bits: Prec@100 %.4f of a possible %.4f; by the queries' labels, largest loss first:%n",
        run.get("method"), (Integer) run.get("bits"), (Double) run.get("prec@100"), (Double) run.get("prec@100_ceiling"));
    out.printf("  %-20s %7s %9s %9s %12s%n", "label", "queries", "prec@100", "ceiling", "loss share");
    double total = 0;
    for (Map<String, Object> f : byLabel.values()) {
      total += loss(f);
    }
    List<Map.Entry<String, Map<String, Object>>> labels = new ArrayList<>(byLabel.entrySet());
    labels.sort((a, b) -> Double.compare(loss(b.getValue()), loss(a.getValue())));
    for (Map.Entry<String, Map<String, Object>> l : labels) {
      Map<String, Object> f = l.getValue();
      out.printf(
          "  %-20s %7d %9.4f %9.4f %11.1f%%%n",
          l.getKey(), (Integer) f.get("queries"), (Double) f.get("prec@100"), (Double) f.get("ceiling"),
          total == 0 ? 0 : 100 * loss(f) / total);
    }
    out.printf("  (%d queries; one with several labels counts under each)%n", queries);
  }

  private static double loss(Map<String, Object> figures) {
    return (Integer) figures.get("queries") * ((Double) figures.get("ceiling") - (Double) figures.get("prec@100"));
  }

  /**
   * Ranks the corpus's training documents for each test document by the cosine of the model's
   * real-valued outputs, before binarisation, and puts Prec@100 and NDCG@100 under {@code
   * semantic_vectors} in the run (thesis figure 5.5): what the thresholds cost the codes.
   */
  void putSemanticVectors(HashModel model, Corpus corpus, Map<String, Object> run) throws IOException {
    NeighbourhoodEncoding.Projections p =
        model.readsNeighbourhood()
            ? neighbourhoodProjections(model, corpus)
            : new NeighbourhoodEncoding.Projections(
                CodeEncoder.project(model, corpus.train(), threads, progress),
                CodeEncoder.project(model, corpus.test(), threads, progress));
    putSemanticVectors(
        p.train(),
        p.test(),
        decode(corpus, corpus.trainLabels()),
        decode(corpus, corpus.testLabels()),
        run);
  }

  /** As {@link #putSemanticVectors(HashModel, Corpus, Map)}, for vectors already projected. */
  void putSemanticVectors(
      float[][] trainVectors,
      float[][] testVectors,
      List<List<String>> trainLabels,
      List<List<String>> testLabels,
      Map<String, Object> run) {
    SemanticVectorEvaluation e =
        new CosineRankingEvaluator(trainVectors, trainLabels)
            .evaluate(testVectors, testLabels, 100, threads, progress);
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("similarity", "cosine of the encoder's outputs before binarisation");
    figures.put("dimensions", e.dimensions());
    figures.put("prec@100", CommandSupport.round(e.precision()));
    figures.put("ndcg@100", CommandSupport.round(e.ndcg()));
    run.put("semantic_vectors", figures);
  }

  /**
   * Evaluates the trained network again under every {@link Binarization}, each made from its
   * outputs on the corpus's training documents ({@link ModelBinarization}, no training again),
   * and puts each one's Prec@100, NDCG@100 and precision within radius 2 under {@code
   * binarizations} in the run, the model's own among them: which thresholds suit this network.
   */
  void putBinarizations(HashModel model, String method, Corpus corpus, Map<String, Object> run) throws IOException {
    float[][] trainOutputs =
        model.readsNeighbourhood()
            ? neighbourhoodProjections(model, corpus).train()
            : CodeEncoder.project(model, corpus.train(), threads, progress);
    putBinarizations(model, trainOutputs, run, other -> evaluate(other, method, corpus));
  }

  /**
   * Puts under {@code binarizations} in the run the figures of {@code model}'s network under every
   * {@link Binarization}, each made from {@code trainOutputs}, its real-valued outputs on the
   * training documents, and scored by {@code evaluation}; the model's own binarisation keeps the
   * run's figures.
   */
  void putBinarizations(HashModel model, float[][] trainOutputs, Map<String, Object> run, CodesEvaluation evaluation)
      throws IOException {
    String own = model.info().get("binarization");
    Map<String, Object> all = new LinkedHashMap<>();
    for (Binarization b : Binarization.values()) {
      Map<String, Object> figures = run;
      if (b.cliName().equals(own) == false) {
        try (HashModel other = ModelBinarization.apply(model, trainOutputs, b, seed)) {
          figures = evaluation.evaluate(other);
        }
      }
      Map<String, Object> kept = new LinkedHashMap<>();
      for (String key : new String[] {"prec@100", "ndcg@100", "prec@r2"}) {
        kept.put(key, figures.get(key));
      }
      all.put(b.cliName(), kept);
    }
    run.put("binarizations", all);
  }

  /** Prints Prec@100 under each binarisation of the same network, if the run has them. */
  @SuppressWarnings("unchecked")
  static void printBinarizations(Map<String, Object> run, PrintStream out) {
    Map<String, Map<String, Object>> all = (Map<String, Map<String, Object>>) run.get("binarizations");
    if (all == null) {
      return;
    }
    StringBuilder line = new StringBuilder("  the same network's Prec@100 by binarisation:");
    all.forEach((name, figures) -> line.append(String.format(Locale.ROOT, " %s %.4f", name, (Double) figures.get("prec@100"))));
    out.println(line);
  }

  /** Prints the semantic vectors' figures beside the codes', if the run has them. */
  @SuppressWarnings("unchecked")
  static void printSemanticVectors(Map<String, Object> run, PrintStream out) {
    Map<String, Object> v = (Map<String, Object>) run.get("semantic_vectors");
    if (v == null) {
      return;
    }
    double vectors = (Double) v.get("prec@100");
    double codes = (Double) run.get("prec@100");
    out.printf(
        Locale.ROOT,
        "  before binarisation (cosine of the %d real values): Prec@100 %.4f, NDCG@100 %.4f;"
            + " the codes keep %.1f %% of that Prec@100%n",
        (Integer) v.get("dimensions"),
        vectors,
        (Double) v.get("ndcg@100"),
        vectors == 0 ? 0 : 100 * codes / vectors);
  }

  /**
   * Prec@100 over the orders of the training documents tied at the distance where each query's
   * top 100 fills up: the codes do not order them, so the training order's figure is one of many.
   */
  @SuppressWarnings("unchecked")
  static void printTies(Map<String, Object> run, PrintStream out) {
    Map<String, Object> ties = (Map<String, Object>) run.get("prec@100_over_tie_orders");
    if (ties == null) {
      return;
    }
    out.printf(
        Locale.ROOT,
        "  documents tied at the 100th's distance, in any order: Prec@100 %.4f worst, %.4f expected,"
            + " %.4f best (training order: %.4f)%n",
        (Double) ties.get("worst"), (Double) ties.get("expected"), (Double) ties.get("best"), (Double) run.get("prec@100"));
  }

  private static List<List<String>> decode(Corpus corpus, int[][] labelIds) {
    List<List<String>> names = new ArrayList<>(labelIds.length);
    for (int[] ids : labelIds) {
      names.add(corpus.labels().decode(ids));
    }
    return names;
  }
}
