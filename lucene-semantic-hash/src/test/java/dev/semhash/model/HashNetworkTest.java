package dev.semhash.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.text.SparseVector;
import java.util.List;
import org.junit.jupiter.api.Test;

class HashNetworkTest {
  // two terms -> 4 hidden (identity) -> 8 outputs; the last layer sums its inputs 0..3 with weights 1, 2, 3, 4
  private static final SparseInputLayer INPUT = new SparseInputLayer(
      new float[][] {{1, 0, 2, 0}, {0, 1, 0, 3}}, new float[] {0, 0, 0, 0}, Activation.IDENTITY);
  private static final DenseLayer HIDDEN = new DenseLayer(
      new float[][] {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}, new float[4], Activation.IDENTITY);
  private static final DenseLayer LAST = new DenseLayer(rows(8, new float[] {1, 2, 3, 4}), new float[8], Activation.IDENTITY);

  private static float[][] rows(int n, float[] row) {
    float[][] w = new float[n][];
    for (int i = 0; i < n; i++) {
      w[i] = row.clone();
    }
    return w;
  }

  @Test
  void projectsByHand() {
    HashNetwork network = new HashNetwork(INPUT, List.of(HIDDEN, LAST), 0);
    assertEquals(8, network.outputs());
    // x = (1, 1): hidden (1, 1, 2, 3), output 1 + 2 + 6 + 12 = 21
    float[] values = network.project(new SparseVector(new int[] {0, 1}, new float[] {1, 1}));
    assertArrayEquals(new float[] {21, 21, 21, 21, 21, 21, 21, 21}, values);
  }

  @Test
  void poolsTheNeighboursPartByHand() {
    HashNetwork network = new HashNetwork(INPUT, List.of(HIDDEN, LAST), 2);
    SparseVector doc = new SparseVector(new int[] {0}, new float[] {1}); // hidden (1, 0, 2, 0)
    SparseVector a = new SparseVector(new int[] {1}, new float[] {2}); // hidden (0, 2, 0, 6)
    SparseVector b = new SparseVector(new int[] {0}, new float[] {4}); // hidden (4, 0, 8, 0)
    // own part (1, 0), neighbours' mean of the last two: (4, 3); 1 + 0 + 12 + 12 = 25
    assertEquals(25f, network.project(doc, List.of(a, b))[0]);
    // no neighbour: the document is its own, 1 + 0 + 6 + 0 = 7
    assertEquals(7f, network.project(doc, List.of())[0]);
    assertThrows(IllegalStateException.class, () -> network.project(doc));
    assertThrows(IllegalStateException.class, () -> new HashNetwork(INPUT, List.of(HIDDEN, LAST), 0).project(doc, List.of()));
  }

  @Test
  void refusesLayersThatDoNotChain() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new HashNetwork(INPUT, List.of(LAST, HIDDEN), 0));
    assertEquals("layer 2 takes 4 inputs but receives 8", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new HashNetwork(INPUT, List.of(HIDDEN, LAST), 4));
    assertThrows(IllegalArgumentException.class, () -> new HashNetwork(INPUT, List.of(HIDDEN, LAST), -1));
    assertThrows(IllegalArgumentException.class, () -> new HashNetwork(INPUT, List.of(), 1));
    assertThrows(IllegalArgumentException.class,
        () -> new HashNetwork(INPUT, List.of(HIDDEN, LAST), 0).hidden(new SparseVector(new int[] {2}, new float[] {1})));
  }
}
