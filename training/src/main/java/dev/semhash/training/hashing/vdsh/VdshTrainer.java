package dev.semhash.training.hashing.vdsh;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.model.HashModel;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.TextVectorizer;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusVectors;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.ProgressReporter.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Trains VDSH, VDSH-S or VDSH-SP (thesis chapter 3) and exports the encoder as a {@link
 * HashModel}: the first layer as a {@link dev.semhash.model.SparseInputLayer} over the corpus's
 * vocabulary, the second ReLU layer and the mean layer as {@link dev.semhash.model.DenseLayer}s,
 * and one threshold per bit (the median of that dimension of {@code mu} over the training
 * documents, computed with the exported model itself, or 0 for {@link Binarization#SIGN}).
 *
 * <p>Input and target: the encoder reads the corpus's own weighted vectors (TF-IDF by default,
 * as the thesis); the softmax decoder reconstructs the document's words, each term weighted by
 * its raw count in the document (the log-likelihood of the bag of words, eq. 3.1-3.2). Counts
 * come from the corpus index's term vectors.
 *
 * <p>Training: Adam, dropout on the second hidden layer, mini-batches, the KL weight annealed
 * from 0 by a fixed step per mini-batch, and early stopping on the loss of a validation split
 * carved from the training documents, by default its reconstruction loss without the KL term
 * ({@link EarlyStopping}); the parameters of the best validation epoch are kept. Training stops
 * after {@link VdshSettings#patience()} epochs without a better validation loss, counted only once
 * the annealing has brought the KL weight to 1 (below 32 bits it does not within 30 epochs on the
 * corpora here, which then all run), and never before {@link VdshSettings#minTrainingDocuments()}
 * training documents. Every random choice (initialisation, validation split, batch order, dropout
 * masks, the noise {@code eps}) comes from the one seed.
 *
 * <pre class="prettyprint">
 * try (Corpus corpus = Corpus.build(new DatasetReader(dir), CorpusSettings.DEFAULT, null, 2, ProgressReporter.NONE);
 *     HashModel model = VdshTrainer.train(corpus, VdshVariant.VDSH, 32, VdshSettings.DEFAULT, 42L, ProgressReporter.NONE)) {
 *   long[] code = model.encode("Which graphics card runs X11 best?");
 * }
 * </pre>
 */
public final class VdshTrainer {
  private VdshTrainer() {}

  /**
   * Trains on the corpus's training documents and returns the exported model.
   *
   * @throws IllegalArgumentException for a bad code length, too few training documents, or a
   *     supervised variant on a corpus without labels
   * @throws IllegalStateException when training diverges (a loss that is not a finite number)
   */
  public static HashModel train(
      Corpus corpus, VdshVariant variant, int bits, VdshSettings settings, long seed, ProgressReporter progress)
      throws IOException {
    return train(corpus, VdshSpec.of(variant), bits, settings, seed, progress);
  }

  /**
   * Trains what {@code spec} describes (a variant with optional word targets, auxiliary decoders
   * and neighbour encoder) on the corpus's training documents and returns the exported model,
   * stored under {@link VdshSpec#method()}.
   *
   * @throws IllegalArgumentException for a bad code length, too few training documents, a
   *     supervised variant on a corpus without labels, or extras whose rows are not the corpus's
   *     training documents
   * @throws IllegalStateException when training diverges (a loss that is not a finite number)
   */
  public static HashModel train(
      Corpus corpus, VdshSpec spec, int bits, VdshSettings settings, long seed, ProgressReporter progress)
      throws IOException {
    requireLabelOnEachDocument(corpus, spec.variant());
    SparseMatrix targets = spec.wordTargets();
    if (targets == null) {
      targets = rawCounts(corpus, settings.threads(), progress);
    }
    TrainedVdsh trained =
        fit(corpus.train(), targets, corpus.trainLabels(), corpus.labels().size(), spec, bits, settings, seed, progress);
    return trained.export(corpus, progress);
  }

  /**
   * The check of {@link #labelModel} where the dataset ids are known, so that the error names the
   * unlabelled document as the user's file does rather than by its row number.
   */
  private static void requireLabelOnEachDocument(Corpus corpus, VdshVariant variant) {
    int[][] labels = corpus.trainLabels();
    if (variant.supervised() == false || Arrays.stream(labels).allMatch(l -> l.length == 0)) {
      return; // nothing to check, or no label at all: labelModel says so
    }
    for (int d = 0; d < labels.length; d++) {
      if (labels[d].length == 0) {
        throw new IllegalArgumentException(
            variant.cliName() + " is supervised but training document \"" + corpus.trainIds().get(d)
                + "\" has no label; label every training document, drop the unlabelled ones, or use"
                + " the unsupervised vdsh");
      }
    }
  }

  /** Each training document's raw vocabulary term counts, from the corpus index's term vectors. */
  public static SparseMatrix rawCounts(Corpus corpus, int threads, ProgressReporter progress) throws IOException {
    try (TextVectorizer raw =
        new TextVectorizer(corpus.settings().analyzer(), corpus.vocabulary(), TermWeighting.TF, false)) {
      return CorpusVectors.fromIndex(corpus.index(), raw, threads, progress);
    }
  }

  /**
   * ND4J's native ops run on one thread during training. Its OpenMP workers spin while waiting,
   * and on a machine shared with other processes two spinning workers made each mini-batch five
   * to ten times slower than one (measured on the project's 2-core machine); the Java side (the
   * sparse first layer and its Adam step) uses the configured threads instead.
   */
  static final int ND4J_THREADS = 1;

  /**
   * The training loop over explicit matrices.
   *
   * @param inputs the encoder's input, one row per training document
   * @param counts each document's raw term counts, same rows and columns as {@code inputs}
   * @param labels each document's label ids (sorted), or ignored for {@link VdshVariant#VDSH}
   * @param numLabels number of distinct labels
   */
  static TrainedVdsh fit(
      SparseMatrix inputs,
      SparseMatrix counts,
      int[][] labels,
      int numLabels,
      VdshVariant variant,
      int bits,
      VdshSettings settings,
      long seed,
      ProgressReporter progress) {
    return fit(inputs, counts, labels, numLabels, VdshSpec.of(variant), bits, settings, seed, progress);
  }

  /** The training loop for a {@link VdshSpec}; {@code counts} are the word decoder's targets. */
  static TrainedVdsh fit(
      SparseMatrix inputs,
      SparseMatrix counts,
      int[][] labels,
      int numLabels,
      VdshSpec spec,
      int bits,
      VdshSettings settings,
      long seed,
      ProgressReporter progress) {
    VdshVariant variant = spec.variant();
    BinaryCodeField.checkBits(bits); // the lengths an index holds
    int n = inputs.numRows();
    if (n < 2) {
      throw new IllegalArgumentException(
          spec.method() + " needs at least 2 training documents (one for early-stopping validation), got " + n);
    }
    if (counts.numRows() != n || counts.numColumns() != inputs.numColumns()) {
      throw new IllegalArgumentException(
          "count matrix is " + counts + " but the input matrix is " + inputs + "; they must describe the same documents");
    }
    for (BagDecoder d : spec.decoders()) {
      if (d.targets().numRows() != n) {
        throw new IllegalArgumentException(
            "decoder '" + d.name() + "' has " + d.targets().numRows() + " target rows for " + n
                + " training documents; give one row per training document");
      }
    }
    if (spec.neighbourEncoder() != null && spec.neighbourEncoder().documents() != n) {
      throw new IllegalArgumentException(
          "the neighbour encoder lists neighbours of " + spec.neighbourEncoder().documents() + " documents for "
              + n + " training documents; give one list per training document");
    }
    if (inputs.nonZeros() == 0) {
      throw new IllegalArgumentException(
          "no training document has a vocabulary term; check the dataset's text and the vocabulary settings");
    }
    if (settings.epochScorer() != null && spec.neighbourEncoder() != null) {
      throw new IllegalArgumentException(
          spec.method() + " encodes each document with its neighbours' hidden vectors, which a scorer cannot give"
              + " the queries' rows; score each epoch with a method whose encoder reads the document alone");
    }
    VdshGraph.LabelModel labelModel = VdshGraph.LabelModel.SIGMOID;
    if (variant.supervised()) {
      if (labels == null || labels.length != n) {
        throw new IllegalArgumentException(
            variant.cliName() + " needs one label list per training document, got "
                + (labels == null ? "none" : labels.length + " for " + n + " documents"));
      }
      labelModel = labelModel(labels, variant);
    } else if (settings.earlyStopping().readsLabels()) {
      requireSomeLabel(labels, n, spec.method(), settings.earlyStopping());
    }
    int previousThreads = Nd4j.getEnvironment().maxThreads();
    int previousMasterThreads = Nd4j.getEnvironment().maxMasterThreads();
    Nd4j.getEnvironment().setMaxThreads(ND4J_THREADS);
    Nd4j.getEnvironment().setMaxMasterThreads(ND4J_THREADS);
    try {
      return fit(inputs, counts, labels, numLabels, spec, labelModel, bits, settings, seed, progress);
    } finally {
      Nd4j.getEnvironment().setMaxThreads(previousThreads);
      Nd4j.getEnvironment().setMaxMasterThreads(previousMasterThreads);
    }
  }

  private static TrainedVdsh fit(
      SparseMatrix inputs,
      SparseMatrix counts,
      int[][] labels,
      int numLabels,
      VdshSpec spec,
      VdshGraph.LabelModel labelModel,
      int bits,
      VdshSettings settings,
      long seed,
      ProgressReporter progress) {
    VdshVariant variant = spec.variant();
    int n = inputs.numRows();
    if (settings.labelWeight() == VdshSettings.BALANCED_LABEL_WEIGHT) {
      double tokens = 0;
      for (float c : counts.values()) {
        tokens += c;
      }
      settings = settings.withLabelWeight(Math.max(1, tokens / n));
    }
    settings = settings.withKlAnnealStep(settings.klAnnealStep(bits));
    SplittableRandom random = new SplittableRandom(seed);
    Nd4j.getRandom().setSeed(seed);
    SplittableRandom initRandom = random.split();
    SplittableRandom splitRandom = random.split();
    SplittableRandom batchRandom = random.split();
    SplittableRandom noiseRandom = random.split();

    int[] order = permutation(n, splitRandom);
    int validationSize = (int) Math.max(1, Math.round(n * settings.validationFraction()));
    validationSize = Math.min(validationSize, n - 1);
    int[] validation = Arrays.copyOfRange(order, 0, validationSize);
    int[] training = Arrays.copyOfRange(order, validationSize, n);
    Arrays.sort(validation);
    Arrays.sort(training);

    int hidden = settings.hiddenUnits();
    TrainableSparseLayer first =
        new TrainableSparseLayer(inputs.numColumns(), hidden, settings.learningRate(), settings.threads(), initRandom);
    VdshGraph graph =
        new VdshGraph(variant, hidden, bits, inputs.numColumns(), Math.max(1, numLabels), labelModel,
            settings.learningRate(), settings.labelWeight(), spec.decoders(), spec.neighbourEncoder() != null,
            initRandom);
    startDecoderBiases(graph, settings.decoderBias(), counts, spec.decoders(), training);
    TrainableSparseLayer neighbourFirst =
        spec.neighbourEncoder() == null
            ? null
            : new TrainableSparseLayer(inputs.numColumns(), hidden, settings.learningRate(), settings.threads(), initRandom);
    BatchBuilder batches =
        new BatchBuilder(inputs, counts, labels, Math.max(1, numLabels), spec, first, neighbourFirst, hidden, bits, settings);
    // Validation noise is drawn once, so that epochs are compared on the same sample.
    SplittableRandom validationNoise = noiseRandom.split();
    List<int[]> validationRows = new ArrayList<>();
    List<VdshGraph.Batch> validationBatches = new ArrayList<>();
    for (int from = 0; from < validation.length; from += settings.batchSize()) {
      int[] rows = Arrays.copyOfRange(validation, from, Math.min(validation.length, from + settings.batchSize()));
      validationRows.add(rows);
      validationBatches.add(batches.build(rows, validationNoise, false));
    }

    // Under EarlyStopping.PRECISION the held-out labels choose the epoch. A scored run (an epoch
    // scorer is set) measures the same precision for its report only, so that its results can say
    // which epoch the labels would have kept beside the one the loss kept, from one training.
    boolean precisionChooses = settings.earlyStopping() == EarlyStopping.PRECISION;
    boolean precisionReported =
        precisionChooses == false && settings.epochScorer() != null && hasSomeLabel(labels, n);
    ValidationPrecision precision =
        precisionChooses || precisionReported
            ? new ValidationPrecision(
                training, validation, labels, bits, settings.binarization(), settings.threads(), seed)
            : null;
    List<EpochStats> history = new ArrayList<>();
    double klWeight = 0;
    double best = Double.POSITIVE_INFINITY;
    int bestEpoch = 0;
    int annealedEpoch = 0; // the first epoch that ended with the KL weight at 1
    int floorEpoch = VdshSettings.stoppingFloorEpoch(settings.minTrainingDocuments(), training.length);
    float[][] bestFirst = null;
    float[][] bestNeighbourFirst = null;
    Map<String, INDArray> bestGraph = null;
    // a batch larger than the training set is the training set: size the buffer by what it holds
    float[] gradPre1 = new float[Math.multiplyExact(Math.min(settings.batchSize(), training.length), hidden)];
    long totalStart = System.nanoTime();
    long scoringNanos = 0; // an epoch scorer's time, left out of the training time
    // Counted in documents, not epochs, so that the rate and the time left show within an epoch too
    // (one epoch of a large corpus, or of one story per step, takes many minutes); the total assumes
    // every epoch runs, and early stopping ends the bar sooner.
    long maxDocuments = (long) settings.maxEpochs() * training.length;
    String task = spec.method().toUpperCase(Locale.ROOT) + " training, at most " + settings.maxEpochs() + " epochs";
    try (Progress p = progress.start(task, maxDocuments, "docs")) {
      for (int epoch = 1; epoch <= settings.maxEpochs(); epoch++) {
        long start = System.nanoTime();
        long cpuStart = processCpuNanos();
        shuffle(training, batchRandom);
        VdshGraph.Losses sum = VdshGraph.Losses.ZERO;
        double weightedLoss = 0;
        long javaNanos = 0;
        long graphNanos = 0;
        int batchIndex = 0;
        for (int from = 0; from < training.length; from += settings.batchSize(), batchIndex++) {
          int[] rows = Arrays.copyOfRange(training, from, Math.min(training.length, from + settings.batchSize()));
          long t0 = System.nanoTime();
          VdshGraph.Batch batch = batches.build(rows, noiseRandom, true);
          long t1 = System.nanoTime();
          float[] gradPre1Nn = neighbourFirst == null ? null : new float[batch.neighbourRows() * hidden];
          VdshGraph.Losses l = graph.trainStep(batch, (float) klWeight, gradPre1, gradPre1Nn);
          long t2 = System.nanoTime();
          if (l.finite() == false) {
            throw diverged(spec, settings, epoch, batchIndex, l);
          }
          first.backward(inputs, rows, gradPre1);
          first.step();
          if (neighbourFirst != null) {
            neighbourFirst.backward(inputs, batches.neighbourRows(rows), gradPre1Nn);
            neighbourFirst.step();
          }
          javaNanos += t1 - t0 + System.nanoTime() - t2;
          graphNanos += t2 - t1;
          sum = sum.plus(l);
          weightedLoss += l.perDocument(klWeight, settings.labelWeight()) * l.documents();
          klWeight = Math.min(1.0, klWeight + settings.klAnnealStep());
          p.step(rows.length);
        }
        VdshGraph.Losses val = VdshGraph.Losses.ZERO;
        for (int i = 0; i < validationBatches.size(); i++) {
          VdshGraph.Batch b = validationBatches.get(i);
          batches.forwardFirst(validationRows.get(i), b); // current weights
          val = val.plus(graph.evaluate(b, 1f));
        }
        if (val.finite() == false) {
          throw diverged(spec, settings, epoch, -1, val);
        }
        double valLoss = val.perDocument(settings.earlyStopping().klWeight(), settings.labelWeight());
        double valKl = val.kl() / val.documents();
        EpochScorer scorer = settings.epochScorer();
        // the exported encoder's own arithmetic, so that an epoch is judged by its export's codes
        ExportedMeans current = precision == null && scorer == null
            ? null
            : new ExportedMeans(TrainedVdsh.network(first, neighbourFirst, graph, hidden), inputs,
                spec.neighbourEncoder(), settings.threads());
        double valPrecision = precisionChooses ? precision.measure(current, inputs) : Double.NaN;
        double criterion = precisionChooses ? -valPrecision : valLoss; // lower is better
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
        // after the epoch's timing, which thus leaves the scoring out
        long scoringStart = System.nanoTime();
        if (precisionReported) {
          valPrecision = precision.measure(current, inputs);
        }
        double scored =
            scorer == null ? Double.NaN : scorer.score(epoch, current);
        scoringNanos += System.nanoTime() - scoringStart;
        history.add(new EpochStats(epoch, weightedLoss / sum.documents(), valLoss, valKl, valPrecision, klWeight,
            seconds, cpuSeconds, graphNanos / 1e9, javaNanos / 1e9));
        String measured = precisionChooses
            ? String.format(Locale.ROOT, "validation Prec@100 %.4f (loss %.2f, KL %.2f)", valPrecision, valLoss, valKl)
            : String.format(Locale.ROOT, "validation %.2f (%s; KL %.2f)", valLoss, settings.earlyStopping().cliName(), valKl);
        p.message(String.format(Locale.ROOT,
            "epoch %d: loss %.2f, %s, KL weight %.3f, %.1f s (%.1f s CPU; SameDiff %.1f s, first layer %.1f s)%s%s",
            epoch, weightedLoss / sum.documents(), measured, klWeight, seconds, cpuSeconds, graphNanos / 1e9, javaNanos / 1e9,
            precisionReported ? String.format(Locale.ROOT, "; held-out Prec@100 %.4f", valPrecision) : "",
            scorer == null ? "" : String.format(Locale.ROOT, "; scored %.4f (reported only)", scored)));
        if (annealedEpoch == 0 && klWeight >= 1) {
          annealedEpoch = epoch;
        }
        if (criterion < best) {
          best = criterion;
          bestEpoch = epoch;
          bestFirst = first.snapshot();
          bestNeighbourFirst = neighbourFirst == null ? null : neighbourFirst.snapshot();
          bestGraph = graph.snapshot();
        } else if (annealedEpoch > 0
            && epoch >= floorEpoch
            && epoch - Math.max(bestEpoch, annealedEpoch) >= settings.patience()) {
          // Patience runs only once the KL term has its full weight: while it grows, the held-out
          // loss can stall for many epochs (the decoder first learns word frequencies, then the
          // codes start to explain the words), and stopping there keeps an untrained encoder. The
          // same stall outlasts the annealing on a small training set, hence the floor on documents.
          break;
        }
      }
    }
    first.restore(bestFirst);
    if (neighbourFirst != null) {
      neighbourFirst.restore(bestNeighbourFirst);
    }
    graph.restore(bestGraph);
    double totalSeconds = (System.nanoTime() - totalStart - scoringNanos) / 1e9;
    return new TrainedVdsh(
        spec, bits, settings, seed, labelModel, first, neighbourFirst, graph, history, bestEpoch,
        training.length, validation.length, totalSeconds);
  }

  private static IllegalStateException diverged(
      VdshSpec spec, VdshSettings settings, int epoch, int batch, VdshGraph.Losses l) {
    String where = batch < 0 ? "on the validation split after epoch " + epoch : "at epoch " + epoch + ", mini-batch " + (batch + 1);
    return new IllegalStateException(
        spec.method() + " training diverged " + where + ": reconstruction " + l.reconstruction() + ", KL " + l.kl()
            + ", label " + l.label() + ", auxiliary decoders " + l.auxiliary()
            + " (not finite); lower the learning rate (now " + settings.learningRate()
            + ", try " + settings.learningRate() / 10 + ")");
  }

  /**
   * An unsupervised method may still choose its epoch by the training documents' labels (they
   * never reach its loss), but only where there are labels to read.
   */
  private static void requireSomeLabel(int[][] labels, int n, String method, EarlyStopping criterion) {
    String fix = "; use --early-stopping reconstruction (the default) or elbo, which read no labels";
    if (labels == null || labels.length != n) {
      throw new IllegalArgumentException(
          "early stopping on " + criterion.cliName() + " chooses the epoch by the training documents' labels, but "
              + method + " was given " + (labels == null ? "none" : labels.length + " label lists for " + n + " documents")
              + fix);
    }
    if (Arrays.stream(labels).allMatch(l -> l.length == 0)) {
      throw new IllegalArgumentException(
          "early stopping on " + criterion.cliName() + " chooses the epoch by the training documents' labels, but no"
              + " training document has a label" + fix);
    }
  }

  /** Whether every training document has a label list and at least one list is not empty. */
  private static boolean hasSomeLabel(int[][] labels, int n) {
    return labels != null && labels.length == n && Arrays.stream(labels).anyMatch(l -> l.length > 0);
  }

  private static VdshGraph.LabelModel labelModel(int[][] labels, VdshVariant variant) {
    boolean any = false;
    boolean multi = false;
    for (int[] l : labels) {
      any |= l.length > 0;
      multi |= l.length > 1;
    }
    if (any == false) {
      throw new IllegalArgumentException(
          variant.cliName() + " is supervised but no training document has a label; use the unsupervised vdsh,"
              + " or a dataset whose documents carry labels");
    }
    for (int d = 0; d < labels.length; d++) {
      if (labels[d].length == 0) {
        // Without a label the document would be trained as a negative of every label.
        throw new IllegalArgumentException(
            variant.cliName() + " is supervised but training document " + d + " has no label; label every"
                + " training document, drop the unlabelled ones, or use the unsupervised vdsh");
      }
    }
    return multi ? VdshGraph.LabelModel.SIGMOID : VdshGraph.LabelModel.SOFTMAX;
  }

  static int[] permutation(int n, SplittableRandom random) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    shuffle(p, random);
    return p;
  }

  private static void shuffle(int[] a, SplittableRandom random) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /**
   * One epoch's figures: mean training loss (with that epoch's KL weight), validation loss (as
   * {@link VdshSettings#earlyStopping()} measures it; the decoders' losses under {@link
   * EarlyStopping#PRECISION}), the validation KL term per document, validation Prec@100 (NaN unless
   * the criterion is {@link EarlyStopping#PRECISION}, or an epoch scorer is set and the training
   * documents carry labels), wall
   * time and this process's CPU time (which says more than wall time on a shared machine), and
   * the wall time of the training steps spent in the SameDiff graph and in the Java side (first
   * layers, their Adam steps, batch assembly).
   */
  record EpochStats(
      int epoch, double trainLoss, double validationLoss, double validationKl, double validationPrecision,
      double klWeight, double seconds,
      double cpuSeconds,
      double graphSeconds, double javaSeconds) {}

  /** CPU time of this whole process (every thread, native ones included), or -1 if unknown. */
  static long processCpuNanos() {
    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }

  /**
   * Starts the graph's decoder biases as {@code start} says, counted over the {@code training} rows
   * (never the held-out ones).
   */
  static void startDecoderBiases(
      VdshGraph graph, DecoderBias start, SparseMatrix words, List<BagDecoder> decoders, int[] training) {
    List<float[]> auxiliary = new ArrayList<>();
    for (BagDecoder d : decoders) {
      auxiliary.add(start.start(d.targets(), training));
    }
    graph.startDecoderBiases(start.start(words, training), auxiliary);
  }

  /** Fills mini-batches: first-layer outputs, dropout masks, noise, dense counts and labels. */
  private static final class BatchBuilder {
    private final SparseMatrix inputs;
    private final SparseMatrix counts;
    private final int[][] labels;
    private final int numLabels;
    private final VdshVariant variant;
    private final VdshSpec spec;
    private final TrainableSparseLayer first;
    private final TrainableSparseLayer neighbourFirst;
    private final int hidden;
    private final int bits;
    private final VdshSettings settings;

    BatchBuilder(SparseMatrix inputs, SparseMatrix counts, int[][] labels, int numLabels, VdshSpec spec,
        TrainableSparseLayer first, TrainableSparseLayer neighbourFirst, int hidden, int bits, VdshSettings settings) {
      this.inputs = inputs;
      this.counts = counts;
      this.labels = labels;
      this.numLabels = numLabels;
      this.variant = spec.variant();
      this.spec = spec;
      this.first = first;
      this.neighbourFirst = neighbourFirst;
      this.hidden = hidden;
      this.bits = bits;
      this.settings = settings;
    }

    /**
     * A batch of {@code rows}: with dropout and the first layer's output for training, without
     * dropout and with the first-layer slot left for the caller to fill otherwise.
     */
    VdshGraph.Batch build(int[] rows, SplittableRandom noise, boolean training) {
      int b = rows.length;
      float[] pre1 = new float[b * hidden];
      float[] mask = new float[b * hidden];
      if (training && settings.keepProbability() < 1) {
        float keep = (float) settings.keepProbability();
        float scale = 1f / keep;
        for (int i = 0; i < mask.length; i++) {
          mask[i] = noise.nextDouble() < keep ? scale : 0f;
        }
      } else {
        Arrays.fill(mask, 1f);
      }
      float[] eps = gaussian(b * bits, noise);
      float[] epsV = variant.privateVariable() ? gaussian(b * bits, noise) : null;
      float[] dense = densify(counts, rows);
      float[][] targets = new float[spec.decoders().size()][];
      for (int i = 0; i < targets.length; i++) {
        targets[i] = densify(spec.decoders().get(i).targets(), rows);
      }
      float[] y = null;
      if (variant.supervised()) {
        y = new float[b * numLabels];
        for (int r = 0; r < b; r++) {
          for (int label : labels[rows[r]]) {
            y[r * numLabels + label] = 1f;
          }
        }
      }
      int neighbourRows = 0;
      float[] pre1Nn = null;
      float[] pool = null;
      if (neighbourFirst != null) {
        neighbourRows = neighbourRows(rows).length;
        pre1Nn = new float[neighbourRows * hidden];
        pool = new float[b * neighbourRows];
        int column = 0;
        for (int r = 0; r < b; r++) {
          int[] nn = spec.neighbourEncoder().of(rows[r]);
          for (int j = 0; j < nn.length; j++) {
            pool[r * neighbourRows + column++] = 1f / nn.length;
          }
        }
      }
      VdshGraph.Batch batch =
          new VdshGraph.Batch(b, pre1, mask, eps, epsV, dense, y, targets, neighbourRows, pre1Nn, pool);
      if (training) {
        forwardFirst(rows, batch);
      }
      return batch;
    }

    /** Fills the batch's first-layer outputs (the documents' and their neighbours') for {@code rows}. */
    void forwardFirst(int[] rows, VdshGraph.Batch batch) {
      first.forward(inputs, rows, batch.pre1());
      if (neighbourFirst != null) {
        neighbourFirst.forward(inputs, neighbourRows(rows), batch.pre1Nn());
      }
    }

    /** The neighbours of {@code rows}, concatenated in row order (the pooling matrix's columns). */
    int[] neighbourRows(int[] rows) {
      int total = 0;
      for (int r : rows) {
        total += spec.neighbourEncoder().of(r).length;
      }
      int[] all = new int[total];
      int at = 0;
      for (int r : rows) {
        int[] nn = spec.neighbourEncoder().of(r);
        System.arraycopy(nn, 0, all, at, nn.length);
        at += nn.length;
      }
      return all;
    }

    private static float[] densify(SparseMatrix m, int[] rows) {
      float[] dense = new float[rows.length * m.numColumns()];
      int[] cols = m.columns();
      float[] vals = m.values();
      for (int r = 0; r < rows.length; r++) {
        int base = r * m.numColumns();
        for (int i = m.rowStart(rows[r]); i < m.rowEnd(rows[r]); i++) {
          dense[base + cols[i]] = vals[i];
        }
      }
      return dense;
    }

    private static float[] gaussian(int size, SplittableRandom random) {
      float[] g = new float[size];
      for (int i = 0; i < size; i++) {
        g[i] = (float) random.nextGaussian();
      }
      return g;
    }
  }
}
