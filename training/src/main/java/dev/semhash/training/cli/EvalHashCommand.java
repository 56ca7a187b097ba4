package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
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
    header = "Trains a hashing method; reports Prec@100, NDCG@100, radius 2.",
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
    HashRun runner = new HashRun(dataset, threads, common.seed, common.progress());
    List<Map<String, Object>> runs = new ArrayList<>();
    HashRun.printHeader();
    if (source.model != null) {
      try (HashModel model = HashModelFormat.read(source.model)) {
        runs.add(evaluateModelFile(runner, reader, model));
      }
    } else {
      for (int b : bits) {
        if (b < 8 || b % 8 != 0) {
          throw new IllegalArgumentException("--bits must be positive multiples of 8, got " + b);
        }
      }
      try (Corpus corpus = Corpus.build(reader, corpusOptions.settings(), null, threads, common.progress())) {
        runner.requireLabels(corpus.trainLabels(), "training", "eval-hash");
        for (int b : bits) {
          Map<String, Object> run = runner.trainAndEvaluate(
              corpus,
              source.method,
              b,
              (c, bits, seed, p) -> graphOptions.train(source.method, c, bits, seed, p),
              (model, r) -> {});
          HashRun.print(run);
          runs.add(run);
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

  private Map<String, Object> evaluateModelFile(HashRun runner, DatasetReader reader, HashModel model)
      throws Exception {
    List<Document> docs = reader.documents();
    List<String> trainTexts = docs.stream().filter(Document::isTrain).map(Document::fullText).toList();
    List<String> testTexts = docs.stream().filter(Document::isTest).map(Document::fullText).toList();
    long encodeStart = System.nanoTime();
    long[][] trainCodes = CodeEncoder.encodeTexts(model, trainTexts, threads, common.progress());
    long[][] testCodes = CodeEncoder.encodeTexts(model, testTexts, threads, common.progress());
    double encodeSeconds = (System.nanoTime() - encodeStart) / 1e9;
    Map<String, Object> run =
        runner.evaluate(
            model,
            model.method(),
            trainCodes,
            testCodes,
            docs.stream().filter(Document::isTrain).map(Document::labels).toList(),
            docs.stream().filter(Document::isTest).map(Document::labels).toList());
    run.put("model_file", source.model.toString());
    run.put("model_info", model.info());
    run.put("encode_docs_per_second", Math.round((trainCodes.length + testCodes.length) / encodeSeconds));
    HashRun.print(run);
    return run;
  }

  static final class MethodConverter implements picocli.CommandLine.ITypeConverter<HashingMethod> {
    @Override
    public HashingMethod convert(String value) {
      return HashingMethod.parse(value);
    }
  }
}
