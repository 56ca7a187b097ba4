package dev.semhash.training.hashing.sth;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.model.Activation;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.Neighbors;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Self-taught hashing (Zhang, Wang, Cai and Lu, SIGIR 2010), in two steps:
 *
 * <ol>
 *   <li><b>Codes for the training documents</b> ({@link SpectralCodes}): the symmetric
 *       k-nearest-neighbour graph of the training documents by TF-IDF cosine ({@link
 *       CorpusNeighbors#tfidfCosine}, then {@link Neighbors#symmetrized()}), its Laplacian eigenmap
 *       (one eigenvector per bit, smallest non-trivial eigenvalues of {@code L y = lambda D y}),
 *       each eigenvector thresholded at its median.
 *   <li><b>A hash function for any document</b>: one {@link LinearSvm} per bit over the corpus's
 *       document vectors, predicting that bit. The classifiers become the model's input layer
 *       (weights per term, one output per bit, identity activation) and every threshold is 0, so
 *       bit {@code j} of a document is {@code [w_j.x + b_j > 0]}.
 * </ol>
 *
 * <p>Choices where the method leaves room: the graph links each document to its 20 nearest training
 * documents by TF-IDF cosine, made undirected (an edge if either lists the other), each edge
 * weighted by its cosine ({@link EdgeWeighting}); eigenvectors are computed to residual 1e-5 by
 * {@link TopEigenSolver}, the trivial one dropped, the others kept even when the graph is
 * disconnected ({@link NormalizedAdjacency}); the classifiers are L2-regularised squared-hinge SVMs
 * with a bias feature, cost 0.1 (chosen on a validation split, {@link SthSettings#DEFAULT}).
 *
 * <p>Training and test documents alike are encoded by the exported model, so evaluation measures
 * the out-of-sample hash function, not the spectral targets. Isolated training documents (no edge,
 * such as a document with no vocabulary term) get no target and do not train the classifiers; the
 * model still encodes them. The hash function reads the corpus's own document vectors (its
 * weighting and normalisation), while the graph always uses unit TF-IDF vectors.
 *
 * <pre class="prettyprint">
 * HashModel sth = SthTrainer.train(corpus, 32, 42L, SthSettings.DEFAULT, 2, progress);
 * long[] code = sth.encode("Which graphics card runs X11 best?");
 * </pre>
 */
public final class SthTrainer {
  private SthTrainer() {}

  /**
   * What {@link #fit} learned: the graph, the training documents' target codes and one classifier
   * per bit, with the time each step took.
   */
  public record Fit(
      NormalizedAdjacency graph,
      SpectralCodes codes,
      List<LinearSvm.Model> classifiers,
      double eigenSeconds,
      double svmSeconds) {}

  /**
   * Trains an STH model of {@code bits} bits on the corpus's training documents.
   *
   * @param seed seeds the eigen solver's start and the classifiers' visiting order
   * @throws IllegalArgumentException if {@code bits} is not a code length an index holds or the corpus
   *     has too few training documents for it
   */
  public static HashModel train(
      Corpus corpus,
      int bits,
      long seed,
      SthSettings settings,
      int threads,
      ProgressReporter progress)
      throws IOException {
    requireBits(bits);
    requireDocuments(corpus.train().numRows(), bits);
    Neighbors graph =
        CorpusNeighbors.tfidfCosine(corpus, settings.neighbors(), null, threads, progress)
            .symmetrized();
    Fit fit = fit(corpus.train(), graph, bits, seed, settings, threads, progress);
    NormalizedAdjacency s = fit.graph();
    SpectralCodes codes = fit.codes();
    List<LinearSvm.Model> classifiers = fit.classifiers();

    Map<String, String> info = new LinkedHashMap<>();
    info.put("seed", Long.toString(seed));
    info.put("bits", Integer.toString(bits));
    info.put("neighbors", Integer.toString(settings.neighbors()));
    info.put("edge_weighting", settings.weighting().name().toLowerCase(Locale.ROOT));
    info.put("graph_edges", Integer.toString(s.entries() / 2));
    info.put("graph_components", Integer.toString(s.components()));
    info.put("isolated_documents", Integer.toString(s.isolatedCount()));
    double[] values = codes.eigenvalues();
    info.put(
        "eigenvalues",
        String.format(Locale.ROOT, "%.6f..%.6f", values[0], values[values.length - 1]));
    info.put("eigen_tolerance", Double.toString(settings.eigenTolerance()));
    info.put(
        "eigen_max_residual", String.format(Locale.ROOT, "%.3g", codes.eigenPairs().maxResidual()));
    info.put("eigen_products", Long.toString(codes.eigenPairs().products()));
    info.put("eigen_seconds", String.format(Locale.ROOT, "%.2f", fit.eigenSeconds()));
    info.put("svm_c", Double.toString(settings.svm().c()));
    info.put("svm_epsilon", Double.toString(settings.svm().epsilon()));
    info.put(
        "svm_max_epochs",
        Integer.toString(classifiers.stream().mapToInt(LinearSvm.Model::epochs).max().orElse(0)));
    info.put(
        "svm_unconverged_bits",
        Long.toString(classifiers.stream().filter(m -> m.converged() == false).count()));
    info.put(
        "svm_training_bit_accuracy",
        String.format(Locale.ROOT, "%.4f", trainingAccuracy(corpus.train(), codes, classifiers)));
    info.put("svm_seconds", String.format(Locale.ROOT, "%.2f", fit.svmSeconds()));
    return new HashModel(
        "sth",
        info,
        corpus.settings().analyzer(),
        corpus.vocabulary(),
        corpus.settings().weighting(),
        corpus.settings().normalize(),
        toLayer(classifiers, corpus.train().numColumns()),
        List.of(),
        new float[bits]);
  }

  /**
   * Both STH steps on explicit inputs: target codes from {@code graph}, then one classifier per bit
   * on the rows of {@code features}.
   *
   * @param features one row per training document (the hash function's input)
   * @param graph the undirected neighbour graph of the same documents ({@link
   *     Neighbors#symmetrized()})
   * @throws IllegalArgumentException if there is no document, the graph and features disagree in
   *     size, or {@code bits} exceeds the available eigenvectors
   */
  public static Fit fit(
      SparseMatrix features,
      Neighbors graph,
      int bits,
      long seed,
      SthSettings settings,
      int threads,
      ProgressReporter progress)
      throws IOException {
    requireDocuments(features.numRows(), bits);
    if (graph.size() != features.numRows()) {
      throw new IllegalArgumentException(
          "the graph has "
              + graph.size()
              + " documents but the features have "
              + features.numRows()
              + " rows");
    }
    NormalizedAdjacency s = NormalizedAdjacency.of(graph, settings.weighting());
    long start = System.nanoTime();
    SpectralCodes codes = SpectralCodes.compute(s, bits, settings.eigenTolerance(), seed, progress);
    double eigenSeconds = (System.nanoTime() - start) / 1e9;
    if (codes.documentsWithTarget().length == 0) {
      throw new IllegalArgumentException(
          "every training document is isolated in the graph; nothing to learn from");
    }
    start = System.nanoTime();
    List<LinearSvm.Model> classifiers =
        fitClassifiers(features, codes, settings.svm(), seed, threads, progress);
    double svmSeconds = (System.nanoTime() - start) / 1e9;
    return new Fit(s, codes, classifiers, eigenSeconds, svmSeconds);
  }

  private static void requireDocuments(int documents, int bits) {
    if (documents == 0) {
      throw new IllegalArgumentException(
          "there is no training document; STH needs some to learn from");
    }
    if (bits > documents - 1) {
      throw new IllegalArgumentException(
          bits
              + " bits need at least "
              + (bits + 1)
              + " training documents (one eigenvector per bit"
              + " besides the trivial one), but there are "
              + documents
              + "; use fewer bits or more documents");
    }
  }

  /**
   * Trains one {@link LinearSvm} per bit of {@code codes} on the rows of {@code x} that have a
   * target, bits in parallel; classifier {@code j} uses seed {@code seed + j}.
   */
  public static List<LinearSvm.Model> fitClassifiers(
      SparseMatrix x,
      SpectralCodes codes,
      SvmSettings svm,
      long seed,
      int threads,
      ProgressReporter progress)
      throws IOException {
    if (x.numRows() != codes.size()) {
      throw new IllegalArgumentException(
          "the matrix has "
              + x.numRows()
              + " rows but the codes cover "
              + codes.size()
              + " documents");
    }
    int[] rows = codes.documentsWithTarget();
    LinearSvm.Model[] models = new LinearSvm.Model[codes.bits()];
    try (ProgressReporter.Progress p = progress.start("STH classifiers", codes.bits(), "bits")) {
      Parallel.forEachChunk(
          codes.bits(),
          1,
          threads,
          p,
          (from, to) -> {
            for (int j = from; j < to; j++) {
              models[j] = LinearSvm.train(x, codes.column(j), rows, svm, seed + j);
            }
          });
    }
    return List.of(models);
  }

  /**
   * The classifiers as a model's input layer: {@code columns[t][j]} is classifier {@code j}'s
   * weight of term {@code t}.
   */
  public static SparseInputLayer toLayer(List<LinearSvm.Model> classifiers, int vocabularySize) {
    int bits = classifiers.size();
    float[][] columns = new float[vocabularySize][bits];
    float[] bias = new float[bits];
    for (int j = 0; j < bits; j++) {
      LinearSvm.Model m = classifiers.get(j);
      if (m.weights().length != vocabularySize) {
        throw new IllegalArgumentException(
            "classifier "
                + j
                + " has "
                + m.weights().length
                + " weights for a vocabulary of "
                + vocabularySize);
      }
      for (int t = 0; t < vocabularySize; t++) {
        columns[t][j] = (float) m.weights()[t];
      }
      bias[j] = (float) m.bias();
    }
    return new SparseInputLayer(columns, bias, Activation.IDENTITY);
  }

  /** Share of (document with target, bit) pairs that the classifiers predict right. */
  static double trainingAccuracy(
      SparseMatrix x, SpectralCodes codes, List<LinearSvm.Model> classifiers) {
    long right = 0;
    long total = 0;
    for (int i : codes.documentsWithTarget()) {
      for (int j = 0; j < classifiers.size(); j++) {
        boolean predicted = classifiers.get(j).decision(x, i) > 0;
        right += predicted == codes.bit(j, i) ? 1 : 0;
        total++;
      }
    }
    return total == 0 ? 0 : (double) right / total;
  }

  private static void requireBits(int bits) {
    BinaryCodeField.checkBits(bits); // the lengths an index holds
  }
}
