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
  void sizeMustBePositive() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new NeighborhoodSampler(GraphFixtures.small(), Traversal.DFS, 0));
  }
}
