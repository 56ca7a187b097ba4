package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.VocabularyCoverage;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.ModelBinarization;
import dev.semhash.training.hashing.vdsh.QueryPrecisionByEpoch;
import dev.semhash.training.neighbors.NeighborCache;
import java.io.IOException;
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
    header = "Trains a hashing method; Prec@100, NDCG@100, precision within Hamming radius 2.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Trains a text-hashing method on a dataset's training documents (or loads a",
      "model), encodes every training and test document, and ranks all training",
      "documents by Hamming distance to each test document. A retrieved document is",
      "relevant when it shares a label with the query. Reports Prec@100, NDCG@100",
      "and precision within Hamming radius 2 (thesis protocol, EVALUATION.md).",
      "Ties in distance keep training-document order. --validation tunes instead:",
      "queries are held-out training documents and the test split is not used.",
      "",
      "Examples:",
      "  ./semhash eval-hash --dataset ../shared/datasets/20newsgroups --method sth",
      "  ./semhash eval-hash --dataset ../shared/datasets/reuters21578 \\",
      "      --bits 8,16,32,64,128 --json lsh.json",
      "  ./semhash eval-hash --dataset ../shared/datasets/citeseer \\",
      "      --method node2hash --traversal bfs --neighbourhood-size 5",
      "  ./semhash eval-hash --dataset ../shared/datasets/20newsgroups \\",
      "      --method vdsh --validation 0.2 --epochs 10 --learning-rate 0.003 \\",
      "      --learning-curve vdsh-lr003.png",
      "  ./semhash eval-hash --dataset ../shared/datasets/20newsgroups \\",
      "      --method vdsh-s --seeds 1,2,3,4,5",
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

    @Option(names = "--model", paramLabel = "FILE",
        description = "Evaluate this model file instead of training one; with --binarization, its"
            + " codes made anew from its outputs on the training documents (as semhash binarize does).")
    Path model;
  }

  @Option(
      names = "--bits",
      split = ",",
      paramLabel = "B",
      description = "Code length(s) in bits, a multiple of 8 from 8 to 1024; a list such as 8,16,32,64,128 runs"
          + " each (default: 32; with --model, the model's).")
  List<Integer> bits;

  /** Code length when --bits is not given. */
  static final int DEFAULT_BITS = 32;

  @Option(
      names = "--seeds",
      split = ",",
      paramLabel = "S",
      description = "Train once per seed (a list such as 1,2,3) at each code length and report the"
          + " mean, standard deviation, minimum and maximum of every metric across them, to tell a"
          + " real difference from the seed's noise. The queries of --validation and --random-split"
          + " are still drawn with --seed, so every seed meets the same ones.")
  List<Long> seeds;

  @Option(
      names = "--validation",
      paramLabel = "FRACTION",
      description = "Tune on a validation split, never the test split: shuffle the training"
          + " documents by --seed and make round(FRACTION x their number) of them the queries.")
  Double validation;

  @Option(
      names = "--random-split",
      paramLabel = "FRACTION",
      description = "Compare with the thesis's Reuters table, whose split was random: pool the"
          + " training and test documents, shuffle them by --seed and make round(FRACTION x their"
          + " number) of them the queries (the thesis held out 0.1). Not the EVALUATION.md protocol.")
  Double randomSplit;

  @Option(
      names = "--by-label",
      description = "Also print Prec@100 of each label's queries beside the most a perfect ranking"
          + " could give them, the labels losing the most first: where a model falls short. The"
          + " JSON always has them (prec@100_by_label, prec@100_ceiling).")
  boolean byLabel;

  @Option(
      names = "--semantic-vectors",
      description = "Also rank by the cosine of the encoder's real values before they are"
          + " thresholded into bits, and report that Prec@100 and NDCG@100 beside the codes'"
          + " (JSON key semantic_vectors; thesis figure 5.5): what binarisation costs.")
  boolean semanticVectors;

  @Option(
      names = "--compare-binarizations",
      description = "Neural methods: also evaluate the trained network's (or the --model file's)"
          + " codes under every binarisation (median, sign, itq, two-means), each made from its"
          + " outputs on the training documents without training again, and print their Prec@100"
          + " (JSON key binarizations): which thresholds suit the model.")
  boolean compareBinarizations;

  @Option(names = "--threads", paramLabel = "N", converter = ThreadCount.class, description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CorpusOptions corpusOptions;

  @Mixin CommonOptions common;

  @Mixin MethodOptionsMixin methodOptions;

  @Mixin LearningCurveOption learningCurve;

  @Mixin EpochScoringOption epochScoring;

  @Override
  public Integer call() throws Exception {
    MethodOptions options = methodOptions.options();
    List<String> trainingFlags = new ArrayList<>(options.given().keySet());
    if (validation != null) {
      trainingFlags.add(0, "--validation");
    }
    if (randomSplit != null) {
      trainingFlags.add(0, "--random-split");
    }
    QuerySplit.check(validation, randomSplit);
    if (bits != null) {
      for (int b : bits) {
        CommandSupport.requireBits(b);
      }
      if (bits.stream().distinct().count() != bits.size()) {
        // each length would train and print the same row twice, as --seeds refuses for seeds
        throw new IllegalArgumentException("--bits needs different code lengths, such as 16,32, got " + bits);
      }
    }
    List<Integer> lengths = bits == null ? List.of(DEFAULT_BITS) : bits;
    // a model file's outputs can be binarised anew without training (ModelBinarization)
    Binarization rebinarization = source.model == null ? null : options.binarization();
    trainingFlags.remove("--binarization");
    if (epochScoring.enabled) {
      trainingFlags.add("--score-every-epoch");
    }
    if (source.model != null && trainingFlags.isEmpty() == false) {
      throw new IllegalArgumentException(
          "a --model file is already trained (on the whole training split), so "
              + String.join(", ", trainingFlags)
              + " cannot apply to it: leave them out, or train with --method instead");
    }
    if (seeds != null) {
      if (source.model != null) {
        throw new IllegalArgumentException(
            "--seeds trains once per seed, and a --model file is already trained: give --method instead");
      }
      if (seeds.size() < 2 || seeds.stream().distinct().count() != seeds.size()) {
        throw new IllegalArgumentException(
            "--seeds needs at least two different seeds, such as 1,2,3, got " + seeds
                + "; for one seed use --seed");
      }
    }
    if (source.model == null) {
      requireComparableBinarizations(source.method, "train");
      options.requireApplicableTo(source.method); // before the corpus is built, not after
      learningCurve.requireApplicableTo(source.method);
      epochScoring.requireApplicableTo(source.method);
    }
    // outputs are checked now, not after the training they would report
    OutputFiles.check("--json", common.json, OutputFiles.Kind.JSON, dataset, source.model);
    List<String> curveSuffixes = new ArrayList<>();
    for (int b : lengths) {
      for (long seed : seeds == null ? List.of(common.seed) : seeds) {
        curveSuffixes.add(LearningCurveOption.suffix(b, lengths.size() > 1, seed, seeds != null));
      }
    }
    learningCurve.requireWritable(curveSuffixes, dataset, source.model);
    DatasetReader reader = new DatasetReader(dataset);
    HashRun runner = new HashRun(dataset, threads, common.seed, common.progress());
    List<Map<String, Object>> runs = new ArrayList<>();
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("command", "eval-hash");
    results.put("dataset", reader.name());
    results.put("seed", common.seed);
    if (source.model != null) {
      results.put("evaluated_on", "test");
      List<Document> docs = reader.documents(); // read once, for the labels and the evaluation
      java.util.Set<String> trainLabels = new java.util.HashSet<>();
      docs.stream().filter(Document::isTrain).forEach(d -> trainLabels.addAll(d.labels()));
      List<Document> tests = docs.stream().filter(Document::isTest).toList();
      HashRun.requireLabels(reader.name(), "eval-hash", trainLabels.size(), tests.size(),
          tests.stream().filter(d -> d.labels().stream().anyMatch(trainLabels::contains)).count(), "test", results);
      try (HashModel model = HashModelFormat.read(source.model)) {
        if (bits != null && (bits.size() != 1 || bits.get(0) != model.bits())) {
          throw new IllegalArgumentException(
              "a --model file's code length is fixed when it is trained, and " + source.model + " makes "
                  + model.bits() + "-bit codes, so --bits " + bits.stream().map(String::valueOf).collect(
                      java.util.stream.Collectors.joining(","))
                  + " cannot apply to it: leave --bits out, or train with --method instead");
        }
        if (compareBinarizations) {
          requireComparableBinarizations(HashingMethod.parse(model.method()), "give a model file of");
        }
        learningCurve.requireHistory(model.info(), model.method(), source.model);
        VocabularyCoverage.require(model, docs.stream().map(Document::fullText).toList(), reader.name());
        HashRun.printHeader();
        Path curve = learningCurve.write(model, reader.name(), "");
        if (curve != null) {
          results.put("learning_curve", curve.toString());
        }
        if (model.readsNeighbourhood()) {
          runs.add(evaluateNeighbourhoodModel(runner, reader, model, rebinarization));
        } else if (rebinarization == null) {
          runs.add(evaluateModelFile(runner, docs, model));
        } else {
          List<String> trainTexts = docs.stream().filter(Document::isTrain).map(Document::fullText).toList();
          try (HashModel rebinarized =
              ModelBinarization.apply(model, trainTexts, rebinarization, common.seed, threads, common.progress())) {
            runs.add(evaluateModelFile(runner, docs, rebinarized));
          }
        }
      }
    } else {
      try (Corpus corpus = buildCorpus(reader, results)) {
        HashRun.requireLabels(reader.name(), "eval-hash", corpus,
            validation == null && randomSplit == null ? "test" : "query", results);
        HashRun.printHeader();
        List<Map<String, Object>> spreads = new ArrayList<>();
        for (int b : lengths) {
          List<Map<String, Object>> ofLength = new ArrayList<>();
          for (long seed : seeds == null ? List.of(common.seed) : seeds) {
            String curveSuffix = LearningCurveOption.suffix(b, lengths.size() > 1, seed, seeds != null);
            QueryPrecisionByEpoch scored = epochScoring.scorer(corpus, b, source.method, options, threads, seed);
            MethodOptions runOptions = scored == null ? options : options.withEpochScorer(scored);
            Map<String, Object> run = new HashRun(dataset, threads, seed, common.progress()).trainAndEvaluate(corpus, source.method, b, runOptions, (model, r) -> {
                  EpochScoringOption.put(scored, model.info(), r);
                  if (semanticVectors) {
                    runner.putSemanticVectors(model, corpus, r);
                  }
                  if (compareBinarizations) {
                    runner.putBinarizations(model, source.method.cliName(), corpus, r);
                  }
                  Path curve =
                      learningCurve.write(model, reader.name(), curveSuffix, scored == null ? List.of() : scored.scores());
                  if (curve != null) {
                    r.put("learning_curve", curve.toString());
                  }
                });
            print(run);
            ofLength.add(run);
          }
          runs.addAll(ofLength);
          if (seeds != null) {
            spreads.add(SeedSpread.of(ofLength, SeedSpread.METRICS));
          }
        }
        if (seeds != null) {
          results.put("seeds", seeds);
          results.put("across_seeds", spreads);
          for (Map<String, Object> spread : spreads) {
            for (String metric : SeedSpread.METRICS) {
              System.out.println(SeedSpread.line(spread, metric));
            }
          }
        }
      }
    }
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

  private Corpus buildCorpus(DatasetReader reader, Map<String, Object> results) throws IOException {
    return QuerySplit.corpus(
        reader, corpusOptions.settings(source.method), validation, randomSplit, common.seed, threads,
        common.progress(), results);
  }

  /**
   * A model that reads neighbourhoods, on the corpus it was trained on: each document read with
   * its BM25 neighbours among the training documents ({@link HashRun#evaluate(HashModel, String,
   * Corpus)}), re-binarised first if asked.
   */
  private Map<String, Object> evaluateNeighbourhoodModel(
      HashRun runner, DatasetReader reader, HashModel model, Binarization rebinarization)
      throws Exception {
    try (Corpus corpus = CommandSupport.corpusFor(
        model, reader, corpusOptions.settings().vocabulary(), threads, common.progress())) {
      HashModel evaluated = model;
      if (rebinarization != null) {
        float[][] projected = NeighbourhoodEncoding.project(
            model, corpus, new NeighborCache(NeighborCache.defaultDirectory()), threads, common.progress()).train();
        evaluated = ModelBinarization.apply(model, projected, rebinarization, common.seed);
      }
      try {
        Map<String, Object> run = runner.evaluate(evaluated, evaluated.method(), corpus);
        run.put("model_file", source.model.toString());
        run.put("model_info", evaluated.info());
        if (semanticVectors) {
          runner.putSemanticVectors(evaluated, corpus, run);
        }
        if (compareBinarizations) {
          runner.putBinarizations(evaluated, evaluated.method(), corpus, run);
        }
        print(run);
        return run;
      } finally {
        if (evaluated != model) {
          evaluated.close();
        }
      }
    }
  }

  private Map<String, Object> evaluateModelFile(HashRun runner, List<Document> docs, HashModel model)
      throws Exception {
    List<String> trainTexts = docs.stream().filter(Document::isTrain).map(Document::fullText).toList();
    List<String> testTexts = docs.stream().filter(Document::isTest).map(Document::fullText).toList();
    Map<String, Object> run = evaluateTexts(runner, model, docs, trainTexts, testTexts);
    run.put("model_file", source.model.toString());
    run.put("model_info", model.info());
    run.put("encode_docs_per_second", run.remove("encode_docs_per_second")); // after the model's figures
    // the training outputs serve both options: project them once
    float[][] trainOutputs = compareBinarizations || semanticVectors
        ? CodeEncoder.projectTexts(model, trainTexts, threads, common.progress())
        : null;
    if (compareBinarizations) {
      runner.putBinarizations(model, trainOutputs, run, other -> evaluateTexts(runner, other, docs, trainTexts, testTexts));
    }
    if (semanticVectors) {
      runner.putSemanticVectors(
          trainOutputs,
          CodeEncoder.projectTexts(model, testTexts, threads, common.progress()),
          docs.stream().filter(Document::isTrain).map(Document::labels).toList(),
          docs.stream().filter(Document::isTest).map(Document::labels).toList(),
          run);
    }
    print(run);
    return run;
  }

  /** Encodes the training and test texts with {@code model} and evaluates the codes, with the encoding rate. */
  private Map<String, Object> evaluateTexts(
      HashRun runner, HashModel model, List<Document> docs, List<String> trainTexts, List<String> testTexts)
      throws IOException {
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
    run.put("encode_docs_per_second", Math.round((trainCodes.length + testCodes.length) / encodeSeconds));
    return run;
  }

  /** Refuses --compare-binarizations for a method whose codes come from no network outputs. */
  private void requireComparableBinarizations(HashingMethod method, String remedy) {
    if (compareBinarizations && MethodOptions.isNeural(method) == false) {
      throw new IllegalArgumentException(
          "--compare-binarizations: " + method.cliName() + " has no real-valued network outputs"
              + " to threshold anew; leave the option out, or " + remedy + " one of " + MethodOptions.describeNeural());
    }
  }

  static final class MethodConverter implements picocli.CommandLine.ITypeConverter<HashingMethod> {
    @Override
    public HashingMethod convert(String value) {
      return CommandSupport.convert(value, HashingMethod::parse);
    }
  }

  /** The run's line, its semantic-vector figures if measured, and by label if asked. */
  private void print(Map<String, Object> run) {
    HashRun.print(run);
    HashRun.printTies(run, System.out);
    EpochScoringOption.print(run);
    HashRun.printSemanticVectors(run, System.out);
    HashRun.printBinarizations(run, System.out);
    if (byLabel) {
      HashRun.printByLabel(run, System.out);
    }
  }
}
