package dev.semhash.training.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Graphs for the graph package's tests. */
final class GraphFixtures {
  private GraphFixtures() {}

  /**
   * <pre>
   *   0 - 1        6 (isolated)
   *   |   |
   *   2 - 3 - 5
   *   |
   *   4
   * </pre>
   */
  static DocumentGraph small() {
    return DocumentGraph.of(
        new int[][] {{1, 2}, {0, 3}, {0, 3, 4}, {1, 2, 5}, {2}, {3}, {}});
  }

  /** A random undirected graph of {@code n} nodes, each pair joined with probability {@code p}. */
  static DocumentGraph random(int n, double p, SplittableRandom random) {
    List<List<Integer>> lists = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lists.add(new ArrayList<>());
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (random.nextDouble() < p) {
          lists.get(i).add(j);
          lists.get(j).add(i);
        }
      }
    }
    int[][] adjacency = new int[n][];
    for (int i = 0; i < n; i++) {
      adjacency[i] = lists.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
    return DocumentGraph.of(adjacency);
  }

  /** Hop distances from {@code start} (-1 when unreachable). */
  static int[] distances(DocumentGraph g, int start) {
    int[] d = new int[g.size()];
    java.util.Arrays.fill(d, -1);
    d[start] = 0;
    java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>(List.of(start));
    while (queue.isEmpty() == false) {
      int u = queue.poll();
      for (int v : g.neighbors(u)) {
        if (d[v] < 0) {
          d[v] = d[u] + 1;
          queue.add(v);
        }
      }
    }
    return d;
  }
}
