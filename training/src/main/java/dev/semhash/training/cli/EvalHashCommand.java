package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.HashingMethod;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash eval-hash}: trains a hashing method and measures retrieval by Hamming ranking. */
@Command(
    name = "eval-hash",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Trains a text-hashing method on a dataset's training documents (or loads a",
      "model), encodes every training and test document, and ranks all training",
      "documents by Hamming distance to each test document. A retrieved document is",
      "relevant when it shares a label with the query. Reports Prec@100, NDCG@100",
      "and precision within Hamming radius 2 (thesis protocol, EVALUATION.md).",
      "Ties in distance keep training-document order.",
      "",
      "Examples:",
      "  ./semhash eval-hash --dataset ../shared/datasets/20newsgroups --method sth",
      "  ./semhash eval-hash --dataset ../shared/datasets/reuters21578 \\",
      "      --bits 8,16,32,64,128 --json lsh.json",
      "  ./semhash eval-hash --dataset ../shared/datasets/citeseer \\",
      "      --method node2hash --traversal bfs --neighbourhood-size 5",
      "  ./semhash eval-hash --dataset ../shared/datasets/20newsgroups \\",
      "      --model 20ng-sth-32.hashmodel"
    })
final class EvalHashCommand implements Callable<Integer> {
  @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset folder with docs.jsonl.gz (labels and a train/test split).")
  Path dataset;

  @ArgGroup(exclusive = true)
  Source source = new Source();

  static final class Source {
    @Option(
        names = "--method",
        paramLabel = "M",
        converter = MethodConverter.class,
        completionCandidates = MethodNames.class,
        description = "Method to train: ${COMPLETION-CANDIDATES} (default: lsh).")
    HashingMethod method = HashingMethod.LSH;

    @Option(names = "--model", paramLabel = "FILE", description = "Evaluate this model file instead of training one.")
    Path model;
  }

  @Option(
      names = "--bits",
      split = ",",
      defaultValue = "32",
      paramLabel = "B",
      description = "Code length(s) in bits, a multiple of 8; a list such as 8,16,32,64,128 runs each (default: ${DEFAULT-VALUE}).")
  List<Integer> bits;

  @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CorpusOptions corpusOptions;

  @Mixin CommonOptions common;

  @Mixin GraphOptions graphOptions;

  @Override
  public Integer call() throws Exception {
    DatasetReader reader = new DatasetReader(dataset);
    List<Map<String, Object>> runs = new ArrayList<>();
    System.out.printf("%-8s %5s %9s %9s %9s %10s %10s%n", "method", "bits", "prec@100", "ndcg@100", "prec@r2", "train s", "encode/s");
    if (source.model != null) {
      try (HashModel model = HashModelFormat.read(source.model)) {
        runs.add(evaluateModelFile(reader, model));
      }
    } else {
      for (int b : bits) {
        if (b < 8 || b % 8 != 0) {
          throw new IllegalArgumentException("--bits must be positive multiples of 8, got " + b);
        }
      }
      try (Corpus corpus = Corpus.build(reader, corpusOptions.settings(), null, threads, common.progress())) {
        requireLabels(corpus.trainLabels(), "training");
        for (int b : bits) {
          runs.add(trainAndEvaluate(corpus, b));
        }
      }
    }
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("command", "eval-hash");
    results.put("dataset", reader.name());
    results.put("seed", common.seed);
    if (runs.size() == 1) {
      results.putAll(runs.get(0));
    } else {
      results.put("runs", runs);
    }
    if (common.json != null) {
      JsonReport.write(common.json, results);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }

  private Map<String, Object> trainAndEvaluate(Corpus corpus, int b) throws Exception {
    HashingMethod method = source.method;
    long start = System.nanoTime();
    try (HashModel model = graphOptions.train(method, corpus, b, common.seed, common.progress())) {
      double trainSeconds = (System.nanoTime() - start) / 1e9;
      long encodeStart = System.nanoTime();
      long[][] trainCodes = CodeEncoder.encode(model, corpus.train(), threads, common.progress());
      long[][] testCodes = CodeEncoder.encode(model, corpus.test(), threads, common.progress());
      double encodeSeconds = (System.nanoTime() - encodeStart) / 1e9;
      Map<String, Object> run =
          evaluate(model, method.cliName(), trainCodes, testCodes, decode(corpus, corpus.trainLabels()), decode(corpus, corpus.testLabels()));
      run.put("train_seconds", Math.round(trainSeconds * 1000) / 1000.0);
      run.put("encode_docs_per_second", Math.round((trainCodes.length + testCodes.length) / encodeSeconds));
      Map<String, Object> settings = new LinkedHashMap<>();
      settings.put("vocabulary_size", corpus.vocabulary().size());
      settings.put("min_df", corpusOptions.minDf);
      settings.put("max_df", corpusOptions.maxDf);
      settings.put("weighting", corpus.settings().weighting().name().toLowerCase(java.util.Locale.ROOT));
      settings.put("normalize", corpus.settings().normalize());
      settings.put("binarization", method.binarization().describe());
      for (String key : new String[] {"graph", "traversal", "neighbourhood_size", "neighbourhood_draws", "neighbour_weight", "patience", "best_epoch", "epochs_run"}) {
        if (method == HashingMethod.NODE2HASH && model.info().containsKey(key)) {
          settings.put(key, model.info().get(key));
        }
      }
      run.put("settings", settings);
      print(run);
      return run;
    }
  }

  private Map<String, Object> evaluateModelFile(DatasetReader reader, HashModel model) throws Exception {
    List<Document> docs = reader.documents();
    List<String> trainTexts = docs.stream().filter(Document::isTrain).map(Document::fullText).toList();
    List<String> testTexts = docs.stream().filter(Document::isTest).map(Document::fullText).toList();
    long encodeStart = System.nanoTime();
    long[][] trainCodes = CodeEncoder.encodeTexts(model, trainTexts, threads, common.progress());
    long[][] testCodes = CodeEncoder.encodeTexts(model, testTexts, threads, common.progress());
    double encodeSeconds = (System.nanoTime() - encodeStart) / 1e9;
    Map<String, Object> run =
        evaluate(
            model,
            model.method(),
            trainCodes,
            testCodes,
            docs.stream().filter(Document::isTrain).map(Document::labels).toList(),
            docs.stream().filter(Document::isTest).map(Document::labels).toList());
    run.put("model_file", source.model.toString());
    run.put("model_info", model.info());
    run.put("encode_docs_per_second", Math.round((trainCodes.length + testCodes.length) / encodeSeconds));
    print(run);
    return run;
  }

  private Map<String, Object> evaluate(
      HashModel model, String method, long[][] trainCodes, long[][] testCodes,
      List<List<String>> trainLabels, List<List<String>> testLabels) {
    if (testCodes.length == 0) {
      throw new IllegalArgumentException(
          "dataset " + dataset + " has no document with split \"test\"; evaluation needs test documents as queries");
    }
    HammingEvaluation e =
        new HammingRankingEvaluator(model.bits(), trainCodes, trainLabels)
            .evaluate(testCodes, testLabels, new int[] {100}, 2, threads, common.progress());
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("method", method);
    run.put("bits", model.bits());
    run.put("prec@100", CommandSupport.round(e.precisionAt(100)));
    run.put("ndcg@100", CommandSupport.round(e.ndcgAt(100)));
    run.put("prec@r2", CommandSupport.round(e.precisionWithinRadius()));
    run.put("queries_with_nothing_within_r2", CommandSupport.round(e.emptyRadiusShare()));
    run.put("train_documents", trainCodes.length);
    run.put("test_documents", testCodes.length);
    run.put("seed", common.seed);
    return run;
  }

  private static void print(Map<String, Object> run) {
    System.out.printf(
        "%-8s %5d %9.4f %9.4f %9.4f %10s %10s%n",
        run.get("method"), (Integer) run.get("bits"), (Double) run.get("prec@100"), (Double) run.get("ndcg@100"),
        (Double) run.get("prec@r2"), run.getOrDefault("train_seconds", "-"), run.getOrDefault("encode_docs_per_second", "-"));
  }

  private static List<List<String>> decode(Corpus corpus, int[][] labelIds) {
    List<List<String>> names = new ArrayList<>(labelIds.length);
    for (int[] ids : labelIds) {
      names.add(corpus.labels().decode(ids));
    }
    return names;
  }

  private void requireLabels(int[][] labels, String which) {
    for (int[] l : labels) {
      if (l.length > 0) {
        return;
      }
    }
    throw new IllegalArgumentException(
        "no " + which + " document of " + dataset + " has a label; eval-hash judges relevance by shared labels");
  }


  static final class MethodConverter implements picocli.CommandLine.ITypeConverter<HashingMethod> {
    @Override
    public HashingMethod convert(String value) {
      return HashingMethod.parse(value);
    }
  }
}
