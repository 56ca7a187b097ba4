package dev.semhash.training.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.data.Edge;
import dev.semhash.training.neighbors.Neighbors;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Building the undirected document graph. Runs in well under a second. */
class DocumentGraphTest {
  @Test
  void linksBecomeUndirectedPairsAmongTheGivenDocuments() {
    List<String> ids = List.of("a", "b", "c", "d");
    List<Edge> edges =
        List.of(
            new Edge("a", "c"),
            new Edge("c", "a"), // the same pair the other way
            new Edge("b", "b"), // self-citation
            new Edge("d", "a"),
            new Edge("a", "c"), // repeated
            new Edge("x", "a"), // x is not a training document
            new Edge("b", "y"));
    DocumentGraph g = DocumentGraph.fromEdges(ids, edges);
    assertArrayEquals(new int[] {2, 3}, g.neighbors(0));
    assertArrayEquals(new int[] {}, g.neighbors(1));
    assertArrayEquals(new int[] {0}, g.neighbors(2));
    assertArrayEquals(new int[] {0}, g.neighbors(3));
    assertEquals(2, g.edgeCount());
    assertEquals(1, g.isolatedNodes());
  }

  @Test
  void neighbourListsAreSymmetrizedBestFirst() {
    Neighbors nn =
        new Neighbors(
            new int[][] {{1}, {2, 0}, {1}},
            new float[][] {{0.5f}, {0.9f, 0.5f}, {0.9f}});
    DocumentGraph g = DocumentGraph.fromNeighbors(nn);
    assertArrayEquals(new int[] {1}, g.neighbors(0));
    assertArrayEquals(new int[] {2, 0}, g.neighbors(1));
    assertArrayEquals(new int[] {1}, g.neighbors(2));
    assertEquals(2, g.edgeCount());
  }

  @Test
  void adjacencyListedOneWayOnlyIsRejected() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DocumentGraph.of(new int[][] {{1}, {}}));
    assertTrue(e.getMessage().contains("both ways"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> DocumentGraph.of(new int[][] {{0}}));
    assertThrows(IllegalArgumentException.class, () -> DocumentGraph.of(new int[][] {{2}, {}}));
  }

  @Test
  void duplicateIdsAreRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DocumentGraph.fromEdges(List.of("a", "a"), List.of()));
    assertTrue(e.getMessage().contains("duplicate document id \"a\""), e.getMessage());
  }
}
