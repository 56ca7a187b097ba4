package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The auxiliary decoder and the neighbour encoder of {@link VdshGraph}, on the hand-set network of
 * {@link VdshGraphTest} (hidden 2, latent 2, vocabulary 3): exact loss values and finite-difference
 * gradients. Runs in about 3 s.
 */
class AuxiliaryDecoderGraphTest {
  /** A decoder over 2 targets (a target space unrelated to the vocabulary's 3 words). */
  private static BagDecoder decoder(double weight) {
    SparseMatrix targets =
        SparseMatrix.ofRows(List.of(new SparseVector(new int[] {0, 1}, new float[] {1, 1})), 2);
    return new BagDecoder("nbr", targets, weight);
  }

  // As VdshGraphTest: s = (S1, S2) = (1 + √2/2, -√2) for pre1 = (1, -1), eps = (0.5, -1).
  private static VdshGraph tiny(boolean neighbours, double decoderWeight) {
    VdshGraph g =
        new VdshGraph(VdshVariant.VDSH, 2, 2, 3, 1, VdshGraph.LabelModel.SOFTMAX, 0.001, 1.0,
            List.of(decoder(decoderWeight)), neighbours, new SplittableRandom(1));
    VdshGraphTest.setHandWeights(g);
    g.set("B0", new float[] {1, 0, 0, 1});
    g.set("c0", new float[] {0, 0});
    if (neighbours) {
      g.set("W2nn", new float[] {1, 0, 0, 1});
      g.set("b2nn", new float[] {0, 0});
    }
    return g;
  }

  private static VdshGraph.Batch batch(float[] pre1, float[] pre1Nn) {
    return new VdshGraph.Batch(
        1, pre1, new float[] {1, 1}, new float[] {0.5f, -1}, null, new float[] {2, 0, 1}, null,
        new float[][] {{1, 1}}, pre1Nn == null ? 0 : 2, pre1Nn, pre1Nn == null ? null : new float[] {0.5f, 0.5f});
  }

  @Test
  void auxiliaryDecoderLossMatchesHandComputation() {
    // logits = c - s B = (-S1, -S2); both targets once: -[(-S1 - lse) + (-S2 - lse)] = S1 + S2 + 2 lse
    double s1 = VdshGraphTest.S1;
    double s2 = VdshGraphTest.S2;
    double lse = Math.log(Math.exp(-s1) + Math.exp(-s2));
    double auxiliary = s1 + s2 + 2 * lse;
    VdshGraph.Losses l = tiny(false, 0.5).evaluate(batch(new float[] {1, -1}, null), 1f);
    assertEquals(0.5 * auxiliary, l.auxiliary(), 1e-5);
    assertEquals(VdshGraphTest.RECONSTRUCTION, l.reconstruction(), 1e-4);
    assertEquals(VdshGraphTest.RECONSTRUCTION + VdshGraphTest.KL + 0.5 * auxiliary, l.perDocument(1, 1), 1e-4);
    // weight 0 removes the term
    assertEquals(0, tiny(false, 0).evaluate(batch(new float[] {1, -1}, null), 1f).auxiliary(), 0);
  }

  @Test
  void neighbourBranchAddsTheMeanOfTheNeighboursHiddenVectors() {
    VdshGraph g = tiny(true, 1);
    // neighbours' pre1 (2, -1) and (0, 4): hidden (2, 0) and (0, 4), mean (1, 2);
    // t2 = (1, 0.5) + (1, 2) = (2, 2.5), mu = (2, 5 - 1) = (2, 4), logvar = (ln 2, ln 2)
    float[] mu = g.mu(new float[] {1, -1}, 1, new float[] {2, -1, 0, 4}, 2, new float[] {0.5f, 0.5f});
    assertEquals(2f, mu[0], 1e-6);
    assertEquals(4f, mu[1], 1e-6);
    double ln2 = VdshGraphTest.LN_2;
    double kl = -0.5 * ((1 + ln2 - 4 - 2) + (1 + ln2 - 16 - 2));
    assertEquals(kl, g.evaluate(batch(new float[] {1, -1}, new float[] {2, -1, 0, 4}), 1f).kl(), 1e-5);
  }

  @Test
  void gradientsMatchFiniteDifferences() {
    float[] pre1 = {0.7f, 0.3f};
    float[] pre1Nn = {0.4f, 0.9f, 1.2f, 0.2f};
    float[] grad = new float[2];
    float[] gradNn = new float[4];
    tiny(true, 0.7).trainStep(batch(pre1.clone(), pre1Nn.clone()), 0.5f, grad, gradNn);
    VdshGraph reference = tiny(true, 0.7);
    double h = 1e-2;
    for (int i = 0; i < 2; i++) {
      float[] up = pre1.clone();
      float[] down = pre1.clone();
      up[i] += (float) h;
      down[i] -= (float) h;
      double lossUp = reference.evaluate(batch(up, pre1Nn.clone()), 0.5f).perDocument(0.5, 1);
      double lossDown = reference.evaluate(batch(down, pre1Nn.clone()), 0.5f).perDocument(0.5, 1);
      assertEquals((lossUp - lossDown) / (2 * h), grad[i], 2e-3, "d loss / d pre1[" + i + "]");
    }
    for (int i = 0; i < 4; i++) {
      float[] up = pre1Nn.clone();
      float[] down = pre1Nn.clone();
      up[i] += (float) h;
      down[i] -= (float) h;
      double lossUp = reference.evaluate(batch(pre1.clone(), up), 0.5f).perDocument(0.5, 1);
      double lossDown = reference.evaluate(batch(pre1.clone(), down), 0.5f).perDocument(0.5, 1);
      assertEquals((lossUp - lossDown) / (2 * h), gradNn[i], 2e-3, "d loss / d pre1nn[" + i + "]");
    }
  }

  @Test
  void badDecodersAndSpecs() {
    SparseMatrix m = SparseMatrix.ofRows(List.of(new SparseVector(new int[] {0}, new float[] {-1})), 2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new BagDecoder("x", m, 1));
    assertTrue(e.getMessage().contains("non-negative"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> decoder(Double.NaN));
    assertThrows(
        IllegalArgumentException.class, () -> new BagDecoder("bad name", m, 1));
    e = assertThrows(IllegalArgumentException.class,
        () -> VdshSpec.builder("x").decoder(decoder(1)).decoder(decoder(2)));
    assertTrue(e.getMessage().contains("two decoders"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> NeighbourEncoder.meanPooled(new int[][] {{1}, {}}));
    assertTrue(e.getMessage().contains("has no neighbour"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> NeighbourEncoder.meanPooled(new int[][] {{1}, {2}}));
    assertTrue(e.getMessage().contains("outside"), e.getMessage());
  }
}
