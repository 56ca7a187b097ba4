package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.SparseVector;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link NeighbourEncoder#upgrade}: a model file of the time when NbrReg+Doc read each document as
 * its own neighbour becomes one that reads neighbourhoods, with the same network; and {@link
 * CodeEncoder#pool}'s rule for a document without neighbours.
 */
class NeighbourEncoderTest {
  private static final Vocabulary VOCABULARY =
      new Vocabulary(List.of("a", "b", "c", "d"), new long[] {1, 1, 1, 1}, 4, 2.0);

  /** A block-diagonal network of 2 x 4 hidden units and 8 bits, as NbrReg+Doc exported it. */
  private static HashModel selfNeighbourModel(Random random, String neighbourEncoder) {
    float[][] columns = new float[4][8];
    for (float[] c : columns) {
      for (int i = 0; i < 8; i++) {
        c[i] = (float) random.nextGaussian();
      }
    }
    float[][] block = new float[8][8];
    for (int o = 0; o < 8; o++) {
      for (int i = 0; i < 4; i++) {
        block[o][(o < 4 ? 0 : 4) + i] = (float) random.nextGaussian();
      }
    }
    float[][] mu = new float[8][8];
    for (int o = 0; o < 8; o++) {
      for (int i = 0; i < 4; i++) {
        mu[o][i] = mu[o][4 + i] = (float) random.nextGaussian(); // Wmu applied to both halves
      }
    }
    return new HashModel("nbrreg-doc", Map.of("neighbour_encoder", neighbourEncoder, "seed", "1"),
        AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.TF, false,
        new SparseInputLayer(columns, new float[8], Activation.RELU),
        List.of(new DenseLayer(block, new float[8], Activation.RELU), new DenseLayer(mu, new float[8], Activation.IDENTITY)),
        new float[8]);
  }

  @Test
  void upgradedModelReadsItselfAsTheOldOneDidOverRandomNetworks() {
    Random random = new Random(11);
    for (int trial = 0; trial < 30; trial++) {
      try (HashModel old = selfNeighbourModel(random, NeighbourEncoder.SELF_NEIGHBOUR);
          HashModel upgraded = NeighbourEncoder.upgrade(old)) {
        assertFalse(old.readsNeighbourhood());
        assertEquals(4, upgraded.neighbourWidth());
        assertEquals(NeighbourEncoder.ENCODING, upgraded.info().get("neighbour_encoder"));
        assertEquals(NeighbourEncoder.SELF_NEIGHBOUR, upgraded.info().get("neighbour_encoder_before"));
        SparseVector x = new SparseVector(new int[] {0, 3}, new float[] {random.nextFloat(), random.nextFloat()});
        SparseVector y = new SparseVector(new int[] {1, 2}, new float[] {random.nextFloat(), random.nextFloat()});
        assertArrayEquals(old.project(x), upgraded.project(x, List.of(x)));
        // with another neighbour, the document's own half is unchanged and the pooled half moves
        float[] own = upgraded.hidden(x);
        float[] pooled = upgraded.pool(own, List.of(upgraded.hidden(y)));
        assertArrayEquals(upgraded.project(x, List.of(y)), pooled);
      }
    }
  }

  @Test
  void onlySelfNeighbourModelsUpgrade() {
    try (HashModel other = selfNeighbourModel(new Random(1), "something else")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NeighbourEncoder.upgrade(other));
      assertTrue(e.getMessage().contains("only those can be upgraded"), e.getMessage());
    }
    try (HashModel old = selfNeighbourModel(new Random(1), NeighbourEncoder.SELF_NEIGHBOUR);
        HashModel upgraded = NeighbourEncoder.upgrade(old)) {
      assertThrows(IllegalArgumentException.class, () -> NeighbourEncoder.upgrade(upgraded));
    }
  }

  @Test
  void aDocumentWithoutNeighboursIsItsOwnNeighbour() throws IOException {
    try (HashModel old = selfNeighbourModel(new Random(5), NeighbourEncoder.SELF_NEIGHBOUR);
        HashModel model = NeighbourEncoder.upgrade(old)) {
      SparseVector x = new SparseVector(new int[] {1}, new float[] {2f});
      SparseVector y = new SparseVector(new int[] {2, 3}, new float[] {1f, 0.5f});
      float[][] hidden = {model.hidden(x), model.hidden(y)};
      float[][] out = CodeEncoder.pool(model, hidden, hidden, new int[][] {{}, {0}}, 1, ProgressReporter.NONE);
      assertArrayEquals(model.project(x, List.of(x)), out[0]);
      assertArrayEquals(model.project(y, List.of(x)), out[1]);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> CodeEncoder.pool(model, hidden, hidden, new int[][] {{}}, 1, ProgressReporter.NONE));
      assertTrue(e.getMessage().contains("2 documents but 1 neighbour lists"), e.getMessage());
    }
  }
}
