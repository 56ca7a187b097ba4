package dev.semhash.training.hashing.node2hash;

import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.graph.Traversal;
import dev.semhash.training.hashing.vdsh.DocumentWords;
import dev.semhash.training.hashing.vdsh.VdshSettings;

/**
 * Hyperparameters of {@link Node2hashTrainer}.
 *
 * <pre class="prettyprint">
 * Node2hashSettings s = Node2hashSettings.DEFAULT.withGraph(GraphSource.KNN).withTraversal(Traversal.BFS);
 * </pre>
 *
 * @param graph where the document graph comes from, or {@code null} for the dataset's links when
 *     it has any and the TF-IDF k-NN graph otherwise
 * @param knnNeighbors neighbours per document of the k-NN graph (thesis: 20)
 * @param traversal how a neighbourhood is drawn from the graph
 * @param neighborhoodSize the most nodes in one drawn neighbourhood, or {@code null} to decide by
 *     the graph (see {@link #neighborhoodSize(GraphSource)})
 * @param samples neighbourhoods drawn per document; the neighbour decoder's target for a node is
 *     the share of draws that reached it, which is the expected loss over draws (a stand-in for
 *     drawing a fresh neighbourhood every epoch)
 * @param neighborWeight weight of the neighbour log-likelihood next to the words' (thesis: 1)
 * @param includeSelf whether each document is a member of its own neighbourhood, so that the
 *     neighbour decoder also predicts the document's own id, as the thesis authors' released code
 *     does (its traversal keeps the start node), or {@code null} to decide by the graph (see
 *     {@link #includeSelf(GraphSource)})
 * @param documentWords what the word decoder reconstructs: each word of the document once, or by
 *     its count
 * @param vdsh the encoder, word decoder and training loop's settings
 */
public record Node2hashSettings(
    GraphSource graph,
    int knnNeighbors,
    Traversal traversal,
    Integer neighborhoodSize,
    int samples,
    double neighborWeight,
    Boolean includeSelf,
    DocumentWords documentWords,
    VdshSettings vdsh) {

  /**
   * Chosen on a validation split of CiteSeer's training documents ({@code
   * Node2hashValidationTuning}; 2,020 papers to train, 505 queries, 32 bits, VDSH 0.4470): the
   * first 5 documents of a breadth-first traversal of the citations (0.4511; 2: 0.4488, 10: 0.3959; a 20-node
   * random walk 0.3699, with weight 0.1 0.4499), 10 draws, neighbour weight 1 (3: 0.4432, 10:
   * 0.3685), and VDSH's settings with patience 10 instead of 4: the validation loss (KL weight 1)
   * rose for the first epochs while the KL term's weight was annealed, and with patience 4 some
   * runs stopped there and kept the first epoch's nearly untrained encoder (validation Prec@100
   * 0.18 at 8 bits for VDSH, 0.18 at 32 bits for node2hash with weight 10). Patience now counts
   * only once the KL weight is 1 and the criterion is the reconstruction loss ({@link
   * dev.semhash.training.hashing.vdsh.EarlyStopping}), which cured that for every method; the 10
   * stays, as it changes nothing on the corpora here (none completes the annealing in 30 epochs).
   *
   * <p>At 8 and 16 bits these defaults already beat VDSH on the validation split, also when VDSH
   * gets the same patience of 10 (node2hash with weight 0, whose losses match VDSH's epoch for
   * epoch): 8 bits 0.4670 (weight 0.3: 0.4438; weight 0: 0.4367; VDSH with patience 4: 0.1746),
   * 16 bits 0.4023 (weight 0: 0.3810; VDSH with patience 4: 0.1873). (These figures predate the
   * unique-word default and the reconstruction criterion.)
   *
   * <p>The document as a member of its own neighbourhood ({@code --include-self}, as the authors'
   * code has it) depends on the graph ({@link #includeSelf(GraphSource)}).
   *
   * <p>The word decoder reconstructs each word once ({@code --document-words unique}, as the
   * authors' released code and NbrReg do). It wins on validation splits over counts (Prec@100 on
   * CiteSeer 0.4451 against 0.3982 at 16 bits and 0.5024 against 0.4670 at 32; on 20 Newsgroups'
   * k-NN graph 0.4294 against 0.4231 at 32, {@code ./semhash eval-hash --dataset DIR --method
   * node2hash --bits B --validation 0.2 --document-words unique|counts}). It became the default
   * with early stopping on the reconstruction loss ({@link
   * dev.semhash.training.hashing.vdsh.EarlyStopping}): with the full-weight ELBO as the criterion,
   * unique words made the held-out loss rise for longer during KL annealing, and CiteSeer's test
   * split at 64 bits kept epoch 10 of 20 (Prec@100 0.2987).
   */
  public static final Node2hashSettings DEFAULT =
      new Node2hashSettings(
          null, GraphSource.DEFAULT_K, Traversal.BFS, null, 10, 1.0, null, DocumentWords.UNIQUE,
          VdshSettings.DEFAULT.withPatience(10));

  public Node2hashSettings {
    if (knnNeighbors < 1 || (neighborhoodSize != null && neighborhoodSize < 1) || samples < 1) {
      throw new IllegalArgumentException(
          "k-NN neighbours, neighbourhood size and samples must be at least 1, got " + knnNeighbors
              + ", " + neighborhoodSize + ", " + samples);
    }
    if (!(neighborWeight >= 0) || Double.isInfinite(neighborWeight)) {
      throw new IllegalArgumentException(
          "neighbour weight must be a finite number >= 0, got " + neighborWeight);
    }
    if (traversal == null || vdsh == null || documentWords == null) {
      throw new IllegalArgumentException("traversal, document words and VDSH settings are required");
    }
  }

  public Node2hashSettings withGraph(GraphSource graph) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  public Node2hashSettings withKnnNeighbors(int knnNeighbors) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  public Node2hashSettings withTraversal(Traversal traversal) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  /**
   * The most nodes in one drawn neighbourhood on a graph from {@code source}: {@link
   * #neighborhoodSize()} when set, else {@value #KNN_NEIGHBORHOOD} on the TF-IDF k-NN graph and
   * {@value #LINKS_NEIGHBORHOOD} on links. Links were tuned on CiteSeer (see {@link #DEFAULT}).
   * On the k-NN graph, validation splits ({@code eval-hash --method node2hash --validation 0.2
   * --neighbourhood-size M}) prefer large breadth-first neighbourhoods, reaching past the second
   * hop, as the thesis found for 20 Newsgroups (section 5.4.4, "BFS performs exceptionally well on
   * 20Newsgroups", needing "more neighbor documents to be effective"). 20 Newsgroups Prec@100 at
   * 32 bits: 0.4941 with 10, 0.5036 with 50, 0.5227 with 100, 0.5307 with 200, 0.5331 with 400,
   * 0.5456 with 800 and 0.5381 with 1600 ({@code --seed 7}: 0.5177, 0.5229 and 0.5310 with 10, 100
   * and 200); at 16 bits 0.4173 with 10, 0.4310 with 100, 0.4525 with 400 and 0.4707 with 800.
   * Reuters prefers 400 by less: at 32 bits 0.6880 with 10, 0.6984 with 200, 0.7040 with 400 and
   * 0.6988 with 800; at 8 bits 0.5794 with 10, 0.5399 with 100, 0.5960 with 400 and 0.5894 with
   * 800. 800 gains more on 20 Newsgroups (+0.013 and +0.018) than it loses on Reuters (-0.005 and
   * -0.007). The epochs' CPU time does not grow with the size (about 10 s an epoch at 16 and 32
   * bits on 20 Newsgroups with 400 and with 800).
   */
  public int neighborhoodSize(GraphSource source) {
    if (neighborhoodSize != null) {
      return neighborhoodSize;
    }
    return source == GraphSource.KNN ? KNN_NEIGHBORHOOD : LINKS_NEIGHBORHOOD;
  }

  /** Neighbourhood size on the TF-IDF k-NN graph unless set ({@link #neighborhoodSize(GraphSource)}). */
  public static final int KNN_NEIGHBORHOOD = 800;

  /**
   * Neighbourhood size on links (and links plus k-NN) unless set. Checked again with the current
   * settings on CiteSeer's validation split at 32 bits (seed 42): breadth-first 5 0.5252, 20
   * 0.4940, 50 0.5087, 100 0.5069, 200 0.4748, so citations, about 1.6 per paper, keep small
   * neighbourhoods, unlike the dense k-NN graph.
   */
  public static final int LINKS_NEIGHBORHOOD = 5;

  public Node2hashSettings withNeighborhoodSize(Integer neighborhoodSize) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  public Node2hashSettings withSamples(int samples) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  public Node2hashSettings withNeighborWeight(double neighborWeight) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  /**
   * Whether each document is one of its own neighbours on a graph from {@code source}: {@link
   * #includeSelf()} when set, else only on the TF-IDF k-NN graph. Chosen on validation splits at 32
   * bits ({@code eval-hash --method node2hash --validation 0.2 [--include-self]}): on the k-NN
   * graph it helped on 20 Newsgroups (Prec@100 0.4875 against 0.4841; 0.4386 against 0.4231 with
   * the settings of 2026-11-25; with {@code --seed 7} a tie, 0.4854 against 0.4856) and Reuters
   * (0.6835 against 0.6812): small gains, never a clear loss, and the authors' code has it. On
   * CiteSeer's citations it lost at 32 bits (0.4577 against 0.4670) and helped at 16 (0.4054
   * against 0.3982).
   */
  public boolean includeSelf(GraphSource source) {
    return includeSelf != null ? includeSelf : source == GraphSource.KNN;
  }

  public Node2hashSettings withIncludeSelf(Boolean includeSelf) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  public Node2hashSettings withDocumentWords(DocumentWords documentWords) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }

  public Node2hashSettings withVdsh(VdshSettings vdsh) {
    return new Node2hashSettings(graph, knnNeighbors, traversal, neighborhoodSize, samples, neighborWeight, includeSelf, documentWords, vdsh);
  }
}
