package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
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
 * mu = t2 Wmu + bmu               logvar = sigmoid(t2 Wlv + blv)     s = mu + exp(logvar / 2) * eps
 * logits = bdec - s G             reconstruction = -sum_w n_w log softmax(logits)_w
 * kl = -1/2 sum_k (1 + logvar_k - mu_k^2 - exp(logvar_k))
 * VDSH-S:  label = -log softmax(s Wy + by)_y  (one label per document) or the sigmoid cross-entropy
 *          summed over labels (multi-label)
 * VDSH-SP: v from its own heads on t2 like s; words decode from s + v; kl adds v's term
 * auxiliary decoder i ({@link BagDecoder}): aux_i = -sum_j y_ij log softmax(c_i - s B_i)_j
 * neighbour encoder ({@link NeighbourEncoder}): t2 = (relu(t1 W2 + b2) + P relu(relu(pre1nn) W2nn
 *          + b2nn)) * mask, with pre1nn the neighbours' first-layer outputs and P the batch's
 *          mean-pooling matrix (row i holds 1/k_i at the columns of document i's k_i neighbours)
 * loss = (reconstruction + klWeight kl + labelWeight label + sum_i weight_i aux_i) / documents
 * </pre>
 *
 * <p>The log-variance passes through a sigmoid, as in the authors' code (the thesis leaves its
 * activation open): every posterior variance lies in [1, e], at least the prior's, so the codes
 * must set their means apart by more than the noise instead of shrinking the noise. On validation
 * splits ({@code eval-hash --validation 0.2}, 32 bits) it raised Prec@100 from 0.4159 to 0.4334
 * (VDSH, 20 Newsgroups), 0.6200 to 0.6391 (VDSH, Reuters) and 0.8280 to 0.8324 (VDSH-S, Reuters)
 * against a linear log-variance.
 *
 * <p>Parameters other than the first layer's are updated here by ND4J's Adam.
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
  static final String PRE1_NN = "pre1nn";
  static final String POOL = "pool";
  static final String AUXILIARY = "auxiliary";

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
  private final List<BagDecoder> decoders;
  private final boolean neighbours;
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
    this(variant, hidden, bits, vocabulary, numLabels, labelModel, learningRate, labelWeight, List.of(), false, random);
  }

  /**
   * @param decoders auxiliary decoders (only their names, target sizes and weights are read)
   * @param neighbours whether the encoder has the mean-pooled neighbour branch
   */
  VdshGraph(
      VdshVariant variant,
      int hidden,
      int bits,
      int vocabulary,
      int numLabels,
      LabelModel labelModel,
      double learningRate,
      double labelWeight,
      List<BagDecoder> decoders,
      boolean neighbours,
      SplittableRandom random) {
    this.decoders = List.copyOf(decoders);
    this.neighbours = neighbours;
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
    // Parameters of the extra parts are created after the base ones, so that a plain VDSH draws
    // the same initial weights from the same seed whatever the extras.
    SDVariable pooled = null;
    if (neighbours) {
      SDVariable pre1Nn = sd.placeHolder(PRE1_NN, DataType.FLOAT, -1, hidden);
      SDVariable pool = sd.placeHolder(POOL, DataType.FLOAT, -1, -1);
      SDVariable w2Nn = param("W2nn", hidden, hidden, random);
      SDVariable b2Nn = bias("b2nn", hidden);
      pooled = pool.mmul(sd.nn.relu(sd.nn.relu(pre1Nn, 0).mmul(w2Nn).add(b2Nn), 0));
      t2 = t2.add(pooled);
    }
    SDVariable t2d = t2.mul(mask);
    SDVariable mu = t2d.mmul(wMu).add(bMu);
    SDVariable logVar = sd.nn.sigmoid(t2d.mmul(wLv).add(bLv));
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
      SDVariable logVarV = sd.nn.sigmoid(t2d.mmul(wLvV).add(bLvV));
      SDVariable v = muV.add(sd.math.exp(logVarV.mul(0.5)).mul(epsV));
      kl = kl.add(klSum(muV, logVarV));
      decoderInput = s.add(v);
    }
    kl = sd.identity(KL, kl);
    SDVariable logits = bDec.sub(decoderInput.mmul(g));
    SDVariable reconstruction = sd.identity(RECONSTRUCTION, bagNegativeLogLikelihood(logits, counts));
    SDVariable loss = reconstruction.add(kl.mul(klWeight));
    if (variant.supervised()) {
      SDVariable y = sd.placeHolder(LABELS, DataType.FLOAT, -1, numLabels);
      SDVariable wY = param("Wy", bits, numLabels, random);
      SDVariable bY = bias("by", numLabels);
      SDVariable labelLogits = s.mmul(wY).add(bY);
      SDVariable labelLoss;
      if (labelModel == LabelModel.SOFTMAX) {
        labelLoss = bagNegativeLogLikelihood(labelLogits, y);
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
    if (this.decoders.isEmpty() == false) {
      SDVariable auxiliary = null;
      for (int i = 0; i < this.decoders.size(); i++) {
        BagDecoder d = this.decoders.get(i);
        SDVariable y = sd.placeHolder(targetName(i), DataType.FLOAT, -1, d.targetSize());
        SDVariable b = param("B" + i, bits, d.targetSize(), random);
        SDVariable c = bias("c" + i, d.targetSize());
        SDVariable term = bagNegativeLogLikelihood(c.sub(s.mmul(b)), y).mul(d.weight());
        auxiliary = auxiliary == null ? term : auxiliary.add(term);
      }
      auxiliary = sd.identity(AUXILIARY, auxiliary);
      loss = loss.add(auxiliary);
    }
    SDVariable docs = sd.sizeAt(pre1, 0).castTo(DataType.FLOAT);
    sd.identity(LOSS, loss.div(docs));
    sd.setLossVariables(LOSS);
    // Deterministic mean for encoding: the same graph without dropout.
    SDVariable t2Eval = sd.nn.relu(t1.mmul(w2).add(b2), 0);
    if (neighbours) {
      t2Eval = t2Eval.add(pooled);
    }
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
    if (neighbours) {
      gradientTargets.add(PRE1_NN);
    }
    createGradFunctionQuietly();
  }

  /**
   * {@code -sum_rows sum_w n_w log softmax(logits)_w}, written as {@code sum_rows (sum_w n_w)
   * logsumexp(logits) - sum_w n_w logits_w}. The direct form multiplies every log-probability by
   * its count, and once a code pushes a word's logit about 100 below the row's largest (seen at 8
   * bits on 20 Newsgroups) the float log-probability is minus infinity and {@code 0 * -inf} makes
   * the whole loss NaN although no count touches that word; here a count of 0 only ever meets a
   * finite logit.
   */
  private SDVariable bagNegativeLogLikelihood(SDVariable logits, SDVariable counts) {
    // Row shapes are kept as [rows, 1] throughout: SameDiff's own logSumExp drops the dimension,
    // and its backward pass then fails to reshape the gradient for batches of more than one row.
    SDVariable totals = counts.sum(true, 1);
    SDVariable max = logits.max(true, 1);
    SDVariable logNormaliser = sd.math.log(sd.math.exp(logits.sub(max)).sum(true, 1)).add(max);
    return totals.mul(logNormaliser).sum().sub(counts.mul(logits).sum());
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
    return sd.var(name, FloatMatrices.of(values, rows, cols));
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
        sd.createGradFunction(neighbours ? new String[] {PRE1, PRE1_NN} : new String[] {PRE1});
      } finally {
        System.setOut(out);
      }
    }
  }

  /** Sums over one mini-batch of the loss terms (not yet divided by the number of documents). */
  record Losses(double reconstruction, double kl, double label, double auxiliary, int documents) {
    static final Losses ZERO = new Losses(0, 0, 0, 0, 0);

    Losses plus(Losses o) {
      return new Losses(reconstruction + o.reconstruction, kl + o.kl, label + o.label,
          auxiliary + o.auxiliary, documents + o.documents);
    }

    /**
     * Per-document loss with the given KL and label weights (auxiliary decoders carry their own
     * weights).
     */
    double perDocument(double klWeight, double labelWeight) {
      return (reconstruction + klWeight * kl + labelWeight * label + auxiliary) / documents;
    }

    boolean finite() {
      return Double.isFinite(reconstruction) && Double.isFinite(kl) && Double.isFinite(label)
          && Double.isFinite(auxiliary);
    }
  }

  /**
   * One mini-batch's inputs, row-major; {@code epsV}, {@code labels}, {@code targets} (one dense
   * block per auxiliary decoder) and the neighbour inputs ({@code pre1Nn}: {@code neighbourRows}
   * first-layer outputs; {@code pool}: rows x neighbourRows) only where used.
   */
  record Batch(
      int rows, float[] pre1, float[] mask, float[] eps, float[] epsV, float[] counts, float[] labels,
      float[][] targets, int neighbourRows, float[] pre1Nn, float[] pool) {
    Batch(int rows, float[] pre1, float[] mask, float[] eps, float[] epsV, float[] counts, float[] labels) {
      this(rows, pre1, mask, eps, epsV, counts, labels, new float[0][], 0, null, null);
    }
  }

  private static String targetName(int decoder) {
    return "targets" + decoder;
  }

  private Map<String, INDArray> placeholders(Batch b, float klWeight) {
    Map<String, INDArray> ph = new LinkedHashMap<>();
    ph.put(PRE1, FloatMatrices.of(b.pre1(), b.rows(), hidden));
    ph.put(MASK, FloatMatrices.of(b.mask(), b.rows(), hidden));
    ph.put(EPS, FloatMatrices.of(b.eps(), b.rows(), bits));
    ph.put(COUNTS, FloatMatrices.of(b.counts(), b.rows(), vocabulary));
    ph.put(KL_WEIGHT, Nd4j.scalar(klWeight));
    if (variant.privateVariable()) {
      ph.put(EPS_V, FloatMatrices.of(b.epsV(), b.rows(), bits));
    }
    if (variant.supervised()) {
      ph.put(LABELS, FloatMatrices.of(b.labels(), b.rows(), numLabels));
    }
    for (int i = 0; i < decoders.size(); i++) {
      ph.put(targetName(i), FloatMatrices.of(b.targets()[i], b.rows(), decoders.get(i).targetSize()));
    }
    if (neighbours) {
      putNeighbours(ph, b.rows(), b.neighbourRows(), b.pre1Nn(), b.pool());
    }
    return ph;
  }

  private void putNeighbours(Map<String, INDArray> ph, int rows, int neighbourRows, float[] pre1Nn, float[] pool) {
    ph.put(PRE1_NN, FloatMatrices.of(pre1Nn, neighbourRows, hidden));
    ph.put(POOL, FloatMatrices.of(pool, rows, neighbourRows));
  }

  private List<String> lossOutputs() {
    List<String> out = new ArrayList<>(List.of(RECONSTRUCTION, KL));
    if (variant.supervised()) {
      out.add(LABEL);
    }
    if (decoders.isEmpty() == false) {
      out.add(AUXILIARY);
    }
    return out;
  }

  private Losses losses(Map<String, INDArray> out, int rows) {
    return new Losses(
        out.get(RECONSTRUCTION).getDouble(0),
        out.get(KL).getDouble(0),
        variant.supervised() ? out.get(LABEL).getDouble(0) : 0,
        decoders.isEmpty() ? 0 : out.get(AUXILIARY).getDouble(0),
        rows);
  }

  boolean hasNeighbourEncoder() {
    return neighbours;
  }

  /**
   * Computes the batch's loss terms and gradients, updates this graph's parameters by Adam and
   * returns the gradient of the mean loss with respect to {@code pre1} in {@code gradPre1}. When
   * the loss is not finite nothing is updated.
   */
  Losses trainStep(Batch batch, float klWeight, float[] gradPre1) {
    return trainStep(batch, klWeight, gradPre1, null);
  }

  /**
   * As {@link #trainStep(Batch, float, float[])}, also returning the gradient with respect to the
   * neighbours' first-layer outputs in {@code gradPre1Nn} (neighbour encoder only).
   */
  Losses trainStep(Batch batch, float klWeight, float[] gradPre1, float[] gradPre1Nn) {
    Map<String, INDArray> ph = placeholders(batch, klWeight);
    OutAndGrad r;
    try {
      r = sd.calculateGradientsAndOutputs(ph, lossOutputs(), gradientTargets);
    } finally {
      release(ph.values());
    }
    Map<String, INDArray> grads = r.getGradients();
    try {
      return update(batch, losses(r.getOutputs(), batch.rows()), grads, gradPre1, gradPre1Nn);
    } finally {
      release(grads.values());
      release(r.getOutputs().values());
    }
  }

  private Losses update(Batch batch, Losses losses, Map<String, INDArray> grads, float[] gradPre1, float[] gradPre1Nn) {
    if (losses.finite() == false) {
      return losses;
    }
    for (String p : parameters) {
      INDArray grad = grads.get(p);
      INDArray param = sd.getVariable(p).getArr();
      if (grad == null) {
        throw new IllegalStateException("no gradient for parameter " + p);
      }
      INDArray step = grad.dup().reshape(param.shape());
      updaters.get(p).applyUpdater(step, iteration, 0);
      param.subi(step);
      release(step);
    }
    iteration++;
    copyTo(grads.get(PRE1), gradPre1, batch.rows() * hidden);
    if (neighbours) {
      copyTo(grads.get(PRE1_NN), gradPre1Nn, batch.neighbourRows() * hidden);
    }
    return losses;
  }

  /** Copies the first {@code length} values of {@code array}, in row-major order, into {@code target}. */
  private static void copyTo(INDArray array, float[] target, int length) {
    INDArray copy = array.dup('c');
    System.arraycopy(copy.data().asFloat(), 0, target, 0, length);
    release(copy);
  }

  /**
   * Frees an array this class created as soon as it is spent. ND4J frees off-heap memory only when
   * the heap collects the array's owner, and training allocates little heap, so without this the
   * process grows by gigabytes of dead batches between collections.
   */
  private static void release(INDArray array) {
    if (array != null && array.closeable()) {
      array.close();
    }
  }

  private static void release(Collection<INDArray> arrays) {
    arrays.forEach(VdshGraph::release);
  }

  /** The batch's loss terms, without any update. */
  Losses evaluate(Batch batch, float klWeight) {
    Map<String, INDArray> ph = placeholders(batch, klWeight);
    Map<String, INDArray> out;
    try {
      out = sd.output(ph, lossOutputs());
    } finally {
      release(ph.values());
    }
    try {
      return losses(out, batch.rows());
    } finally {
      release(out.values());
    }
  }

  /** The posterior means {@code mu} (rows x bits, row-major) of first-layer outputs {@code pre1}. */
  float[] mu(float[] pre1, int rows) {
    if (neighbours) {
      throw new IllegalStateException("this encoder needs the neighbours' first-layer outputs");
    }
    return mu(Map.of(PRE1, FloatMatrices.of(pre1, rows, hidden)), rows);
  }

  /**
   * The posterior means with the neighbour branch: {@code pre1Nn} holds {@code neighbourRows}
   * first-layer outputs of neighbours, {@code pool} (rows x neighbourRows) averages them per
   * document.
   */
  float[] mu(float[] pre1, int rows, float[] pre1Nn, int neighbourRows, float[] pool) {
    Map<String, INDArray> ph = new LinkedHashMap<>();
    ph.put(PRE1, FloatMatrices.of(pre1, rows, hidden));
    putNeighbours(ph, rows, neighbourRows, pre1Nn, pool);
    return mu(ph, rows);
  }

  private float[] mu(Map<String, INDArray> ph, int rows) {
    INDArray out;
    try {
      out = sd.output(ph, MU).get(MU);
    } finally {
      release(ph.values());
    }
    float[] mu = new float[rows * bits];
    copyTo(out, mu, mu.length);
    release(out);
    return mu;
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

  /**
   * Starts the word decoder's bias at {@code words} and the {@code i}-th auxiliary decoder's at
   * {@code auxiliary.get(i)}, before training ({@link DecoderBias}).
   */
  void startDecoderBiases(float[] words, List<float[]> auxiliary) {
    if (words.length != vocabulary || auxiliary.size() != decoders.size()) {
      throw new IllegalArgumentException(
          "decoder biases for " + words.length + " words and " + auxiliary.size() + " auxiliary decoders, but the"
              + " graph has " + vocabulary + " words and " + decoders.size() + " auxiliary decoders");
    }
    set("bdec", words);
    for (int i = 0; i < auxiliary.size(); i++) {
      if (auxiliary.get(i).length != decoders.get(i).targetSize()) {
        throw new IllegalArgumentException(
            "decoder '" + decoders.get(i).name() + "' has " + decoders.get(i).targetSize() + " targets, got a bias of "
                + auxiliary.get(i).length);
      }
      set("c" + i, auxiliary.get(i));
    }
  }

  /** Sets a parameter: {@code values} row-major in the parameter's shape. */
  void set(String parameter, float[] values) {
    INDArray arr = sd.getVariable(parameter).getArr();
    arr.assign(FloatMatrices.of(values, arr.shape()));
  }

  /**
   * The second ReLU layer and the linear mean layer, as the runtime model's layers. With the
   * neighbour branch the second layer is block-diagonal over the concatenated first-layer outputs
   * {@code [W1 x + b1, W1nn x + b1nn]}, giving {@code [h(x), hnn(x)]} for any document x, and the
   * mean layer applies {@code Wmu} to both halves; the runtime model reads a document's {@code
   * h(d)} beside the mean of its neighbours' {@code hnn} ({@link
   * dev.semhash.model.HashModel#pool}), which gives {@code Wmu (h(d) + mean_j hnn(n_j)) + bmu}.
   */
  List<DenseLayer> exportEncoder() {
    if (neighbours == false) {
      return List.of(
          dense("W2", "b2", Activation.RELU),
          dense("Wmu", "bmu", Activation.IDENTITY));
    }
    float[][] own = rows("W2");
    float[][] nn = rows("W2nn");
    float[] ownBias = sd.getVariable("b2").getArr().toFloatVector();
    float[] nnBias = sd.getVariable("b2nn").getArr().toFloatVector();
    float[][] w = new float[2 * hidden][2 * hidden];
    float[] b = new float[2 * hidden];
    for (int o = 0; o < hidden; o++) {
      System.arraycopy(own[o], 0, w[o], 0, hidden);
      System.arraycopy(nn[o], 0, w[hidden + o], hidden, hidden);
      b[o] = ownBias[o];
      b[hidden + o] = nnBias[o];
    }
    float[][] mu = rows("Wmu");
    float[][] wMu = new float[bits][2 * hidden];
    for (int o = 0; o < bits; o++) {
      System.arraycopy(mu[o], 0, wMu[o], 0, hidden);
      System.arraycopy(mu[o], 0, wMu[o], hidden, hidden);
    }
    float[] bMu = sd.getVariable("bmu").getArr().toFloatVector();
    return List.of(new DenseLayer(w, b, Activation.RELU), new DenseLayer(wMu, bMu, Activation.IDENTITY));
  }

  private DenseLayer dense(String weights, String bias, Activation activation) {
    return new DenseLayer(rows(weights), sd.getVariable(bias).getArr().toFloatVector(), activation);
  }

  /** A weight matrix with one row per output (SameDiff holds inputs x outputs). */
  private float[][] rows(String weights) {
    return sd.getVariable(weights).getArr().transpose().toFloatMatrix();
  }
}
