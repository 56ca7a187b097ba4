package dev.semhash.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SparseVectorTest {
  @Test
  void dotProductsByHand() {
    SparseVector a = new SparseVector(new int[] {0, 3, 7}, new float[] {1, 2, 3});
    SparseVector b = new SparseVector(new int[] {3, 5, 7}, new float[] {4, 5, 6});
    assertEquals(2 * 4 + 3 * 6, a.dot(b), 0);
    assertEquals(a.dot(b), b.dot(a), 0);
    assertEquals(1 * 1 + 2 * 0.5 + 3 * 2, a.dot(new float[] {1, 0, 0, 0.5f, 0, 0, 0, 2}), 0);
    assertEquals(Math.sqrt(14), a.norm(), 1e-12);
  }

  @Test
  void rejectsBadVectorsWithAReason() {
    IllegalArgumentException order =
        assertThrows(
            IllegalArgumentException.class,
            () -> new SparseVector(new int[] {2, 1}, new float[] {1, 1}));
    assertTrue(order.getMessage().contains("strictly increasing"), order.getMessage());
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> new SparseVector(new int[] {1}, new float[] {Float.NaN}));
    assertTrue(nan.getMessage().contains("NaN"), nan.getMessage());
  }
}
