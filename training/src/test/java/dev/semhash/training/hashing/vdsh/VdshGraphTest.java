package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.Function;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Loss terms and gradients of a tiny network whose every weight is set by hand. */
class VdshGraphTest {
  static final double LN_2 = Math.log(2);

  /** The log-variance head's bias whose sigmoid is ln 2. */
  static final float LOGIT_OF_LN_2 = (float) Math.log(LN_2 / (1 - LN_2));

  // hidden 2, latent 2, vocabulary 3, labels 2. For the input row pre1 = (1, -1):
  //   t1 = relu(pre1) = (1, 0);  t2 = relu(t1 I + (0, 0.5)) = (1, 0.5)
  //   mu = t2 diag(1, 2) + (0, -1) = (1, 0);  logvar = sigmoid(0 t2 + b) = (ln 2, ln 2), so
  //   sigma = (√2, √2)
  //   eps = (0.5, -1):  s = mu + sigma * eps = (1 + √2/2, -√2) = (S1, S2)
  //   KL = -1/2 [(1 + ln 2 - 1 - 2) + (1 + ln 2 - 0 - 2)] = 3/2 - ln 2
  //   logits = bdec - s G with G = [[1,0,0],[0,0,1]], bdec = 0:  (-S1, 0, -S2)
  //   counts (2, 0, 1):  reconstruction = -[2 (-S1 - lse) + (-S2 - lse)] = 2 S1 + S2 + 3 lse,
  //     lse = ln(e^-S1 + 1 + e^-S2)
  //   labels: Wy = I, by = 0, logits = s = (S1, S2), label 0:  -(S1 - ln(e^S1 + e^S2))
  static final double S1 = 1 + Math.sqrt(2) / 2;
  static final double S2 = -Math.sqrt(2);
  static final double KL = 1.5 - LN_2;
  static final double RECONSTRUCTION = 2 * S1 + S2 + 3 * Math.log(Math.exp(-S1) + 1 + Math.exp(-S2));
  private static final double SOFTMAX_LABEL = -(S1 - Math.log(Math.exp(S1) + Math.exp(S2)));

  private static VdshGraph tiny(VdshVariant variant, VdshGraph.LabelModel labelModel) {
    VdshGraph g = new VdshGraph(variant, 2, 2, 3, 2, labelModel, 0.001, 1.0, new SplittableRandom(1));
    setHandWeights(g);
    if (variant.supervised()) {
      g.set("Wy", new float[] {1, 0, 0, 1});
      g.set("by", new float[] {0, 0});
    }
    return g;
  }

  /** The encoder and word decoder weights of the computation above. */
  static void setHandWeights(VdshGraph g) {
    g.set("W2", new float[] {1, 0, 0, 1});
    g.set("b2", new float[] {0, 0.5f});
    g.set("Wmu", new float[] {1, 0, 0, 2});
    g.set("bmu", new float[] {0, -1});
    g.set("Wlv", new float[] {0, 0, 0, 0});
    g.set("blv", new float[] {LOGIT_OF_LN_2, LOGIT_OF_LN_2});
    g.set("G", new float[] {1, 0, 0, 0, 0, 1});
    g.set("bdec", new float[] {0, 0, 0});
  }

  private static VdshGraph.Batch batch(float[] pre1) {
    return new VdshGraph.Batch(
        1, pre1, new float[] {1, 1}, new float[] {0.5f, -1}, null, new float[] {2, 0, 1}, new float[] {1, 0});
  }

  @Test
  void klAndReconstructionMatchHandComputation() {
    VdshGraph g = tiny(VdshVariant.VDSH, VdshGraph.LabelModel.SOFTMAX);
    VdshGraph.Losses l = g.evaluate(batch(new float[] {1, -1}), 0.25f);
    assertEquals(KL, l.kl(), 1e-5);
    assertEquals(RECONSTRUCTION, l.reconstruction(), 1e-4);
    assertEquals(0, l.label());
    assertEquals(RECONSTRUCTION + 0.25 * KL, l.perDocument(0.25, 1), 1e-4);
  }

  @Test
  void wordsFarBelowTheBestStayFiniteWhenTheirCountIsZero() {
    // Word 1 (count 0) gets a logit 402 below the largest: its float probability is 0 and its
    // log-probability minus infinity, which must not turn 0 * log p into NaN.
    VdshGraph g = tiny(VdshVariant.VDSH, VdshGraph.LabelModel.SOFTMAX);
    g.set("bdec", new float[] {0, -400, 0});
    VdshGraph.Losses l = g.evaluate(batch(new float[] {1, -1}), 1f);
    double lse = Math.log(Math.exp(-S1) + Math.exp(-S2));
    assertEquals(2 * S1 + S2 + 3 * lse, l.reconstruction(), 1e-4);
    float[] gradPre1 = new float[2];
    VdshGraph.Losses trained = g.trainStep(batch(new float[] {1, -1}), 1f, gradPre1);
    assertTrue(trained.finite(), "loss " + trained);
    assertTrue(Float.isFinite(gradPre1[0]) && Float.isFinite(gradPre1[1]), Arrays.toString(gradPre1));
  }

  @Test
  void twoDocumentsSumTheirTerms() {
    VdshGraph g = tiny(VdshVariant.VDSH, VdshGraph.LabelModel.SOFTMAX);
    // The second document is the first one again: every term doubles.
    VdshGraph.Batch b =
        new VdshGraph.Batch(2, new float[] {1, -1, 1, -1}, new float[] {1, 1, 1, 1},
            new float[] {0.5f, -1, 0.5f, -1}, null, new float[] {2, 0, 1, 2, 0, 1}, null);
    VdshGraph.Losses l = g.evaluate(b, 1f);
    assertEquals(2 * KL, l.kl(), 1e-5);
    assertEquals(2 * RECONSTRUCTION, l.reconstruction(), 1e-4);
  }

  @Test
  void softmaxLabelLoss() {
    VdshGraph g = tiny(VdshVariant.VDSH_S, VdshGraph.LabelModel.SOFTMAX);
    VdshGraph.Losses l = g.evaluate(batch(new float[] {1, -1}), 1f);
    assertEquals(SOFTMAX_LABEL, l.label(), 1e-5);
    assertEquals(RECONSTRUCTION, l.reconstruction(), 1e-4);
  }

  @Test
  void sigmoidLabelLoss() {
    VdshGraph g = tiny(VdshVariant.VDSH_S, VdshGraph.LabelModel.SIGMOID);
    VdshGraph.Losses l = g.evaluate(batch(new float[] {1, -1}), 1f);
    // label 0 present with logit S1, label 1 absent with logit S2
    double expected = Math.log(1 + Math.exp(-S1)) + Math.log(1 + Math.exp(S2));
    assertEquals(expected, l.label(), 1e-5);
  }

  @Test
  void privateVariableAddsToTheDecoderInputAndTheKl() {
    VdshGraph g = tiny(VdshVariant.VDSH_SP, VdshGraph.LabelModel.SOFTMAX);
    // v's heads: mu_v = t2 * 0 + (1, 1) = (1, 1), logvar_v = (ln 2, ln 2), eps_v = (0, 0), so v = (1, 1)
    g.set("WmuV", new float[] {0, 0, 0, 0});
    g.set("bmuV", new float[] {1, 1});
    g.set("WlvV", new float[] {0, 0, 0, 0});
    g.set("blvV", new float[] {LOGIT_OF_LN_2, LOGIT_OF_LN_2});
    VdshGraph.Batch b =
        new VdshGraph.Batch(1, new float[] {1, -1}, new float[] {1, 1}, new float[] {0.5f, -1},
            new float[] {0, 0}, new float[] {2, 0, 1}, new float[] {1, 0});
    VdshGraph.Losses l = g.evaluate(b, 1f);
    // KL of v: -1/2 * 2 * (1 + ln 2 - 1 - 2) = 2 - ln 2
    assertEquals(KL + 2 - LN_2, l.kl(), 1e-5);
    // s + v = (S1 + 1, S2 + 1): logits (-S1 - 1, 0, -S2 - 1)
    double lse = Math.log(Math.exp(-S1 - 1) + 1 + Math.exp(-S2 - 1));
    assertEquals(2 * (S1 + 1) + (S2 + 1) + 3 * lse, l.reconstruction(), 1e-4);
    // labels still come from s alone
    assertEquals(SOFTMAX_LABEL, l.label(), 1e-5);
  }

  @Test
  void dropoutMaskScalesTheSecondLayer() {
    VdshGraph g = tiny(VdshVariant.VDSH, VdshGraph.LabelModel.SOFTMAX);
    // mask (2, 0): t2 = (2, 0), mu = (2, -1), logvar = (ln 2, ln 2)
    VdshGraph.Batch b =
        new VdshGraph.Batch(1, new float[] {1, -1}, new float[] {2, 0}, new float[] {0.5f, -1}, null,
            new float[] {2, 0, 1}, null);
    double kl = -0.5 * ((1 + LN_2 - 4 - 2) + (1 + LN_2 - 1 - 2));
    assertEquals(kl, g.evaluate(b, 1f).kl(), 1e-5);
  }

  @Test
  void meanIgnoresDropoutAndNoise() {
    VdshGraph g = tiny(VdshVariant.VDSH, VdshGraph.LabelModel.SOFTMAX);
    float[] mu = g.mu(new float[] {1, -1, 0, 2}, 2);
    // second row: t1 = (0, 2), t2 = (0, 2.5), mu = (0, 5) + (0, -1)
    assertEquals(4, mu.length);
    assertEquals(1f, mu[0], 1e-6);
    assertEquals(0f, mu[1], 1e-6);
    assertEquals(0f, mu[2], 1e-6);
    assertEquals(4f, mu[3], 1e-6);
  }

  @Test
  void gradientWithRespectToTheFirstLayerMatchesFiniteDifferences() {
    assertGradientMatchesFiniteDifferences(new float[] {0.7f, 0.3f}, VdshGraphTest::batch);
  }

  @Test
  void gradientOfABatchOfDifferentDocumentsMatchesFiniteDifferences() {
    // Two documents with different lengths and labels: the per-row normalisers must not mix.
    assertGradientMatchesFiniteDifferences(new float[] {0.7f, 0.3f, -0.2f, 1.1f}, VdshGraphTest::twoRows);
  }

  /**
   * trainStep's gradient with respect to the first layer's outputs against central differences of
   * the mean loss per document (KL weight 0.5) of an untouched copy of the network.
   */
  private static void assertGradientMatchesFiniteDifferences(float[] pre1, Function<float[], VdshGraph.Batch> batchOf) {
    VdshGraph g = tiny(VdshVariant.VDSH_S, VdshGraph.LabelModel.SOFTMAX);
    VdshGraph reference = tiny(VdshVariant.VDSH_S, VdshGraph.LabelModel.SOFTMAX);
    float[] grad = new float[pre1.length];
    g.trainStep(batchOf.apply(pre1.clone()), 0.5f, grad);
    double h = 1e-2;
    for (int i = 0; i < pre1.length; i++) {
      float[] up = pre1.clone();
      float[] down = pre1.clone();
      up[i] += (float) h;
      down[i] -= (float) h;
      double lossUp = reference.evaluate(batchOf.apply(up), 0.5f).perDocument(0.5, 1);
      double lossDown = reference.evaluate(batchOf.apply(down), 0.5f).perDocument(0.5, 1);
      assertEquals((lossUp - lossDown) / (2 * h), grad[i], 2e-3, "d loss / d pre1[" + i + "]");
    }
  }

  private static VdshGraph.Batch twoRows(float[] pre1) {
    return new VdshGraph.Batch(2, pre1, new float[] {1, 1, 1, 1}, new float[] {0.5f, -1, -0.3f, 0.8f}, null,
        new float[] {2, 0, 1, 0, 5, 1}, new float[] {1, 0, 0, 1});
  }
}
