package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.rerank.model.Activation;
import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import dev.semhash.rerank.text.TermVector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The trainable network: backpropagation of DSE's margin loss and DSSM's softmax loss against
 * finite differences, and the exported runtime model encoding bit for bit as the trainer's forward
 * pass. Under a second.
 */
class SparseInputNetworkTest {
  private static SparseInputNetwork random(int terms, int[] widths, Activation[] acts, long seed) {
    SparseInputNetwork net = new SparseInputNetwork(terms, widths, acts);
    Random r = new Random(seed);
    for (int l = 0; l < net.layers(); l++) {
      for (int i = 0; i < net.weights[l].length; i++) {
        net.weights[l][i] = (float) (r.nextGaussian() * 0.8);
      }
      for (int j = 0; j < net.biases[l].length; j++) {
        net.biases[l][j] = (float) (r.nextGaussian() * 0.3);
      }
    }
    return net;
  }

  private static TermVector vec(int[] ids, float[] w) {
    return new TermVector(ids, w);
  }

  private static final TermVector Q = vec(new int[] {0, 3}, new float[] {0.6f, 0.8f});
  private static final TermVector DP = vec(new int[] {1, 3, 4}, new float[] {0.5f, 0.5f, 0.7071f});
  private static final TermVector DN = vec(new int[] {0, 2}, new float[] {0.8f, 0.6f});

  private static float dot(float[] a, float[] b) {
    float s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static float[] out(SparseInputNetwork net, TermVector x) {
    float[][] f = net.forward(x);
    return f[f.length - 1];
  }

  /** Compares every analytic derivative with a central difference of {@code loss}. */
  private static void checkGradient(SparseInputNetwork net, SparseInputNetwork.Gradient g, DoubleSupplier loss) {
    int checked = 0;
    for (int l = 0; l < net.layers(); l++) {
      for (float[][] pair : List.of(new float[][] {net.weights[l], g.weights[l]}, new float[][] {net.biases[l], g.biases[l]})) {
        float[] p = pair[0];
        for (int i = 0; i < p.length; i++) {
          float saved = p[i];
          double h = 1e-2;
          p[i] = (float) (saved + h);
          double up = loss.getAsDouble();
          p[i] = (float) (saved - h);
          double down = loss.getAsDouble();
          p[i] = saved;
          double numeric = (up - down) / (2 * h);
          assertEquals(numeric, pair[1][i], 2e-3 + 2e-2 * Math.abs(numeric), "layer " + l + " parameter " + i);
          checked++;
        }
      }
    }
    assertEquals(true, checked > 30, checked + " parameters checked");
  }

  @Test
  void marginLossGradientMatchesFiniteDifferences() {
    // DSE's shape in miniature: 5 - 3 - 3 - 5 - 2, sigmoid × 3 then linear
    SparseInputNetwork net = random(5, new int[] {3, 3, 5, 2},
        new Activation[] {Activation.SIGMOID, Activation.SIGMOID, Activation.SIGMOID, Activation.LINEAR}, 11);
    DoubleSupplier loss = () -> 1 - dot(out(net, Q), out(net, DP)) + dot(out(net, Q), out(net, DN));
    assertEquals(true, loss.getAsDouble() > 0, "the tuple must violate the margin for the hinge to be differentiable");
    float[][] fq = net.forward(Q);
    float[][] fp = net.forward(DP);
    float[][] fn = net.forward(DN);
    float[] q = fq[3];
    float[] p = fp[3];
    float[] n = fn[3];
    float[] dq = new float[2];
    for (int j = 0; j < 2; j++) {
      dq[j] = n[j] - p[j];
    }
    float[] dp = {-q[0], -q[1]};
    SparseInputNetwork.Gradient g = new SparseInputNetwork.Gradient(net);
    net.backward(Q, fq, dq, g);
    net.backward(DP, fp, dp, g);
    net.backward(DN, fn, q.clone(), g);
    checkGradient(net, g, loss);
  }

  /** λ q·d of three documents: constants of the softmax that the gradient must see through. */
  private static final double[] OFFSETS = {0.3, -0.2, 0.7};

  @Test
  void softmaxLossGradientMatchesFiniteDifferences() {
    SparseInputNetwork net = random(5, new int[] {4, 3}, new Activation[] {Activation.TANH, Activation.TANH}, 12);
    TermVector[] docs = {DP, DN, vec(new int[] {2, 4}, new float[] {0.6f, 0.8f})};
    float gamma = 3f;
    DoubleSupplier loss = () -> {
      float[][] outs = new float[docs.length][];
      for (int k = 0; k < docs.length; k++) {
        outs[k] = out(net, docs[k]);
      }
      return DssmTrainer.softmaxLoss(out(net, Q), outs, OFFSETS, gamma, new float[3], new float[docs.length][3]);
    };
    float[][] fq = net.forward(Q);
    float[][][] fd = new float[docs.length][][];
    float[][] outs = new float[docs.length][];
    for (int k = 0; k < docs.length; k++) {
      fd[k] = net.forward(docs[k]);
      outs[k] = fd[k][1];
    }
    float[] dq = new float[3];
    float[][] dd = new float[docs.length][3];
    DssmTrainer.softmaxLoss(fq[1], outs, OFFSETS, gamma, dq, dd);
    SparseInputNetwork.Gradient g = new SparseInputNetwork.Gradient(net);
    net.backward(Q, fq, dq, g);
    for (int k = 0; k < docs.length; k++) {
      net.backward(docs[k], fd[k], dd[k], g);
    }
    checkGradient(net, g, loss);
  }

  @Test
  void softmaxLossByHand() {
    // query (1, 0); documents (1, 0) (cosine 1) and (0, 2) (cosine 0): loss = -log(e^γ / (e^γ + 1))
    float[] dq = new float[2];
    float[][] dd = new float[2][2];
    double loss = DssmTrainer.softmaxLoss(new float[] {1, 0}, new float[][] {{1, 0}, {0, 2}}, null, 2f, dq, dd);
    assertEquals(-Math.log(Math.exp(2) / (Math.exp(2) + 1)), loss, 1e-9);
    // offsets λ q·d of 0.25 and 1 added to the cosines: loss = -log(e^(2·1.25) / (e^(2·1.25) + e^(2·1)))
    double mixed = DssmTrainer.softmaxLoss(new float[] {1, 0}, new float[][] {{1, 0}, {0, 2}}, new double[] {0.25, 1}, 2f, dq, dd);
    assertEquals(-Math.log(Math.exp(2.5) / (Math.exp(2.5) + Math.exp(2))), mixed, 1e-9);
  }

  @Test
  void exportedModelEncodesBitForBitAsTheTrainer() {
    SparseInputNetwork net = random(5, new int[] {3, 3, 5, 2},
        new Activation[] {Activation.SIGMOID, Activation.SIGMOID, Activation.SIGMOID, Activation.LINEAR}, 13);
    List<String> terms = new ArrayList<>(List.of("a", "b", "c", "d", "e"));
    float[] idf = new float[5];
    Arrays.fill(idf, 1f);
    Projection first = net.projection();
    RerankModel m = new RerankModel("dse", Map.of(), new AnalysisSettings(true, false, 1, 255, false), new TermDictionary(terms, idf),
        first, first, RerankModel.Similarity.DOT, 0f, net.deepLayers());
    for (TermVector x : List.of(Q, DP, DN, TermVector.EMPTY)) {
      assertArrayEquals(out(net, x), m.encodeDocument(x).projected());
      assertArrayEquals(out(net, x), m.encodeQuery(x).projected());
    }
  }

  /** A 3 - 3 - 3 - 2 network reading dictionary terms 1, 3 and 4 of 5 (terms 0 and 2 ignored). */
  private static SparseInputNetwork readingSome(long seed) {
    SparseInputNetwork net = random(3, new int[] {3, 3, 2},
        new Activation[] {Activation.SIGMOID, Activation.SIGMOID, Activation.LINEAR}, seed);
    net.readOnly(new int[] {1, 3, 4}, 5);
    return net;
  }

  @Test
  void unreadTermsChangeNothingAndGetNoGradient() {
    SparseInputNetwork net = readingSome(14);
    // Q holds terms 0 and 3: only 3 is read, at input row 1
    TermVector onlyRead = vec(new int[] {3}, new float[] {0.8f});
    assertArrayEquals(out(net, onlyRead), out(net, Q));
    assertArrayEquals(out(net, vec(new int[0], new float[0])), out(net, DN), "DN holds unread terms only");
    // the margin loss's gradient through the mapped rows, against finite differences
    DoubleSupplier loss = () -> 1 - dot(out(net, Q), out(net, DP)) + dot(out(net, Q), out(net, DN)) + 2;
    float[][] fq = net.forward(Q);
    float[][] fp = net.forward(DP);
    float[][] fn = net.forward(DN);
    float[] q = fq[2];
    float[] dq = {fn[2][0] - fp[2][0], fn[2][1] - fp[2][1]};
    SparseInputNetwork.Gradient g = new SparseInputNetwork.Gradient(net);
    net.backward(Q, fq, dq, g);
    net.backward(DP, fp, new float[] {-q[0], -q[1]}, g);
    net.backward(DN, fn, q.clone(), g);
    checkGradient(net, g, loss);
  }

  @Test
  void exportWithUnreadTermsHasZeroRowsAndEncodesAsTheTrainer() {
    SparseInputNetwork net = readingSome(15);
    net.inputScale = 2f;
    Projection first = net.projection();
    assertEquals(5, first.terms());
    for (int j = 0; j < 3; j++) {
      assertEquals(0f, first.weight(0, j));
      assertEquals(0f, first.weight(2, j));
      assertEquals(2f * net.weights[0][0 * 3 + j], first.weight(1, j)); // term 1 is input row 0
      assertEquals(2f * net.weights[0][2 * 3 + j], first.weight(4, j)); // term 4 is input row 2
    }
    List<String> terms = List.of("a", "b", "c", "d", "e");
    float[] idf = new float[5];
    Arrays.fill(idf, 1f);
    RerankModel m = new RerankModel("dse", Map.of(), new AnalysisSettings(true, false, 1, 255, false), new TermDictionary(terms, idf),
        first, first, RerankModel.Similarity.DOT, 1f, net.deepLayers());
    for (TermVector x : List.of(Q, DP, DN)) {
      float[] expected = out(net, x);
      float[] actual = m.encodeDocument(x).projected();
      for (int j = 0; j < expected.length; j++) {
        // (s w) x against s (w x): equal within float rounding
        assertEquals(expected[j], actual[j], 1e-5f);
      }
    }
  }
}
