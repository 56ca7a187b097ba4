package dev.semhash.training.hashing.node2hash;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.graph.DocumentGraph;
import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.graph.NeighborhoodSampler;
import dev.semhash.training.hashing.vdsh.BagDecoder;
import dev.semhash.training.hashing.vdsh.DocumentWords;
import dev.semhash.training.hashing.vdsh.VdshSpec;
import dev.semhash.training.hashing.vdsh.VdshTrainer;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Trains node2hash (thesis chapter 5): VDSH's encoder from a document's TF-IDF vector to the
 * Gaussian code {@code s}, its softmax decoder of the document's words, and a second softmax
 * decoder over the training documents' ids that generates the document's neighbourhood (eq.
 * 5.3-5.8): loss = words + {@code neighborWeight} · neighbours + KL. The neighbourhood of each
 * training document is drawn from the {@link DocumentGraph} (explicit links made undirected, or
 * the TF-IDF cosine k-NN graph) by a {@link dev.semhash.training.graph.Traversal}; test and
 * unseen documents are encoded from their text alone, so the exported model is a plain VDSH
 * encoder with median thresholds.
 *
 * <p>Measured on CiteSeer's test split ({@code ./semhash reproduce --datasets citeseer --methods
 * lsh,vdsh,node2hash}, seed 42, Prec@100 at 8/16/32/64/128 bits): node2hash
 * .4318/.4616/.5166/.5573/.5624, VDSH .4209/.4508/.5111/.5272/.5370, LSH
 * .1939/.2020/.2035/.2230/.2467: node2hash is ahead of VDSH at every length, by most at 64 and
 * 128 bits (both anneal faster from 32 bits: {@link
 * dev.semhash.training.hashing.vdsh.VdshSettings#klAnnealStep(int)}). On 20
 * Newsgroups' TF-IDF 20-NN graph, each document one of its own neighbours:
 * .3330/.4402/.4879/.5367/.5571 against VDSH's .2915/.3572/.4428/.4910/.5338 (thesis node2hash
 * .3335/.4422/.4804/.4884/.5003), with breadth-first neighbourhoods of up to 800 documents ({@link
 * Node2hashSettings#neighborhoodSize(GraphSource)}; with 400, .3486/.4368/.4941/.5226/.5526; with
 * 10, .2938/.3767/.4663/.5132/.5353).
 *
 * <pre class="prettyprint">
 * try (HashModel model = Node2hashTrainer.train(corpus, 32, Node2hashSettings.DEFAULT, 42L, progress)) {
 *   long[] code = model.encode("Collaborative filtering for recommender systems");
 * }
 * </pre>
 */
public final class Node2hashTrainer {
  /** The method's name in model files and reports. */
  public static final String METHOD = "node2hash";

  private Node2hashTrainer() {}

  /**
   * Builds the graph, draws the neighbourhoods and trains.
   *
   * @throws IllegalArgumentException for {@link GraphSource#LINKS} on a corpus without links among
   *     its training documents, and for VDSH's bad inputs
   */
  public static HashModel train(
      Corpus corpus, int bits, Node2hashSettings settings, long seed, ProgressReporter progress)
      throws IOException {
    GraphSource source = source(corpus, settings);
    DocumentGraph graph =
        source.graph(corpus, settings.knnNeighbors(), settings.vdsh().threads(), progress);
    boolean includeSelf = settings.includeSelf(source);
    SparseMatrix targets = neighborhoods(graph, settings, settings.neighborhoodSize(source), includeSelf, seed);
    VdshSpec.Builder spec =
        VdshSpec.builder(METHOD)
            .decoder(new BagDecoder("neighbourhood", targets, settings.neighborWeight()))
            .info("graph", describe(source, graph, settings))
            .info("traversal", settings.traversal().cliName())
            .info("neighbourhood_size", Integer.toString(settings.neighborhoodSize(source)))
            .info("neighbourhood_includes_self", Boolean.toString(includeSelf))
            .info("neighbourhood_draws", Integer.toString(settings.samples()))
            .info("neighbour_weight", Double.toString(settings.neighborWeight()))
            .info("document_words", settings.documentWords().cliName());
    if (settings.documentWords() == DocumentWords.UNIQUE) {
      // with counts, VdshTrainer reads the raw counts itself
      spec.wordTargets(DocumentWords.UNIQUE.targets(VdshTrainer.rawCounts(corpus, settings.vdsh().threads(), progress)));
    }
    return VdshTrainer.train(corpus, spec.build(), bits, settings.vdsh(), seed, progress);
  }

  /** The graph source the settings name, or the corpus's links when it has any, else k-NN. */
  static GraphSource source(Corpus corpus, Node2hashSettings settings) {
    if (settings.graph() != null) {
      return settings.graph();
    }
    return corpus.edges().isPresent() ? GraphSource.LINKS : GraphSource.KNN;
  }

  /**
   * Each training document's neighbour-decoder targets: the share of {@code samples} drawn
   * neighbourhoods that reached each node. The draws use their own stream of the seed, so the
   * network's initialisation is the same as VDSH's for the same seed.
   */
  static SparseMatrix neighborhoods(
      DocumentGraph graph, Node2hashSettings settings, int size, boolean includeSelf, long seed) {
    NeighborhoodSampler sampler = new NeighborhoodSampler(graph, settings.traversal(), size, includeSelf);
    return sampler.shares(new SplittableRandom(seed ^ 0x6E6F64653268L), settings.samples());
  }

  private static String describe(GraphSource source, DocumentGraph graph, Node2hashSettings s) {
    String what = source == GraphSource.KNN ? "knn, k=" + s.knnNeighbors() : source.cliName();
    return String.format(
        Locale.ROOT, "%s (%d nodes, %d edges, %d isolated)", what, graph.size(), graph.edgeCount(),
        graph.isolatedNodes());
  }
}
