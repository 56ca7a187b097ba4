package dev.semhash.training.rerank;

import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Supervised Semantic Indexing (Bai et al., "Supervised Semantic Indexing", CIKM 2009): learns
 * {@code f(q, d) = qᵀ W d} with {@code W = UᵀV + I} on unit-length TF-IDF vectors, {@code U} and
 * {@code V} of rank {@link SsiSettings#dimension()}, by stochastic gradient descent on the margin
 * ranking loss {@code max(0, 1 - f(q, d⁺) + f(q, d⁻))} over sampled tuples: each (query, relevant
 * document) pair in a random order, with {@link SsiSettings#negativesPerPair()} negatives per pair
 * and epoch, a share of them from the query's first-stage top hits (hard negatives), the rest
 * uniformly from the collection. The identity part is fixed: it is the TF-IDF cosine the model
 * starts from. The result is a {@link RerankModel} with {@code A = U}, {@code B = V}, dot product
 * and term-overlap weight 1.
 *
 * <pre class="prettyprint">
 * SsiTrainer trainer = new SsiTrainer(corpus, SsiSettings.defaults(42));
 * RerankModel model = trainer.train(trainExamples, (epoch, loss, violated, snapshot) -&gt; {}, progress);
 * </pre>
 *
 * <p>Deterministic for a given seed (single-threaded). Memory: two {@code terms × dimension} float
 * arrays.
 */
public final class SsiTrainer implements RerankTrainer {
  private final RerankCorpus corpus;
  private final SsiSettings settings;
  private final int k;
  private final float[] u; // term-major: u[t * k + j]
  private final float[] v;
  private final Random random;

  public SsiTrainer(RerankCorpus corpus, SsiSettings settings) {
    this.corpus = corpus;
    this.settings = settings;
    this.k = settings.dimension();
    long size = (long) corpus.dictionary().size() * k;
    if (size > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(corpus.dictionary().size() + " terms × " + k + " dimensions is too large; lower the dimension");
    }
    this.u = new float[(int) size];
    this.v = new float[(int) size];
    this.random = new Random(settings.seed());
    for (int i = 0; i < u.length; i++) {
      u[i] = (float) (random.nextGaussian() * settings.initStd());
      v[i] = (float) (random.nextGaussian() * settings.initStd());
    }
  }

  public SsiSettings settings() {
    return settings;
  }

  /**
   * Trains for {@link SsiSettings#epochs()} epochs and returns the final model.
   *
   * @throws IllegalArgumentException if no example has a relevant document
   */
  @Override
  public RerankModel train(List<RerankExamples.Example> examples, EpochListener listener, ProgressReporter progress)
      throws java.io.IOException {
    List<int[]> pairs = new ArrayList<>();
    for (int e = 0; e < examples.size(); e++) {
      for (int p : examples.get(e).positives()) {
        pairs.add(new int[] {e, p});
      }
    }
    if (pairs.isEmpty()) {
      throw new IllegalArgumentException("no (query, relevant document) pair to train on");
    }
    NegativeSampler sampler =
        new NegativeSampler(corpus.size(), settings.hardNegativeFraction(), settings.hardNegativeDepth(), random);
    float[] uq = new float[k];
    float[] vPos = new float[k];
    float[] vNeg = new float[k];
    try (ProgressReporter.Progress p = progress.start("SSI training", settings.epochs(), "epochs")) {
      for (int epoch = 1; epoch <= settings.epochs(); epoch++) {
        java.util.Collections.shuffle(pairs, random);
        double lossSum = 0;
        long violated = 0;
        long tuples = 0;
        for (int[] pair : pairs) {
          RerankExamples.Example ex = examples.get(pair[0]);
          TermVector q = ex.query();
          TermVector pos = corpus.document(pair[1]);
          for (int n = 0; n < settings.negativesPerPair(); n++) {
            int negOrd = sampler.sample(ex);
            if (negOrd < 0) {
              continue;
            }
            TermVector neg = corpus.document(negOrd);
            project(u, q, uq);
            project(v, pos, vPos);
            project(v, neg, vNeg);
            float fPos = dot(uq, vPos) + q.dot(pos);
            float fNeg = dot(uq, vNeg) + q.dot(neg);
            float loss = 1f - fPos + fNeg;
            tuples++;
            if (loss > 0) {
              lossSum += loss;
              violated++;
              update(q, pos, neg, uq, vPos, vNeg);
            }
          }
        }
        double meanLoss = tuples == 0 ? 0 : lossSum / tuples;
        double violatedFraction = tuples == 0 ? 0 : (double) violated / tuples;
        p.step(1);
        p.message(String.format(java.util.Locale.ROOT, "loss %.4f", meanLoss));
        listener.afterEpoch(epoch, meanLoss, violatedFraction, this);
      }
    }
    return snapshot();
  }

  /** One SGD step on a violated tuple; every gradient uses the values from before the step. */
  private void update(TermVector q, TermVector pos, TermVector neg, float[] uq, float[] vPos, float[] vNeg) {
    float lr = settings.learningRate();
    // dL/dU = -(V(d+ - d-)) qᵀ
    for (int i = 0; i < q.size(); i++) {
      int base = q.ids()[i] * k;
      float w = lr * q.weights()[i];
      for (int j = 0; j < k; j++) {
        u[base + j] += w * (vPos[j] - vNeg[j]);
      }
    }
    // dL/dV = -(U q)(d+ - d-)ᵀ
    axpyColumns(v, pos, lr, uq);
    axpyColumns(v, neg, -lr, uq);
  }

  private void axpyColumns(float[] m, TermVector x, float scale, float[] y) {
    for (int i = 0; i < x.size(); i++) {
      int base = x.ids()[i] * k;
      float w = scale * x.weights()[i];
      for (int j = 0; j < k; j++) {
        m[base + j] += w * y[j];
      }
    }
  }

  private void project(float[] m, TermVector x, float[] out) {
    java.util.Arrays.fill(out, 0f);
    for (int i = 0; i < x.size(); i++) {
      int base = x.ids()[i] * k;
      float w = x.weights()[i];
      for (int j = 0; j < k; j++) {
        out[j] += w * m[base + j];
      }
    }
  }

  private static float dot(float[] a, float[] b) {
    return org.apache.lucene.util.VectorUtil.dotProduct(a, b);
  }

  @Override
  public RerankModel snapshot() {
    int terms = corpus.dictionary().size();
    Map<String, String> info = new LinkedHashMap<>();
    info.put("model", "f(q,d) = (U q)·(V d) + q·d on unit TF-IDF vectors (W = UᵀV + I)");
    info.put("loss", "margin ranking, max(0, 1 - f(q,d+) + f(q,d-)), SGD");
    info.put("dimension", Integer.toString(k));
    info.put("learning_rate", Float.toString(settings.learningRate()));
    info.put("epochs", Integer.toString(settings.epochs()));
    info.put("negatives_per_pair", Integer.toString(settings.negativesPerPair()));
    info.put("hard_negative_fraction", Float.toString(settings.hardNegativeFraction()));
    info.put("hard_negative_depth", Integer.toString(settings.hardNegativeDepth()));
    info.put("init_std", Float.toString(settings.initStd()));
    info.put("seed", Long.toString(settings.seed()));
    return new RerankModel(
        "ssi", info, corpus.analysis(), corpus.dictionary(),
        new Projection(terms, k, u.clone()), new Projection(terms, k, v.clone()),
        RerankModel.Similarity.DOT, 1f);
  }
}
