package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash train}: trains a hashing model and writes its model file. */
@Command(
    name = "train",
    header = "Trains a text-hashing model and writes the .hashmodel file.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Trains a text-hashing model on a dataset's training documents and writes the",
      "model file: the analysis chain, vocabulary, term weights and network that turn",
      "any text into a code, at index time and at query time alike.",
      "",
      "Examples:",
      "  ./semhash train --method sth --bits 32 \\",
      "      --dataset ../shared/datasets/20newsgroups --out 20ng-sth-32.hashmodel",
      "  ./semhash train --method vdsh --bits 32 --epochs 50 --patience 8 \\",
      "      --dataset ../shared/datasets/20newsgroups --out 20ng-vdsh-32.hashmodel \\",
      "      --learning-curve 20ng-vdsh-32.png"
    })
final class TrainCommand implements Callable<Integer> {
  @Option(names = "--method", defaultValue = "lsh", paramLabel = "M", converter = EvalHashCommand.MethodConverter.class,
      completionCandidates = MethodNames.class,
      description = "Method: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  HashingMethod method;

  @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset folder with docs.jsonl.gz.")
  Path dataset;

  @Option(names = "--bits", defaultValue = "32", paramLabel = "B", description = "Code length in bits, a multiple of 8 from 8 to 1024 (default: ${DEFAULT-VALUE}).")
  int bits;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "Model file to write (.hashmodel).")
  Path out;

  @Option(names = "--threads", paramLabel = "N", converter = ThreadCount.class, description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CorpusOptions corpusOptions;

  @Mixin CommonOptions common;

  @Mixin MethodOptionsMixin methodOptions;

  @Mixin LearningCurveOption learningCurve;

  @Override
  public Integer call() throws Exception {
    CommandSupport.requireBits(bits);
    MethodOptions options = methodOptions.options();
    options.requireApplicableTo(method); // before the corpus is built, not after
    learningCurve.requireApplicableTo(method);
    // every output is checked now: an unwritable or precious path found after training wastes it
    OutputFiles.check("--out", out, OutputFiles.Kind.HASH_MODEL, dataset);
    OutputFiles.check("--json", common.json, OutputFiles.Kind.JSON, dataset, out);
    learningCurve.requireWritable(List.of(""), dataset, out, common.json);
    DatasetReader reader = new DatasetReader(dataset);
    long start = System.nanoTime();
    try (Corpus corpus = Corpus.build(reader, corpusOptions.settings(method), null, threads, common.progress());
        HashModel model = method.train(corpus, bits, options, common.seed, threads, common.progress())) {
      HashModelFormat.write(model, out);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("trained %s on %,d documents of %s in %.1f s -> %s%n",
          SemanticIndexBuilder.describe(model), corpus.train().numRows(), reader.name(), seconds, out);
      int empty = corpus.train().emptyRows();
      if (empty > 0) {
        // they train nothing and share one code; the user should know how many
        System.out.printf("  %,d of them have no vocabulary term (only stop words or rare words): they all"
            + " get one code, the model's code for an empty text%n", empty);
      }
      Path curve = learningCurve.write(model, reader.name(), "");
      if (common.json != null) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "train");
        json.put("method", method.cliName());
        json.put("dataset", reader.name());
        json.put("bits", bits);
        json.put("seed", common.seed);
        json.put("documents_without_vocabulary_term", corpus.train().emptyRows());
        if (options.isEmpty() == false) {
          json.put("method_options", options.given());
        }
        json.put("model_file", out.toString());
        if (curve != null) {
          json.put("learning_curve", curve.toString());
        }
        json.put("train_documents", corpus.train().numRows());
        json.put("seconds", CommandSupport.round(seconds));
        JsonReport.write(common.json, json);
      }
    }
    return 0;
  }
}
