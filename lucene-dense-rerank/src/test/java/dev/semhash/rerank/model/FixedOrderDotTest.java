package dev.semhash.rerank.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class FixedOrderDotTest {
  @Test
  void handComputedValuesWithOffsetAndTail() {
    // 1·1 + 2·2 + 3·3 + 4·4 + 5·5 = 55: four partial sums and a tail of one
    assertEquals(55f, FixedOrderDot.dot(new float[] {1, 2, 3, 4, 5}, new float[] {1, 2, 3, 4, 5}), 0f);
    // row 1 of a 2 x 3 matrix [[1, 2, 3], [4, 5, 6]] times (1, 0, -1): 4 - 6
    assertEquals(-2f, FixedOrderDot.dot(new float[] {1, 2, 3, 4, 5, 6}, 3, new float[] {1, 0, -1}, 3), 0f);
    assertEquals(0f, FixedOrderDot.dot(new float[0], new float[0]), 0f);
    assertThrows(IllegalArgumentException.class, () -> FixedOrderDot.dot(new float[2], new float[3]));
  }

  /** Close to the exact dot product over random vectors, and the same bits on every call. */
  @Test
  void matchesADoublePrecisionSumAndRepeatsExactly() {
    Random random = new Random(5);
    for (int trial = 0; trial < 200; trial++) {
      int n = random.nextInt(1100);
      float[] a = new float[n];
      float[] b = new float[n];
      double exact = 0;
      double magnitude = 0;
      for (int i = 0; i < n; i++) {
        a[i] = (float) random.nextGaussian();
        b[i] = (float) random.nextGaussian();
        exact += (double) a[i] * b[i];
        magnitude += Math.abs((double) a[i] * b[i]);
      }
      float first = FixedOrderDot.dot(a, b);
      assertEquals(exact, first, 1e-5 * (1 + magnitude), "n = " + n);
      for (int repeat = 0; repeat < 3; repeat++) {
        assertEquals(Float.floatToIntBits(first), Float.floatToIntBits(FixedOrderDot.dot(a, b)));
      }
    }
  }
}
