package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.ProgressReporter.Progress;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** A trained VDSH network (parameters of the best validation epoch) and how it got there. */
final class TrainedVdsh {
  final VdshVariant variant;
  final int bits;
  final VdshSettings settings;
  final long seed;
  final VdshGraph.LabelModel labelModel;
  final TrainableSparseLayer first;
  final VdshGraph graph;
  final List<VdshTrainer.EpochStats> history;
  final int bestEpoch;
  final int trainingDocuments;
  final int validationDocuments;
  final double seconds;

  TrainedVdsh(
      VdshVariant variant, int bits, VdshSettings settings, long seed, VdshGraph.LabelModel labelModel,
      TrainableSparseLayer first, VdshGraph graph, List<VdshTrainer.EpochStats> history, int bestEpoch,
      int trainingDocuments, int validationDocuments, double seconds) {
    this.variant = variant;
    this.bits = bits;
    this.settings = settings;
    this.seed = seed;
    this.labelModel = labelModel;
    this.first = first;
    this.graph = graph;
    this.history = history;
    this.bestEpoch = bestEpoch;
    this.trainingDocuments = trainingDocuments;
    this.validationDocuments = validationDocuments;
    this.seconds = seconds;
  }

  /** The encoder's means for the listed rows of {@code inputs}, computed by ND4J (rows x bits). */
  float[] mu(SparseMatrix inputs, int[] rows) {
    float[] pre1 = new float[rows.length * first.outputs()];
    first.forward(inputs, rows, pre1);
    return graph.mu(pre1, rows.length);
  }

  /** The runtime encoder layers after the first. */
  List<DenseLayer> denseLayers() {
    return graph.exportEncoder();
  }

  SparseInputLayer inputLayer() {
    return first.export(Activation.RELU);
  }

  /**
   * The model file's contents: the corpus's analysis, vocabulary and weighting, this encoder,
   * and thresholds from the exported encoder's own outputs on every training document.
   */
  HashModel export(Corpus corpus, ProgressReporter progress) throws IOException {
    SparseInputLayer input = inputLayer();
    List<DenseLayer> layers = denseLayers();
    Map<String, String> info = info(corpus);
    float[] thresholds = new float[bits];
    if (settings.binarization() == Binarization.MEDIAN) {
      try (HashModel unthresholded =
          new HashModel(variant.cliName(), info, corpus.settings().analyzer(), corpus.vocabulary(),
              corpus.settings().weighting(), corpus.settings().normalize(), input, layers, thresholds)) {
        thresholds = medians(unthresholded, corpus.train(), settings.threads(), progress);
      }
    }
    return new HashModel(variant.cliName(), info, corpus.settings().analyzer(), corpus.vocabulary(),
        corpus.settings().weighting(), corpus.settings().normalize(), input, layers, thresholds);
  }

  /**
   * Per-dimension medians of the model's outputs over the rows of {@code x}: the middle value for
   * an odd count, the mean of the two middle values for an even one (as numpy's median, which
   * the thesis's code uses).
   */
  static float[] medians(HashModel model, SparseMatrix x, int threads, ProgressReporter progress) throws IOException {
    int n = x.numRows();
    int bits = model.bits();
    float[][] byDimension = new float[bits][n];
    try (Progress p = progress.start("thresholds", n, "docs")) {
      Parallel.forEachChunk(n, 256, threads, p, (from, to) -> {
        for (int r = from; r < to; r++) {
          float[] mu = model.project(x.row(r));
          for (int j = 0; j < bits; j++) {
            byDimension[j][r] = mu[j];
          }
        }
      });
    }
    float[] medians = new float[bits];
    for (int j = 0; j < bits; j++) {
      float[] v = byDimension[j];
      Arrays.sort(v);
      medians[j] = n % 2 == 1 ? v[n / 2] : (float) (((double) v[n / 2 - 1] + v[n / 2]) / 2);
    }
    return medians;
  }

  private Map<String, String> info(Corpus corpus) {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("method", variant.cliName());
    info.put("seed", Long.toString(seed));
    info.put("bits", Integer.toString(bits));
    info.put("hidden_units", Integer.toString(settings.hiddenUnits()));
    info.put("learning_rate", Double.toString(settings.learningRate()));
    info.put("keep_probability", Double.toString(settings.keepProbability()));
    info.put("batch_size", Integer.toString(settings.batchSize()));
    info.put("max_epochs", Integer.toString(settings.maxEpochs()));
    info.put("patience", Integer.toString(settings.patience()));
    info.put("kl_anneal_step", Double.toString(settings.klAnnealStep()));
    if (variant.supervised()) {
      info.put("label_weight", Double.toString(settings.labelWeight()));
      info.put("label_model", labelModel.name().toLowerCase(Locale.ROOT));
      info.put("labels", Integer.toString(corpus.labels().size()));
    }
    info.put("binarization", settings.binarization().name().toLowerCase(Locale.ROOT));
    info.put("input", corpus.settings().weighting().name().toLowerCase(Locale.ROOT)
        + (corpus.settings().normalize() ? ", unit length" : ""));
    info.put("reconstruction_target", "raw term counts");
    info.put("training_documents", Integer.toString(trainingDocuments));
    info.put("validation_documents", Integer.toString(validationDocuments));
    info.put("epochs_run", Integer.toString(history.size()));
    info.put("best_epoch", Integer.toString(bestEpoch));
    info.put("train_losses", history.stream().map(e -> format(e.trainLoss())).collect(Collectors.joining(",")));
    info.put("validation_losses", history.stream().map(e -> format(e.validationLoss())).collect(Collectors.joining(",")));
    info.put("epoch_seconds", history.stream().map(e -> format(e.seconds())).collect(Collectors.joining(",")));
    info.put("epoch_cpu_seconds", history.stream().map(e -> format(e.cpuSeconds())).collect(Collectors.joining(",")));
    info.put("training_seconds", format(seconds));
    info.put("trainer", "ND4J SameDiff 1.0.0-M2.1 graph; sparse first layer in Java");
    return info;
  }

  private static String format(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
