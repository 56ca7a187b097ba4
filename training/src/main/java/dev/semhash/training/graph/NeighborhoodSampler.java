package dev.semhash.training.graph;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws the neighbourhood of every node of a {@link DocumentGraph} as a bag of node ids: row
 * {@code i} of {@link #sample(SplittableRandom)} holds a 1 in the column of each node of {@code
 * i}'s neighbourhood, the targets of node2hash's neighbour decoder (thesis eq. 5.3-5.4). An
 * isolated node has an empty row. Node {@code i}'s draw uses the {@code i}-th split of the given
 * random source, so a sample depends on the seed alone.
 *
 * <pre class="prettyprint">
 * NeighborhoodSampler sampler = new NeighborhoodSampler(graph, Traversal.RANDOM_WALK, 20);
 * SparseMatrix targets = sampler.sample(new SplittableRandom(42));
 * </pre>
 */
public final class NeighborhoodSampler {
  private final DocumentGraph graph;
  private final Traversal traversal;
  private final int size;
  private final boolean includeStart;

  /**
   * @param size the most nodes in a neighbourhood, at least 1
   */
  public NeighborhoodSampler(DocumentGraph graph, Traversal traversal, int size) {
    this(graph, traversal, size, false);
  }

  /**
   * @param size the most nodes in a neighbourhood besides the start, at least 1
   * @param includeStart whether a node is a member of its own neighbourhood, as in the thesis
   *     authors' released node2hash code (its traversal's visited set keeps the start node)
   */
  public NeighborhoodSampler(DocumentGraph graph, Traversal traversal, int size, boolean includeStart) {
    this.includeStart = includeStart;
    if (size < 1) {
      throw new IllegalArgumentException("neighbourhood size must be at least 1, got " + size);
    }
    this.graph = graph;
    this.traversal = traversal;
    this.size = size;
  }

  public DocumentGraph graph() {
    return graph;
  }

  public Traversal traversal() {
    return traversal;
  }

  public int size() {
    return size;
  }

  /** Every node's neighbourhood, one row per node, {@link DocumentGraph#size()} columns. */
  public SparseMatrix sample(SplittableRandom random) {
    SparseMatrix.Builder b = new SparseMatrix.Builder(graph.size());
    for (int i = 0; i < graph.size(); i++) {
      int[] nodes = traversal.neighborhood(graph, i, size, random.split());
      if (includeStart) {
        nodes = Arrays.copyOf(nodes, nodes.length + 1);
        nodes[nodes.length - 1] = i;
      }
      Arrays.sort(nodes);
      float[] ones = new float[nodes.length];
      Arrays.fill(ones, 1f);
      b.addRow(new SparseVector(nodes, ones));
    }
    return b.build();
  }

  /**
   * Every node's neighbourhood drawn {@code draws} times: row {@code i} holds, for each node
   * reached at least once, the share of the draws that reached it. Losses linear in the targets
   * (a softmax log-likelihood) then equal their mean over the draws.
   */
  public SparseMatrix shares(SplittableRandom random, int draws) {
    if (draws < 1) {
      throw new IllegalArgumentException("draws must be at least 1, got " + draws);
    }
    SparseMatrix.Builder b = new SparseMatrix.Builder(graph.size());
    int[] hits = new int[graph.size()];
    int[] touched = new int[graph.size()];
    for (int i = 0; i < graph.size(); i++) {
      SplittableRandom nodeRandom = random.split();
      int count = 0;
      if (includeStart) {
        hits[i] = draws;
        touched[count++] = i;
      }
      for (int d = 0; d < draws; d++) {
        for (int j : traversal.neighborhood(graph, i, size, nodeRandom.split())) {
          if (hits[j]++ == 0) {
            touched[count++] = j;
          }
        }
      }
      int[] nodes = Arrays.copyOf(touched, count);
      Arrays.sort(nodes);
      float[] values = new float[count];
      for (int p = 0; p < count; p++) {
        values[p] = (float) hits[nodes[p]] / draws;
        hits[nodes[p]] = 0;
      }
      b.addRow(new SparseVector(nodes, values));
    }
    return b.build();
  }
}
