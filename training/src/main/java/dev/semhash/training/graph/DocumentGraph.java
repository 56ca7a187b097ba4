package dev.semhash.training.graph;

import dev.semhash.training.data.Edge;
import dev.semhash.training.neighbors.Neighbors;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An undirected, simple graph over the training documents of a corpus, by ordinal: no self-loop,
 * no pair twice. {@link #neighbors(int)} lists a node's adjacent nodes in a fixed order that
 * traversals follow: increasing ordinal for explicit links, best first for a k-NN graph.
 * Immutable.
 *
 * <pre class="prettyprint">
 * DocumentGraph g = DocumentGraph.fromEdges(corpus.trainIds(), corpus.edges().orElseThrow());
 * for (int j : g.neighbors(0)) { ... }
 * </pre>
 */
public final class DocumentGraph {
  private final int[][] adjacency;

  private DocumentGraph(int[][] adjacency) {
    this.adjacency = adjacency;
  }

  /**
   * The graph of explicit links among the given documents: a directed link {@code a -> b}
   * becomes the undirected pair (as the thesis does with citations, section 5.3.2). Links with an
   * endpoint outside {@code ids} (for instance a test document, whose links training must not
   * see) and self-links are left out.
   *
   * @param ids the dataset ids of the nodes, by ordinal
   */
  public static DocumentGraph fromEdges(List<String> ids, List<Edge> edges) {
    Map<String, Integer> ordinal = new HashMap<>(ids.size() * 2);
    for (int i = 0; i < ids.size(); i++) {
      if (ordinal.put(ids.get(i), i) != null) {
        throw new IllegalArgumentException("duplicate document id \"" + ids.get(i) + "\"");
      }
    }
    int n = ids.size();
    long[] pairs = new long[edges.size() * 2];
    int count = 0;
    for (Edge e : edges) {
      Integer a = ordinal.get(e.source());
      Integer b = ordinal.get(e.target());
      if (a == null || b == null || a.equals(b)) {
        continue;
      }
      pairs[count++] = ((long) a << 32) | b;
      pairs[count++] = ((long) b << 32) | a;
    }
    long[] sorted = Arrays.copyOf(pairs, count);
    Arrays.sort(sorted);
    int[] degree = new int[n];
    long previous = -1;
    for (long p : sorted) {
      if (p != previous) {
        degree[(int) (p >>> 32)]++;
      }
      previous = p;
    }
    int[][] adjacency = new int[n][];
    for (int i = 0; i < n; i++) {
      adjacency[i] = new int[degree[i]];
    }
    int[] fill = new int[n];
    previous = -1;
    for (long p : sorted) {
      if (p != previous) {
        int from = (int) (p >>> 32);
        adjacency[from][fill[from]++] = (int) p;
      }
      previous = p;
    }
    return new DocumentGraph(adjacency);
  }

  /**
   * The undirected graph of neighbour lists: {@code j} is adjacent to {@code i} if either lists
   * the other, in the symmetrized lists' best-first order.
   */
  public static DocumentGraph fromNeighbors(Neighbors neighbors) {
    Neighbors sym = neighbors.symmetrized();
    int[][] adjacency = new int[sym.size()][];
    for (int i = 0; i < adjacency.length; i++) {
      adjacency[i] = sym.of(i).clone();
    }
    return new DocumentGraph(adjacency);
  }

  /**
   * A graph given by its adjacency lists, kept in the given order.
   *
   * @throws IllegalArgumentException if a list holds an ordinal out of range, the node itself or
   *     an ordinal twice, or a pair is listed in one direction only
   */
  public static DocumentGraph of(int[][] adjacency) {
    int n = adjacency.length;
    for (int node = 0; node < n; node++) {
      final int i = node;
      int[] sorted = adjacency[i].clone();
      Arrays.sort(sorted);
      for (int p = 0; p < sorted.length; p++) {
        int j = sorted[p];
        if (j < 0 || j >= n || j == i || (p > 0 && sorted[p - 1] == j)) {
          throw new IllegalArgumentException(
              "node " + i + " has an invalid adjacency list " + Arrays.toString(adjacency[i])
                  + " (ordinals must be distinct, in [0, " + n + ") and not " + i + ")");
        }
        if (Arrays.stream(adjacency[j]).noneMatch(x -> x == i)) {
          throw new IllegalArgumentException(
              "node " + i + " lists " + j + " but " + j + " does not list " + i
                  + "; an undirected graph lists every pair both ways");
        }
      }
    }
    int[][] copy = new int[n][];
    for (int i = 0; i < n; i++) {
      copy[i] = adjacency[i].clone();
    }
    return new DocumentGraph(copy);
  }

  /**
   * The graph with the edges of both: each node's list is its list in {@code this}, then the
   * nodes of its list in {@code other} not already there.
   */
  public DocumentGraph union(DocumentGraph other) {
    if (other.size() != size()) {
      throw new IllegalArgumentException(
          "graphs of " + size() + " and " + other.size() + " nodes cannot be joined");
    }
    int[][] joined = new int[size()][];
    for (int i = 0; i < size(); i++) {
      java.util.LinkedHashSet<Integer> list = new java.util.LinkedHashSet<>();
      for (int j : adjacency[i]) {
        list.add(j);
      }
      for (int j : other.adjacency[i]) {
        list.add(j);
      }
      joined[i] = list.stream().mapToInt(Integer::intValue).toArray();
    }
    return new DocumentGraph(joined);
  }

  /** Number of nodes. */
  public int size() {
    return adjacency.length;
  }

  /** The nodes adjacent to {@code node}, in traversal order; shared, do not modify. */
  public int[] neighbors(int node) {
    return adjacency[node];
  }

  /** Number of undirected edges. */
  public long edgeCount() {
    return Arrays.stream(adjacency).mapToLong(a -> a.length).sum() / 2;
  }

  /** Number of nodes without any edge. */
  public int isolatedNodes() {
    return (int) Arrays.stream(adjacency).filter(a -> a.length == 0).count();
  }

  @Override
  public String toString() {
    return "DocumentGraph(" + size() + " nodes, " + edgeCount() + " edges, " + isolatedNodes()
        + " isolated)";
  }
}
