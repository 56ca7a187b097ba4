package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.nd4j.autodiff.samediff.SDVariable;
import org.nd4j.autodiff.samediff.SameDiff;
import org.nd4j.autodiff.samediff.api.OutAndGrad;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.AdamUpdater;
import org.nd4j.linalg.learning.config.Adam;

/**
 * The part of a VDSH network above the sparse first layer, as a SameDiff graph that gives the
 * per-batch loss terms and the gradient of every parameter and of the first layer's output.
 *
 * <p>With {@code pre1} the first layer's output before its ReLU, {@code mask} the (inverted)
 * dropout mask, {@code eps} standard normal noise, {@code n_w} the count of word {@code w} in the
 * document, and {@code y} its labels (thesis section 3.2):
 *
 * <pre>
 * t1 = relu(pre1)                 t2 = relu(t1 W2 + b2) * mask
 * mu = t2 Wmu + bmu               logvar = t2 Wlv + blv              s = mu + exp(logvar / 2) * eps
 * logits = bdec - s G             reconstruction = -sum_w n_w log softmax(logits)_w
 * kl = -1/2 sum_k (1 + logvar_k - mu_k^2 - exp(logvar_k))
 * VDSH-S:  label = -log softmax(s Wy + by)_y  (one label per document) or the sigmoid cross-entropy
 *          summed over labels (multi-label)
 * VDSH-SP: v from its own heads on t2 like s; words decode from s + v; kl adds v's term
 * loss = (reconstruction + klWeight kl + labelWeight label) / documents
 * </pre>
 *
 * Parameters other than the first layer's are updated here by ND4J's Adam.
 */
final class VdshGraph {
  static final String PRE1 = "pre1";
  static final String MASK = "mask";
  static final String EPS = "eps";
  static final String EPS_V = "epsV";
  static final String COUNTS = "counts";
  static final String LABELS = "labels";
  static final String KL_WEIGHT = "klWeight";
  static final String RECONSTRUCTION = "reconstruction";
  static final String KL = "kl";
  static final String LABEL = "label";
  static final String LOSS = "loss";
  static final String MU = "mu";

  /** How labels are predicted from the latent vector. */
  enum LabelModel {
    /** One label per document: softmax over labels. */
    SOFTMAX,
    /** Any number of labels: an independent logistic output per label (thesis eq. 3.3). */
    SIGMOID
  }

  private final VdshVariant variant;
  private final int hidden;
  private final int bits;
  private final int vocabulary;
  private final int numLabels;
  private final SameDiff sd;
  private final List<String> parameters = new ArrayList<>();
  private final Map<String, AdamUpdater> updaters = new LinkedHashMap<>();
  private final List<String> gradientTargets = new ArrayList<>();
  private final double labelWeight;
  private int iteration;

  VdshGraph(
      VdshVariant variant,
      int hidden,
      int bits,
      int vocabulary,
      int numLabels,
      LabelModel labelModel,
      double learningRate,
      double labelWeight,
      SplittableRandom random) {
    this.variant = variant;
    this.hidden = hidden;
    this.bits = bits;
    this.vocabulary = vocabulary;
    this.numLabels = numLabels;
    this.labelWeight = labelWeight;
    this.sd = SameDiff.create();

    SDVariable pre1 = sd.placeHolder(PRE1, DataType.FLOAT, -1, hidden);
    SDVariable mask = sd.placeHolder(MASK, DataType.FLOAT, -1, hidden);
    SDVariable eps = sd.placeHolder(EPS, DataType.FLOAT, -1, bits);
    SDVariable counts = sd.placeHolder(COUNTS, DataType.FLOAT, -1, vocabulary);
    SDVariable klWeight = sd.placeHolder(KL_WEIGHT, DataType.FLOAT);

    SDVariable w2 = param("W2", hidden, hidden, random);
    SDVariable b2 = bias("b2", hidden);
    SDVariable wMu = param("Wmu", hidden, bits, random);
    SDVariable bMu = bias("bmu", bits);
    SDVariable wLv = param("Wlv", hidden, bits, random);
    SDVariable bLv = bias("blv", bits);
    SDVariable g = param("G", bits, vocabulary, random);
    SDVariable bDec = bias("bdec", vocabulary);

    SDVariable t1 = sd.nn.relu(pre1, 0);
    SDVariable t2 = sd.nn.relu(t1.mmul(w2).add(b2), 0);
    SDVariable t2d = t2.mul(mask);
    SDVariable mu = t2d.mmul(wMu).add(bMu);
    SDVariable logVar = t2d.mmul(wLv).add(bLv);
    SDVariable s = mu.add(sd.math.exp(logVar.mul(0.5)).mul(eps));
    SDVariable kl = klSum(mu, logVar);
    SDVariable decoderInput = s;
    if (variant.privateVariable()) {
      SDVariable epsV = sd.placeHolder(EPS_V, DataType.FLOAT, -1, bits);
      SDVariable wMuV = param("WmuV", hidden, bits, random);
      SDVariable bMuV = bias("bmuV", bits);
      SDVariable wLvV = param("WlvV", hidden, bits, random);
      SDVariable bLvV = bias("blvV", bits);
      SDVariable muV = t2d.mmul(wMuV).add(bMuV);
      SDVariable logVarV = t2d.mmul(wLvV).add(bLvV);
      SDVariable v = muV.add(sd.math.exp(logVarV.mul(0.5)).mul(epsV));
      kl = kl.add(klSum(muV, logVarV));
      decoderInput = s.add(v);
    }
    kl = sd.identity(KL, kl);
    SDVariable logits = bDec.sub(decoderInput.mmul(g));
    SDVariable reconstruction =
        sd.identity(RECONSTRUCTION, sd.nn.logSoftmax(logits).mul(counts).sum().neg());
    SDVariable loss = reconstruction.add(kl.mul(klWeight));
    if (variant.supervised()) {
      SDVariable y = sd.placeHolder(LABELS, DataType.FLOAT, -1, numLabels);
      SDVariable wY = param("Wy", bits, numLabels, random);
      SDVariable bY = bias("by", numLabels);
      SDVariable labelLogits = s.mmul(wY).add(bY);
      SDVariable labelLoss;
      if (labelModel == LabelModel.SOFTMAX) {
        labelLoss = sd.nn.logSoftmax(labelLogits).mul(y).sum().neg();
      } else {
        // sigmoid cross-entropy, written to stay finite for large logits:
        // log(1 + e^x) - x y = max(x, 0) - x y + log(1 + e^-|x|)
        labelLoss =
            sd.nn.relu(labelLogits, 0)
                .sub(labelLogits.mul(y))
                .add(sd.math.log1p(sd.math.exp(sd.math.abs(labelLogits).neg())))
                .sum();
      }
      labelLoss = sd.identity(LABEL, labelLoss);
      loss = loss.add(labelLoss.mul(labelWeight));
    }
    SDVariable docs = sd.sizeAt(pre1, 0).castTo(DataType.FLOAT);
    sd.identity(LOSS, loss.div(docs));
    sd.setLossVariables(LOSS);
    // Deterministic mean for encoding: the same graph without dropout.
    SDVariable t2Eval = sd.nn.relu(t1.mmul(w2).add(b2), 0);
    sd.identity(MU, t2Eval.mmul(wMu).add(bMu));

    Adam adam = new Adam(learningRate);
    for (String p : parameters) {
      INDArray arr = sd.getVariable(p).getArr();
      AdamUpdater u = new AdamUpdater(adam);
      u.setStateViewArray(Nd4j.zeros(DataType.FLOAT, 1, 2 * arr.length()), arr.shape(), 'c', true);
      updaters.put(p, u);
    }
    gradientTargets.addAll(parameters);
    gradientTargets.add(PRE1);
    createGradFunctionQuietly();
  }

  private SDVariable klSum(SDVariable mu, SDVariable logVar) {
    return logVar.add(1.0).sub(sd.math.square(mu)).sub(sd.math.exp(logVar)).sum().mul(-0.5);
  }

  private SDVariable param(String name, int rows, int cols, SplittableRandom random) {
    double limit = Math.sqrt(6.0 / (rows + cols)); // Glorot uniform, the thesis's initialisation
    float[] values = new float[rows * cols];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) ((random.nextDouble() * 2 - 1) * limit);
    }
    parameters.add(name);
    return sd.var(name, Nd4j.create(values, new long[] {rows, cols}, 'c'));
  }

  private SDVariable bias(String name, int size) {
    parameters.add(name);
    return sd.var(name, Nd4j.zeros(DataType.FLOAT, 1, size));
  }

  /**
   * SameDiff 1.0.0-M2.1 prints one line per differentiated op to standard output when it builds
   * the backward graph, unconditionally; that is noise in a command-line tool, so the stream is
   * muted for this one call (made once, while the graph is built).
   */
  private void createGradFunctionQuietly() {
    synchronized (System.class) {
      PrintStream out = System.out;
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      try {
        sd.createGradFunction(PRE1);
      } finally {
        System.setOut(out);
      }
    }
  }

  /** Sums over one mini-batch of the loss terms (not yet divided by the number of documents). */
  record Losses(double reconstruction, double kl, double label, int documents) {
    Losses plus(Losses o) {
      return new Losses(reconstruction + o.reconstruction, kl + o.kl, label + o.label, documents + o.documents);
    }

    /** Per-document loss with the given KL and label weights. */
    double perDocument(double klWeight, double labelWeight) {
      return (reconstruction + klWeight * kl + labelWeight * label) / documents;
    }

    boolean finite() {
      return Double.isFinite(reconstruction) && Double.isFinite(kl) && Double.isFinite(label);
    }
  }

  /** One mini-batch's inputs, row-major; {@code epsV} and {@code labels} only where used. */
  record Batch(int rows, float[] pre1, float[] mask, float[] eps, float[] epsV, float[] counts, float[] labels) {}

  private Map<String, INDArray> placeholders(Batch b, float klWeight) {
    Map<String, INDArray> ph = new LinkedHashMap<>();
    ph.put(PRE1, Nd4j.create(b.pre1(), new long[] {b.rows(), hidden}, 'c'));
    ph.put(MASK, Nd4j.create(b.mask(), new long[] {b.rows(), hidden}, 'c'));
    ph.put(EPS, Nd4j.create(b.eps(), new long[] {b.rows(), bits}, 'c'));
    ph.put(COUNTS, Nd4j.create(b.counts(), new long[] {b.rows(), vocabulary}, 'c'));
    ph.put(KL_WEIGHT, Nd4j.scalar(klWeight));
    if (variant.privateVariable()) {
      ph.put(EPS_V, Nd4j.create(b.epsV(), new long[] {b.rows(), bits}, 'c'));
    }
    if (variant.supervised()) {
      ph.put(LABELS, Nd4j.create(b.labels(), new long[] {b.rows(), numLabels}, 'c'));
    }
    return ph;
  }

  private List<String> lossOutputs() {
    return variant.supervised() ? List.of(RECONSTRUCTION, KL, LABEL) : List.of(RECONSTRUCTION, KL);
  }

  private Losses losses(Map<String, INDArray> out, int rows) {
    return new Losses(
        out.get(RECONSTRUCTION).getDouble(0),
        out.get(KL).getDouble(0),
        variant.supervised() ? out.get(LABEL).getDouble(0) : 0,
        rows);
  }

  /**
   * Computes the batch's loss terms and gradients, updates this graph's parameters by Adam and
   * returns the gradient of the mean loss with respect to {@code pre1} in {@code gradPre1}. When
   * the loss is not finite nothing is updated.
   */
  Losses trainStep(Batch batch, float klWeight, float[] gradPre1) {
    OutAndGrad r = sd.calculateGradientsAndOutputs(placeholders(batch, klWeight), lossOutputs(), gradientTargets);
    Losses losses = losses(r.getOutputs(), batch.rows());
    if (losses.finite() == false) {
      return losses;
    }
    Map<String, INDArray> grads = r.getGradients();
    for (String p : parameters) {
      INDArray grad = grads.get(p);
      INDArray param = sd.getVariable(p).getArr();
      if (grad == null) {
        throw new IllegalStateException("no gradient for parameter " + p);
      }
      grad = grad.dup().reshape(param.shape());
      updaters.get(p).applyUpdater(grad, iteration, 0);
      param.subi(grad);
    }
    iteration++;
    INDArray g = grads.get(PRE1);
    float[] values = g.dup().data().asFloat();
    System.arraycopy(values, 0, gradPre1, 0, batch.rows() * hidden);
    return losses;
  }

  /** The batch's loss terms, without any update. */
  Losses evaluate(Batch batch, float klWeight) {
    return losses(sd.output(placeholders(batch, klWeight), lossOutputs()), batch.rows());
  }

  /** The posterior means {@code mu} (rows x bits, row-major) of first-layer outputs {@code pre1}. */
  float[] mu(float[] pre1, int rows) {
    Map<String, INDArray> ph = Map.of(PRE1, Nd4j.create(pre1, new long[] {rows, hidden}, 'c'));
    return sd.output(ph, MU).get(MU).dup().data().asFloat();
  }

  /** Copies of every parameter's current value. */
  Map<String, INDArray> snapshot() {
    Map<String, INDArray> copy = new LinkedHashMap<>();
    for (String p : parameters) {
      copy.put(p, sd.getVariable(p).getArr().dup());
    }
    return copy;
  }

  /** Restores values from a {@link #snapshot()}. */
  void restore(Map<String, INDArray> snapshot) {
    for (String p : parameters) {
      sd.getVariable(p).getArr().assign(snapshot.get(p));
    }
  }

  /** Sets a parameter (tests): {@code values} row-major in the parameter's shape. */
  void set(String parameter, float[] values) {
    INDArray arr = sd.getVariable(parameter).getArr();
    arr.assign(Nd4j.create(values, arr.shape(), 'c'));
  }

  /** The second ReLU layer and the linear mean layer, as the runtime model's layers. */
  List<DenseLayer> exportEncoder() {
    return List.of(
        dense("W2", "b2", Activation.RELU),
        dense("Wmu", "bmu", Activation.IDENTITY));
  }

  private DenseLayer dense(String weights, String bias, Activation activation) {
    // SameDiff holds inputs x outputs; the runtime layer wants one row per output.
    float[][] w = sd.getVariable(weights).getArr().transpose().toFloatMatrix();
    float[] b = sd.getVariable(bias).getArr().toFloatVector();
    return new DenseLayer(w, b, activation);
  }
}
