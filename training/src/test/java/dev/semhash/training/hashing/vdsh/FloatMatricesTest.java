package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** The bulk copy gives the arrays ND4J's element-wise {@code Nd4j.create} gives. */
class FloatMatricesTest {
  @Test
  void holdsTheValuesRowMajorByHand() {
    try (INDArray a = FloatMatrices.of(new float[] {1, 2, 3, 4, 5, 6}, 2, 3)) {
      assertArrayEquals(new long[] {2, 3}, a.shape());
      assertEquals(3f, a.getFloat(0, 2));
      assertEquals(4f, a.getFloat(1, 0));
      assertEquals(6f, a.getFloat(1, 2));
    }
  }

  @Test
  void equalsNd4jCreateOverRandomShapesAndValues() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 50; trial++) {
      int rows = 1 + random.nextInt(120);
      int cols = 1 + random.nextInt(300);
      float[] values = new float[rows * cols];
      for (int i = 0; i < values.length; i++) {
        // zeros, negatives, tiny and huge values, and the bit pattern of each kept
        values[i] = random.nextInt(4) == 0 ? 0f : (float) (random.nextGaussian() * Math.pow(10, random.nextInt(-30, 30)));
      }
      try (INDArray expected = Nd4j.create(values, new long[] {rows, cols}, 'c');
          INDArray actual = FloatMatrices.of(values, rows, cols)) {
        assertArrayEquals(expected.shape(), actual.shape());
        assertArrayEquals(expected.data().asFloat(), actual.data().asFloat(), 0f);
        assertEquals(expected, actual);
      }
    }
  }

  @Test
  void readsOnlyThePrefixItsShapeNeeds() {
    try (INDArray a = FloatMatrices.of(new float[] {1, 2, 3, 4, 99}, new long[] {2, 2})) {
      assertArrayEquals(new float[] {1, 2, 3, 4}, a.data().asFloat(), 0f);
    }
  }

  @Test
  void tooFewValuesFailWithTheShape() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FloatMatrices.of(new float[5], 2, 3));
    assertEquals("an array of shape [2, 3] needs 6 values, got 5", e.getMessage());
  }
}
