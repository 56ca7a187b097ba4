package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.model.HashNetwork;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.hashing.CodeEncoder;
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
  final VdshSpec spec;
  final VdshVariant variant;
  final int bits;
  final VdshSettings settings;
  final long seed;
  final VdshGraph.LabelModel labelModel;
  final TrainableSparseLayer first;
  /** The neighbour branch's first layer, or {@code null}. */
  final TrainableSparseLayer neighbourFirst;
  final VdshGraph graph;
  final List<VdshTrainer.EpochStats> history;
  final int bestEpoch;
  final int trainingDocuments;
  final int validationDocuments;
  final double seconds;

  TrainedVdsh(
      VdshSpec spec, int bits, VdshSettings settings, long seed, VdshGraph.LabelModel labelModel,
      TrainableSparseLayer first, TrainableSparseLayer neighbourFirst, VdshGraph graph,
      List<VdshTrainer.EpochStats> history, int bestEpoch, int trainingDocuments, int validationDocuments,
      double seconds) {
    this.spec = spec;
    this.neighbourFirst = neighbourFirst;
    this.variant = spec.variant();
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

  /**
   * The encoder's means for the listed rows of {@code inputs}, computed by ND4J (rows x bits);
   * with a neighbour encoder each training row is read with its listed neighbours, as the exported
   * model reads it ({@link HashModel#project(dev.semhash.text.SparseVector, List)}).
   *
   * @param inputs the training matrix (with a neighbour encoder, whose rows its lists refer to)
   */
  float[] mu(SparseMatrix inputs, int[] rows) {
    NeighbourEncoder neighbours = spec.neighbourEncoder();
    float[] pre1 = new float[rows.length * first.outputs()];
    first.forward(inputs, rows, pre1);
    if (neighbourFirst == null) {
      return graph.mu(pre1, rows.length);
    }
    int total = 0;
    for (int r : rows) {
      total += neighbours.of(r).length;
    }
    int[] neighbourRows = new int[total];
    float[] pool = new float[rows.length * total];
    int column = 0;
    for (int r = 0; r < rows.length; r++) {
      int[] nn = neighbours.of(rows[r]);
      for (int n : nn) {
        neighbourRows[column] = n;
        pool[r * total + column++] = 1f / nn.length;
      }
    }
    float[] pre1Nn = new float[total * neighbourFirst.outputs()];
    neighbourFirst.forward(inputs, neighbourRows, pre1Nn);
    return graph.mu(pre1, rows.length, pre1Nn, total, pool);
  }

  /**
   * The first layer of the given layers' current weights; with a neighbour encoder, the
   * document's and the neighbour branch's first layers side by side ({@code [W1 d + b1, W1nn d +
   * b1nn]}), see {@link VdshGraph#exportEncoder}.
   */
  static SparseInputLayer inputLayer(TrainableSparseLayer first, TrainableSparseLayer neighbourFirst) {
    SparseInputLayer own = first.export(Activation.RELU);
    if (neighbourFirst == null) {
      return own;
    }
    SparseInputLayer nn = neighbourFirst.export(Activation.RELU);
    float[][] columns = new float[own.columns().length][];
    for (int t = 0; t < columns.length; t++) {
      columns[t] = concat(own.columns()[t], nn.columns()[t]);
    }
    return new SparseInputLayer(columns, concat(own.bias(), nn.bias()), Activation.RELU);
  }

  /** The exported encoder's network, before thresholds (and before an ITQ rotation). */
  HashNetwork network() {
    return network(first, neighbourFirst, graph, settings.hiddenUnits());
  }

  /**
   * {@link #network()} of the given layers' current weights (also while training): the runtime's
   * pure-Java layers, which compute the exported model's values exactly.
   *
   * @param hiddenUnits the width of each branch's hidden layer
   */
  static HashNetwork network(
      TrainableSparseLayer first, TrainableSparseLayer neighbourFirst, VdshGraph graph, int hiddenUnits) {
    return new HashNetwork(
        inputLayer(first, neighbourFirst), graph.exportEncoder(), neighbourFirst == null ? 0 : hiddenUnits);
  }

  private static float[] concat(float[] a, float[] b) {
    float[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  /**
   * The model file's contents: the corpus's analysis, vocabulary and weighting, this encoder,
   * and thresholds from the exported encoder's own outputs on every training document (medians,
   * 2-means splits, 0 for sign, or 0 after the {@link ItqRotation} folded into the last layer).
   */
  HashModel export(Corpus corpus, ProgressReporter progress) throws IOException {
    HashNetwork network = network();
    SparseInputLayer input = network.inputLayer();
    List<DenseLayer> layers = network.layers();
    Map<String, String> info = info(corpus);
    int neighbourWidth = network.neighbourWidth();
    HashModel unthresholded = new HashModel(spec.method(), info, corpus.settings().analyzer(), corpus.vocabulary(),
        corpus.settings().weighting(), corpus.settings().normalize(), input, layers, new float[bits], neighbourWidth);
    return switch (settings.binarization()) {
      case SIGN -> unthresholded;
      case ITQ -> {
        try (unthresholded) {
          float[] values = projections(unthresholded, corpus.train(), spec.neighbourEncoder(), settings.threads(), progress);
          yield ItqRotation.rotate(unthresholded, values, corpus.train().numRows(), seed);
        }
      }
      case MEDIAN, TWO_MEANS -> {
        float[] thresholds;
        try (unthresholded) {
          float[] values = projections(unthresholded, corpus.train(), spec.neighbourEncoder(), settings.threads(), progress);
          thresholds = settings.binarization().thresholds(values, corpus.train().numRows(), bits);
        }
        yield new HashModel(spec.method(), info, corpus.settings().analyzer(), corpus.vocabulary(),
            corpus.settings().weighting(), corpus.settings().normalize(), input, layers, thresholds, neighbourWidth);
      }
    };
  }

  /**
   * Per-dimension medians of the model's outputs over the rows of {@code x}: the middle value for
   * an odd count, the mean of the two middle values for an even one (as numpy's median, which
   * the thesis's code uses).
   */
  static float[] medians(HashModel model, SparseMatrix x, int threads, ProgressReporter progress) throws IOException {
    return ValidationPrecision.medians(projections(model, x, threads, progress), x.numRows(), model.bits());
  }

  /**
   * The model's outputs for the rows of {@code x}, row-major ({@code rows × bits}); a model that
   * reads neighbourhoods reads each row with the rows {@code neighbours} lists for it.
   *
   * @param neighbours the training rows' neighbour lists, needed by a neighbourhood model only
   */
  static float[] projections(
      HashModel model, SparseMatrix x, NeighbourEncoder neighbours, int threads, ProgressReporter progress)
      throws IOException {
    if (model.readsNeighbourhood() == false) {
      return projections(model, x, threads, progress);
    }
    if (neighbours == null || neighbours.documents() != x.numRows()) {
      throw new IllegalArgumentException(
          "a neighbourhood model's outputs need a neighbour list for each of the " + x.numRows() + " rows");
    }
    int[][] lists = new int[x.numRows()][];
    Arrays.setAll(lists, neighbours::of);
    float[][] hidden = CodeEncoder.hidden(model, x, threads, progress);
    return flatten(CodeEncoder.pool(model, hidden, hidden, lists, threads, progress), model.bits());
  }

  /** Rows of {@code bits} values, one after another. */
  static float[] flatten(float[][] rows, int bits) {
    float[] values = new float[rows.length * bits];
    for (int r = 0; r < rows.length; r++) {
      System.arraycopy(rows[r], 0, values, r * bits, bits);
    }
    return values;
  }

  /** The outputs of a model that reads documents alone, row-major ({@code rows × bits}). */
  static float[] projections(HashModel model, SparseMatrix x, int threads, ProgressReporter progress)
      throws IOException {
    int n = x.numRows();
    int bits = model.bits();
    float[] values = new float[n * bits];
    try (Progress p = progress.start("thresholds", n, "docs")) {
      Parallel.forEachChunk(n, 256, threads, p, (from, to) -> {
        for (int r = from; r < to; r++) {
          System.arraycopy(model.project(x.row(r)), 0, values, r * bits, bits);
        }
      });
    }
    return values;
  }

  /** The median of {@code v} (sorted in place): the middle value, or the mean of the two middle ones. */
  static float median(float[] v) {
    int n = v.length;
    Arrays.sort(v);
    return n % 2 == 1 ? v[n / 2] : (float) (((double) v[n / 2 - 1] + v[n / 2]) / 2);
  }

  Map<String, String> info(Corpus corpus) {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("method", spec.method());
    if (spec.method().equals(variant.cliName()) == false) {
      info.put("architecture", variant.cliName());
    }
    info.put("seed", Long.toString(seed));
    info.put("bits", Integer.toString(bits));
    info.put("hidden_units", Integer.toString(settings.hiddenUnits()));
    info.put("learning_rate", Double.toString(settings.learningRate()));
    info.put("keep_probability", Double.toString(settings.keepProbability()));
    info.put("batch_size", Integer.toString(settings.batchSize()));
    info.put("max_epochs", Integer.toString(settings.maxEpochs()));
    info.put("patience", Integer.toString(settings.patience()));
    info.put("min_training_documents", Integer.toString(settings.minTrainingDocuments()));
    info.put("early_stopping", settings.earlyStopping().cliName());
    info.put("kl_anneal_step", Double.toString(settings.klAnnealStep()));
    if (variant.supervised()) {
      info.put("label_weight", Double.toString(settings.labelWeight()));
      info.put("label_model", labelModel.name().toLowerCase(Locale.ROOT));
      info.put("labels", Integer.toString(corpus.labels().size()));
    }
    info.put("binarization", settings.binarization().cliName());
    info.put("decoder_bias", settings.decoderBias().cliName());
    info.put("input", corpus.settings().weighting().name().toLowerCase(Locale.ROOT)
        + (corpus.settings().normalize() ? ", unit length" : ""));
    info.put("reconstruction_target", spec.wordTargets() == null ? "raw term counts" : "given word targets");
    for (BagDecoder d : spec.decoders()) {
      info.put("decoder_" + d.name(),
          "softmax over " + d.targetSize() + " targets, weight " + d.weight());
    }
    if (neighbourFirst != null) {
      info.put("neighbour_encoder", NeighbourEncoder.ENCODING);
    }
    info.putAll(spec.info());
    info.put("training_documents", Integer.toString(trainingDocuments));
    info.put("validation_documents", Integer.toString(validationDocuments));
    info.put("epochs_run", Integer.toString(history.size()));
    info.put("best_epoch", Integer.toString(bestEpoch));
    info.put("train_losses", history.stream().map(e -> format(e.trainLoss())).collect(Collectors.joining(",")));
    info.put("validation_losses", history.stream().map(e -> format(e.validationLoss())).collect(Collectors.joining(",")));
    info.put("validation_kl", history.stream().map(e -> format(e.validationKl())).collect(Collectors.joining(",")));
    info.put("kl_weights", history.stream().map(e -> format(e.klWeight())).collect(Collectors.joining(",")));
    if (history.stream().anyMatch(e -> Double.isNaN(e.validationPrecision()) == false)) {
      info.put("validation_prec@100",
          // unrounded: the epoch the held-out labels choose is read back from these, and two epochs a
          // few hits apart must not tie
          history.stream().map(e -> Double.toString(e.validationPrecision())).collect(Collectors.joining(",")));
    }
    info.put("epoch_seconds", history.stream().map(e -> format(e.seconds())).collect(Collectors.joining(",")));
    info.put("epoch_cpu_seconds", history.stream().map(e -> format(e.cpuSeconds())).collect(Collectors.joining(",")));
    info.put("epoch_samediff_seconds", history.stream().map(e -> format(e.graphSeconds())).collect(Collectors.joining(",")));
    info.put("epoch_java_seconds", history.stream().map(e -> format(e.javaSeconds())).collect(Collectors.joining(",")));
    info.put("training_seconds", format(seconds));
    info.put("trainer", "ND4J SameDiff 1.0.0-M2.1 graph; sparse first layer in Java");
    return info;
  }

  private static String format(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
