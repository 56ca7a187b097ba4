package dev.semhash.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.semhash.text.SparseVector;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SparseInputLayerTest {

  @Test
  void computesByHand() {
    SparseInputLayer layer =
        new SparseInputLayer(
            new float[][] {{1, 0}, {0, 1}, {2, 2}, {-1, 3}, {1, 1}, {0, -2}}, new float[] {0.5f, -20}, Activation.RELU);
    // terms 0..5 with weights 1..6: (0.5 + 1 + 6 - 4 + 5, -20 + 2 + 6 + 12 + 5 - 12) -> relu (8.5, 0)
    SparseVector all = new SparseVector(new int[] {0, 1, 2, 3, 4, 5}, new float[] {1, 2, 3, 4, 5, 6});
    assertArrayEquals(new float[] {8.5f, 0}, layer.apply(all));
    assertArrayEquals(new float[] {0.5f, 0}, layer.apply(SparseVector.EMPTY));
  }

  /**
   * Every output equals the bias plus the plain float sum over the document's terms in index
   * order, bit for bit, for documents of every length up to 13 terms (every remainder after the
   * four-column passes) and with zero weights.
   */
  @Test
  void sumsEachOutputInTermOrderOverRandomLayers() {
    Random random = new Random(5);
    for (int trial = 0; trial < 300; trial++) {
      int vocabulary = 1 + random.nextInt(40);
      int outputs = 1 + random.nextInt(70);
      float[][] columns = new float[vocabulary][outputs];
      for (float[] column : columns) {
        for (int o = 0; o < outputs; o++) {
          column[o] = random.nextInt(6) == 0 ? 0f : (float) random.nextGaussian();
        }
      }
      float[] bias = new float[outputs];
      for (int o = 0; o < outputs; o++) {
        bias[o] = (float) random.nextGaussian();
      }
      SparseInputLayer layer = new SparseInputLayer(columns, bias, Activation.IDENTITY);
      int terms = random.nextInt(Math.min(vocabulary, 13) + 1);
      int[] indices = random.ints(0, vocabulary).distinct().limit(terms).sorted().toArray();
      float[] values = new float[indices.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextInt(8) == 0 ? 0f : (float) random.nextGaussian() * 10;
      }
      float[] expected = bias.clone();
      for (int o = 0; o < outputs; o++) {
        for (int i = 0; i < indices.length; i++) {
          expected[o] += values[i] * columns[indices[i]][o];
        }
      }
      assertArrayEquals(expected, layer.apply(new SparseVector(indices, values)), 0f, "trial " + trial);
    }
  }
}
