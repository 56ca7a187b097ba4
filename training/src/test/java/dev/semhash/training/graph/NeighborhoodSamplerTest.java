package dev.semhash.training.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.training.corpus.SparseMatrix;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Neighbourhoods as decoder targets. Runs in well under a second. */
class NeighborhoodSamplerTest {
  @Test
  void rowsHoldTheBreadthFirstNeighbourhoodAsOnes() {
    SparseMatrix m = new NeighborhoodSampler(GraphFixtures.small(), Traversal.BFS, 3).sample(new SplittableRandom(1));
    assertEquals(7, m.numRows());
    assertEquals(7, m.numColumns());
    // node 5: 3, then 3's neighbours 1 and 2 (shuffled order, but both are taken)
    assertArrayEquals(new int[] {1, 2, 3}, m.row(5).indices());
    assertArrayEquals(new float[] {1, 1, 1}, m.row(5).values());
    assertEquals(0, m.rowSize(6));
  }

  @Test
  void theSeedAloneDecidesTheSample() {
    DocumentGraph g = GraphFixtures.random(80, 0.08, new SplittableRandom(9));
    NeighborhoodSampler s = new NeighborhoodSampler(g, Traversal.RANDOM_WALK, 8);
    assertEquals(s.sample(new SplittableRandom(4)), s.sample(new SplittableRandom(4)));
    assertNotEquals(s.sample(new SplittableRandom(4)), s.sample(new SplittableRandom(5)));
  }

  @Test
  void sharesAreTheFractionOfDrawsReachingEachNode() {
    DocumentGraph g = GraphFixtures.small();
    // A one-node random walk from 0 goes to 1 or 2; over many draws about half each.
    SparseMatrix shares = new NeighborhoodSampler(g, Traversal.RANDOM_WALK, 1).shares(new SplittableRandom(3), 2000);
    assertArrayEquals(new int[] {1, 2}, shares.row(0).indices());
    assertEquals(1.0, shares.row(0).values()[0] + shares.row(0).values()[1], 1e-6);
    assertEquals(0.5, shares.row(0).values()[0], 0.05);
    // From 4 every draw reaches 2 first.
    assertArrayEquals(new int[] {2}, shares.row(4).indices());
    assertArrayEquals(new float[] {1f}, shares.row(4).values());
    // Breadth-first over the whole component reaches every node in every draw.
    SparseMatrix all = new NeighborhoodSampler(g, Traversal.BFS, 10).shares(new SplittableRandom(3), 5);
    assertArrayEquals(new float[] {1, 1, 1, 1, 1}, all.row(0).values());
    assertEquals(new NeighborhoodSampler(g, Traversal.BFS, 10).sample(new SplittableRandom(3)), all);
  }

  @Test
  void aNodeCanBeAMemberOfItsOwnNeighbourhood() {
    DocumentGraph g = GraphFixtures.small();
    // node 5's neighbourhood is {1, 2, 3}; with the start it is {1, 2, 3, 5}, in every draw
    SparseMatrix withStart = new NeighborhoodSampler(g, Traversal.BFS, 3, true).sample(new SplittableRandom(1));
    assertArrayEquals(new int[] {1, 2, 3, 5}, withStart.row(5).indices());
    // the isolated node 6 has itself alone
    assertArrayEquals(new int[] {6}, withStart.row(6).indices());
    SparseMatrix shares = new NeighborhoodSampler(g, Traversal.RANDOM_WALK, 1, true).shares(new SplittableRandom(3), 2000);
    assertArrayEquals(new int[] {0, 1, 2}, shares.row(0).indices());
    assertEquals(1f, shares.row(0).values()[0]);
    assertEquals(1.0, shares.row(0).values()[1] + shares.row(0).values()[2], 1e-6);
    assertArrayEquals(new float[] {1f}, shares.row(6).values());
  }

  @Test
  void sizeMustBePositive() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new NeighborhoodSampler(GraphFixtures.small(), Traversal.DFS, 0));
  }
}
