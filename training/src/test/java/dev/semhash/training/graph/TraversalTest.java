package dev.semhash.training.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Exact traversal orders on a hand-drawn graph, and properties over random graphs. Runs in about
 * a second.
 */
class TraversalTest {
  @Test
  void breadthFirstOrderOnTheSmallGraph() {
    DocumentGraph g = GraphFixtures.small();
    assertArrayEquals(new int[] {1, 2, 3, 4, 5}, Traversal.BFS.neighborhood(g, 0, 10, null));
    assertArrayEquals(new int[] {1, 2, 3}, Traversal.BFS.neighborhood(g, 0, 3, null));
    assertArrayEquals(new int[] {2, 0, 3, 1, 5}, Traversal.BFS.neighborhood(g, 4, 10, null));
    assertArrayEquals(new int[] {}, Traversal.BFS.neighborhood(g, 6, 10, null));
  }

  @Test
  void depthFirstOrderOnTheSmallGraph() {
    DocumentGraph g = GraphFixtures.small();
    assertArrayEquals(new int[] {1, 3, 2, 4, 5}, Traversal.DFS.neighborhood(g, 0, 10, null));
    assertArrayEquals(new int[] {1, 3, 2}, Traversal.DFS.neighborhood(g, 0, 3, null));
    assertArrayEquals(new int[] {3, 1, 0, 2, 4}, Traversal.DFS.neighborhood(g, 5, 10, null));
    assertArrayEquals(new int[] {}, Traversal.DFS.neighborhood(g, 6, 10, null));
  }

  @Test
  void randomWalkOnAPathVisitsItsOnlyNeighbourFirst() {
    DocumentGraph g = GraphFixtures.small();
    // From 4 the only step is to 2; from 5 the only step is to 3.
    assertEquals(2, Traversal.RANDOM_WALK.neighborhood(g, 4, 1, new SplittableRandom(1))[0]);
    assertEquals(3, Traversal.RANDOM_WALK.neighborhood(g, 5, 1, new SplittableRandom(1))[0]);
    assertArrayEquals(new int[] {}, Traversal.RANDOM_WALK.neighborhood(g, 6, 5, new SplittableRandom(1)));
  }

  @Test
  void everyTraversalReachesDistinctConnectedNodesOverRandomGraphs() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 200; trial++) {
      DocumentGraph g = GraphFixtures.random(2 + random.nextInt(40), random.nextDouble() * 0.2, random);
      int start = random.nextInt(g.size());
      int m = 1 + random.nextInt(15);
      int[] dist = GraphFixtures.distances(g, start);
      int reachable = (int) java.util.Arrays.stream(dist).filter(d -> d > 0).count();
      for (Traversal t : Traversal.values()) {
        int[] nodes = t.neighborhood(g, start, m, random.split());
        Set<Integer> seen = new HashSet<>();
        seen.add(start);
        for (int v : nodes) {
          assertTrue(dist[v] > 0, t + " reached " + v + ", not connected to " + start);
          // each node joins the visited set through an edge to a node already in it
          assertTrue(java.util.Arrays.stream(g.neighbors(v)).anyMatch(seen::contains), t + ": " + v);
          assertTrue(seen.add(v), t + " reached " + v + " twice");
        }
        if (t != Traversal.RANDOM_WALK) {
          assertEquals(Math.min(m, reachable), nodes.length, t.toString());
        } else {
          assertTrue(nodes.length <= Math.min(m, reachable));
        }
        if (t == Traversal.BFS) {
          for (int p = 1; p < nodes.length; p++) {
            assertTrue(dist[nodes[p - 1]] <= dist[nodes[p]], "BFS order by distance");
          }
          int last = nodes.length == 0 ? 0 : dist[nodes[nodes.length - 1]];
          for (int v = 0; v < g.size(); v++) {
            if (dist[v] > 0 && dist[v] < last) {
              assertTrue(seen.contains(v), "BFS skipped " + v + " at distance " + dist[v]);
            }
          }
        }
      }
    }
  }

  @Test
  void aRandomWalkOnACompleteGraphGathersTheWholeNeighbourhood() {
    int n = 12;
    int[][] adjacency = new int[n][];
    for (int i = 0; i < n; i++) {
      final int self = i;
      adjacency[i] = java.util.stream.IntStream.range(0, n).filter(j -> j != self).toArray();
    }
    DocumentGraph g = DocumentGraph.of(adjacency);
    // 110 steps over 11 choices miss a given node with probability (10/11)^110 < 3e-5 per node
    int[] nodes = Traversal.RANDOM_WALK.neighborhood(g, 0, n - 1, new SplittableRandom(3));
    assertEquals(n - 1, nodes.length);
  }

  @Test
  void sameSeedSameNeighbourhood() {
    DocumentGraph g = GraphFixtures.random(60, 0.1, new SplittableRandom(5));
    for (Traversal t : Traversal.values()) {
      int[] a = t.neighborhood(g, 3, 10, new SplittableRandom(11));
      int[] b = t.neighborhood(g, 3, 10, new SplittableRandom(11));
      assertArrayEquals(a, b, t.toString());
    }
  }

  @Test
  void badArgumentsAreRejected() {
    DocumentGraph g = GraphFixtures.small();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Traversal.BFS.neighborhood(g, 0, 0, null));
    assertTrue(e.getMessage().contains("at least 1"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Traversal.RANDOM_WALK.neighborhood(g, 0, 2, null));
    e = assertThrows(IllegalArgumentException.class, () -> Traversal.parse("zigzag"));
    assertTrue(e.getMessage().contains("bfs, dfs, walk"), e.getMessage());
    assertEquals(Traversal.RANDOM_WALK, Traversal.parse("WALK"));
  }
}
