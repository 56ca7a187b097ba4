package dev.semhash.training.neighbors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.junit.jupiter.api.Test;

class NeighborsTest {
  static final Neighbors SMALL =
      new Neighbors(
          new int[][] {{1, 2}, {0}, {}},
          new float[][] {{0.9f, 0.5f}, {0.7f}, {}});

  @Test
  void accessors() {
    assertEquals(3, SMALL.size());
    assertArrayEquals(new int[] {1, 2}, SMALL.of(0));
    assertEquals(0, SMALL.minCount());
    assertEquals(2, SMALL.maxCount());
    assertEquals(3, SMALL.pairs());
  }

  @Test
  void symmetrizedByHand() {
    Neighbors sym = SMALL.symmetrized();
    assertArrayEquals(new int[] {1, 2}, sym.of(0));
    assertArrayEquals(new float[] {0.9f, 0.5f}, sym.scoresOf(0));
    assertArrayEquals(new int[] {0}, sym.of(1)); // 0->1 (0.9) and 1->0 (0.7): the larger
    assertArrayEquals(new float[] {0.9f}, sym.scoresOf(1));
    assertArrayEquals(new int[] {0}, sym.of(2));
    assertArrayEquals(new float[] {0.5f}, sym.scoresOf(2));
  }

  @Test
  void sharedLabelRateByHand() {
    int[][] labels = {{0}, {0, 1}, {1}};
    // pairs: 0-1 shares 0, 0-2 shares none, 1-0 shares 0: 2 of 3
    assertEquals(2.0 / 3, SMALL.sharedLabelRate(labels), 1e-12);
    assertThrows(IllegalArgumentException.class, () -> SMALL.sharedLabelRate(new int[2][]));
  }

  @Test
  void invalidListsAreRejected() {
    IllegalArgumentException self =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Neighbors(new int[][] {{0}, {}}, new float[][] {{1}, {}}));
    assertTrue(self.getMessage().contains("not 0"), self.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> new Neighbors(new int[][] {{2}, {}}, new float[][] {{1}, {}}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Neighbors(new int[][] {{1, 1}, {}}, new float[][] {{1, 1}, {}}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Neighbors(new int[][] {{1}, {}}, new float[][] {{Float.NaN}, {}}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Neighbors(new int[][] {{1}, {}}, new float[][] {{1, 2}, {}}));
  }

  @Test
  void writeReadRoundTrip() throws IOException {
    ByteBuffersDataOutput out = new ByteBuffersDataOutput();
    SMALL.write(out);
    assertEquals(SMALL, Neighbors.read(new ByteArrayDataInput(out.toArrayCopy())));
  }
}
