package dev.semhash.training.hashing.sth;

import dev.semhash.training.neighbors.Neighbors;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Small undirected graphs with known spectra, as {@link Neighbors}. */
final class GraphFixtures {
  private GraphFixtures() {}

  /** An undirected graph of {@code n} nodes from weighted edges {@code {i, j}}, score 1 each. */
  static Neighbors graph(int n, int[][] edges) {
    List<TreeMap<Integer, Float>> adj = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      adj.add(new TreeMap<>());
    }
    for (int[] e : edges) {
      adj.get(e[0]).put(e[1], 1f);
      adj.get(e[1]).put(e[0], 1f);
    }
    int[][] ords = new int[n][];
    float[][] scores = new float[n][];
    for (int i = 0; i < n; i++) {
      ords[i] = adj.get(i).keySet().stream().mapToInt(Integer::intValue).toArray();
      scores[i] = new float[ords[i].length];
      java.util.Arrays.fill(scores[i], 1f);
    }
    return new Neighbors(ords, scores);
  }

  /** The cycle on nodes {@code offset .. offset + n - 1}, as edges. */
  static List<int[]> ringEdges(int offset, int n) {
    List<int[]> edges = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      edges.add(new int[] {offset + i, offset + (i + 1) % n});
    }
    return edges;
  }

  static Neighbors ring(int n) {
    return graph(n, ringEdges(0, n).toArray(int[][]::new));
  }

  /** The complete bipartite graph K(a, b): nodes 0..a-1 on one side, a..a+b-1 on the other. */
  static Neighbors completeBipartite(int a, int b) {
    List<int[]> edges = new ArrayList<>();
    for (int i = 0; i < a; i++) {
      for (int j = 0; j < b; j++) {
        edges.add(new int[] {i, a + j});
      }
    }
    return graph(a + b, edges.toArray(int[][]::new));
  }
}
