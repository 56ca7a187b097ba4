package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.VocabularyCoverage;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.ModelBinarization;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import dev.semhash.training.neighbors.NeighborCache;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash binarize}: a trained model's codes made again by another binarisation. */
@Command(
    name = "binarize",
    header = "Re-derives a model's thresholds (or ITQ rotation) without training again.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Reads a trained model, computes its network's real-valued outputs for a",
      "dataset's training documents, and writes a model whose bits come from",
      "another binarisation of those outputs: median (each bit's median), sign",
      "(threshold 0), two-means (each bit's 2-means split) or itq (the outputs",
      "centred and rotated by iterative quantization, the rotation folded into",
      "the last layer). The network is not trained again, so this takes a minute",
      "where training takes many; with the dataset the model was trained on, the",
      "result equals training with that --binarization at the same seed.",
      "Re-encode an index after changing a model: ./semhash encode --help.",
      "",
      "Examples:",
      "  ./semhash binarize --model 20ng-vdsh-s-32.hashmodel --binarization itq \\",
      "      --dataset ../shared/datasets/20newsgroups --out 20ng-itq.hashmodel",
      "  ./semhash eval-hash --model 20ng-itq.hashmodel \\",
      "      --dataset ../shared/datasets/20newsgroups"
    })
final class BinarizeCommand implements Callable<Integer> {
  @Option(names = "--model", required = true, paramLabel = "FILE", description = "Trained model file (.hashmodel).")
  Path model;

  @Option(names = "--dataset", required = true, paramLabel = "DIR",
      description = "Dataset folder with docs.jsonl.gz; its training documents set the thresholds.")
  Path dataset;

  @Option(names = "--binarization", required = true, paramLabel = "B",
      description = "median, sign, itq or two-means (ITQ needs a neural model: LSH and STH have no layer to rotate).")
  String binarization;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "Model file to write (.hashmodel).")
  Path out;

  @Option(names = "--threads", paramLabel = "N", converter = ThreadCount.class, description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    Binarization chosen = Binarization.parse(binarization);
    OutputFiles.check("--out", out, OutputFiles.Kind.HASH_MODEL, model, dataset);
    OutputFiles.check("--json", common.json, OutputFiles.Kind.JSON, model, dataset, out);
    DatasetReader reader = new DatasetReader(dataset);
    List<String> trainTexts = reader.documents().stream().filter(Document::isTrain).map(Document::fullText).toList();
    long start = System.nanoTime();
    try (HashModel trained = HashModelFormat.read(model);
        HashModel rebinarized = rebinarize(requireCoverage(trained, trainTexts, reader), reader, trainTexts, chosen)) {
      HashModelFormat.write(rebinarized, out);
      double seconds = (System.nanoTime() - start) / 1e9;
      String before = trained.info().get("binarization");
      // the thresholds are learnt anew even when the kind stays (another dataset, another seed)
      String change = before == null
          ? chosen.cliName() + " codes"
          : before.equals(chosen.cliName())
              ? "new " + chosen.cliName() + " codes"
              : chosen.cliName() + " codes instead of " + before;
      System.out.printf("%s: %s, learnt on %,d training documents of %s in %.1f s (seed %d) -> %s%n",
          SemanticIndexBuilder.describe(rebinarized), change, trainTexts.size(), reader.name(), seconds,
          common.seed, out);
      if (common.json != null) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "binarize");
        json.put("model_file", model.toString());
        json.put("dataset", reader.name());
        json.put("binarization", chosen.cliName());
        json.put("rebinarized_from", trained.info().getOrDefault("binarization", "unknown"));
        json.put("train_documents", trainTexts.size());
        json.put("seed", common.seed);
        json.put("out", out.toString());
        json.put("seconds", CommandSupport.round(seconds));
        JsonReport.write(common.json, json);
      }
    }
    return 0;
  }

  /** Thresholds learnt on documents the model cannot read would be one code's: refused first. */
  private static HashModel requireCoverage(HashModel trained, List<String> trainTexts, DatasetReader reader) {
    VocabularyCoverage.require(trained, trainTexts, "the training documents of " + reader.name());
    return trained;
  }

  /** A model that reads neighbourhoods is projected on the dataset's training index, with them. */
  private HashModel rebinarize(HashModel trained, DatasetReader reader, List<String> trainTexts, Binarization chosen)
      throws IOException {
    if (trained.readsNeighbourhood() == false) {
      return ModelBinarization.apply(trained, trainTexts, chosen, common.seed, threads, common.progress());
    }
    try (Corpus corpus = CommandSupport.corpusFor(
        trained, reader, VocabularySettings.DEFAULT, threads, common.progress())) {
      float[][] projected = NeighbourhoodEncoding.project(
          trained, corpus, new NeighborCache(NeighborCache.defaultDirectory()), threads, common.progress()).train();
      return ModelBinarization.apply(trained, projected, chosen, common.seed);
    }
  }
}
