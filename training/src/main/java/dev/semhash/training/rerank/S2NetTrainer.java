package dev.semhash.training.rerank;

import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.progress.ProgressReporter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * S2Net (Yih et al., "Learning Discriminative Projections for Text Similarity Measures", CoNLL
 * 2011): learns one projection {@code A} so that {@code cos(A q, A d)} ranks relevant documents
 * above others, minimising the pairwise logistic loss {@code log(1 + exp(-γΔ))} with {@code Δ =
 * cos(Aq, Ad⁺) - cos(Aq, Ad⁻)} and {@code γ} = 10. {@code A} starts from the LSA subspace of the
 * collection ({@link LsaSubspace}), scaled so that its entries are of order 1; it is trained with
 * Adam on sampled preference pairs (lazily: only the columns of terms in a pair move, with the
 * global step's bias correction), instead of the paper's full-batch L-BFGS. Preference pairs are
 * drawn as for SSI: each (query, relevant document) pair with several negatives per epoch, part of
 * them BM25 hard negatives. The result is a {@link RerankModel} with a shared projection, cosine
 * similarity and no term-overlap term.
 *
 * <pre class="prettyprint">
 * RerankModel model = new S2NetTrainer(corpus, S2NetSettings.defaults(42)).train(examples, listener, progress);
 * </pre>
 */
public final class S2NetTrainer implements RerankTrainer {
  private static final float BETA1 = 0.9f;
  private static final float BETA2 = 0.999f;
  private static final float EPS = 1e-8f;

  private final RerankCorpus corpus;
  private final S2NetSettings settings;
  private final int k;
  private final float[] a; // term-major: a[t * k + j]
  private final float[] m1;
  private final float[] m2;
  private final float[] grad;
  private final boolean[] touched;
  private final int[] touchedList;
  private int touchedCount;
  private long step;
  private final Random random;

  public S2NetTrainer(RerankCorpus corpus, S2NetSettings settings) {
    this.corpus = corpus;
    this.settings = settings;
    this.k = settings.dimension();
    int terms = corpus.dictionary().size();
    long size = (long) terms * k;
    if (size > Integer.MAX_VALUE / 4) {
      throw new IllegalArgumentException(terms + " terms × " + k + " dimensions is too large; lower the dimension");
    }
    this.random = new Random(settings.seed());
    this.a = LsaSubspace.compute(corpus, k, settings.lsaIterations(), random.nextLong());
    float scale = (float) Math.sqrt(terms); // orthonormal columns have entries ~ 1/sqrt(terms)
    for (int i = 0; i < a.length; i++) {
      a[i] *= scale;
    }
    this.m1 = new float[a.length];
    this.m2 = new float[a.length];
    this.grad = new float[a.length];
    this.touched = new boolean[terms];
    this.touchedList = new int[terms];
  }

  @Override
  public RerankModel train(List<RerankExamples.Example> examples, EpochListener listener, ProgressReporter progress)
      throws java.io.IOException {
    TrainingPairs pairs = new TrainingPairs(examples, settings.maxPositives());
    NegativeSampler sampler = new NegativeSampler(corpus, settings.hardNegativeFraction(), settings.hardNegativeDepth(), random);
    float[] gq = new float[k];
    float[] gp = new float[k];
    float[] gn = new float[k];
    float[] dq = new float[k];
    float[] dp = new float[k];
    float[] dn = new float[k];
    try (ProgressReporter.Progress p = progress.start("S2Net training", settings.epochs(), "epochs")) {
      for (int epoch = 1; epoch <= settings.epochs(); epoch++) {
        double lossSum = 0;
        long wrong = 0;
        long tuples = 0;
        for (int[] pair : pairs.epoch(random)) {
          RerankExamples.Example ex = examples.get(pair[0]);
          TermVector q = ex.query();
          TermVector pos = corpus.document(pair[1]);
          if (q.isEmpty() || pos.isEmpty()) {
            continue;
          }
          for (int n = 0; n < settings.negativesPerPair(); n++) {
            int negOrd = sampler.sample(ex, q);
            if (negOrd < 0 || corpus.document(negOrd).isEmpty()) {
              continue;
            }
            TermVector neg = corpus.document(negOrd);
            project(q, gq);
            project(pos, gp);
            project(neg, gn);
            java.util.Arrays.fill(dq, 0f);
            java.util.Arrays.fill(dp, 0f);
            java.util.Arrays.fill(dn, 0f);
            double cPos = cosineGradients(gq, gp, dq, dp, 1f);
            double cNeg = cosineGradients(gq, gn, dq, dn, -1f);
            double delta = cPos - cNeg;
            double gd = settings.gamma() * delta;
            lossSum += gd > 30 ? Math.exp(-gd) : Math.log1p(Math.exp(-gd));
            tuples++;
            wrong += delta <= 0 ? 1 : 0;
            // dL/dΔ = -γ / (1 + exp(γΔ))
            float scale = (float) (-settings.gamma() / (1 + Math.exp(Math.min(gd, 60))));
            accumulate(q, dq, scale);
            accumulate(pos, dp, scale);
            accumulate(neg, dn, scale);
            adamStep();
          }
        }
        p.step(1);
        double meanLoss = tuples == 0 ? 0 : lossSum / tuples;
        if (Double.isFinite(meanLoss) == false) {
          throw new IllegalStateException("S2Net training diverged in epoch " + epoch + ": its loss is " + meanLoss
              + "; lower the learning rate with --lr (now " + settings.learningRate() + ")");
        }
        p.message(String.format(java.util.Locale.ROOT, "loss %.4f", meanLoss));
        listener.afterEpoch(epoch, meanLoss, tuples == 0 ? 0 : (double) wrong / tuples, this);
      }
    }
    return snapshot();
  }

  /**
   * Adds {@code sign ×} the gradients of {@code cos(x, y)} with respect to x and y to {@code dx}
   * and {@code dy}; returns the cosine (0 if either vector is zero, with no gradient).
   */
  static double cosineGradients(float[] x, float[] y, float[] dx, float[] dy, float sign) {
    double xx = 0, yy = 0, xy = 0;
    for (int j = 0; j < x.length; j++) {
      xx += (double) x[j] * x[j];
      yy += (double) y[j] * y[j];
      xy += (double) x[j] * y[j];
    }
    if (xx == 0 || yy == 0) {
      return 0;
    }
    double nx = Math.sqrt(xx);
    double ny = Math.sqrt(yy);
    double c = xy / (nx * ny);
    for (int j = 0; j < x.length; j++) {
      dx[j] += (float) (sign * (y[j] / (nx * ny) - c * x[j] / xx));
      dy[j] += (float) (sign * (x[j] / (nx * ny) - c * y[j] / yy));
    }
    return c;
  }

  /** grad[t, :] += scale × x_t × g for every term t of x. */
  private void accumulate(TermVector x, float[] g, float scale) {
    for (int i = 0; i < x.size(); i++) {
      int t = x.ids()[i];
      if (touched[t] == false) {
        touched[t] = true;
        touchedList[touchedCount++] = t;
      }
      int base = t * k;
      float w = scale * x.weights()[i];
      for (int j = 0; j < k; j++) {
        grad[base + j] += w * g[j];
      }
    }
  }

  /** Lazy Adam: moments and weights of the touched terms' columns only. */
  private void adamStep() {
    step++;
    float lr = settings.learningRate();
    double c1 = 1 - Math.pow(BETA1, step);
    double c2 = 1 - Math.pow(BETA2, step);
    float stepSize = (float) (lr * Math.sqrt(c2) / c1);
    for (int n = 0; n < touchedCount; n++) {
      int t = touchedList[n];
      touched[t] = false;
      int base = t * k;
      for (int j = base; j < base + k; j++) {
        float g = grad[j];
        grad[j] = 0f;
        m1[j] = BETA1 * m1[j] + (1 - BETA1) * g;
        m2[j] = BETA2 * m2[j] + (1 - BETA2) * g * g;
        a[j] -= stepSize * m1[j] / ((float) Math.sqrt(m2[j]) + EPS);
      }
    }
    touchedCount = 0;
  }

  private void project(TermVector x, float[] out) {
    java.util.Arrays.fill(out, 0f);
    for (int i = 0; i < x.size(); i++) {
      int base = x.ids()[i] * k;
      float w = x.weights()[i];
      for (int j = 0; j < k; j++) {
        out[j] += w * a[base + j];
      }
    }
  }

  @Override
  public RerankModel snapshot() {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("model", "cos(A q, A d) on unit TF-IDF vectors");
    info.put("loss", "pairwise logistic, log(1 + exp(-gamma (cos(q,d+) - cos(q,d-)))), lazy Adam");
    info.put("dimension", Integer.toString(k));
    info.put("learning_rate", Float.toString(settings.learningRate()));
    info.put("epochs", Integer.toString(settings.epochs()));
    info.put("negatives_per_pair", Integer.toString(settings.negativesPerPair()));
    info.put("hard_negative_fraction", Float.toString(settings.hardNegativeFraction()));
    info.put("hard_negative_depth", Integer.toString(settings.hardNegativeDepth()));
    info.put("gamma", Float.toString(settings.gamma()));
    info.put("init", settings.lsaIterations() > 0 ? "LSA subspace, " + settings.lsaIterations() + " iterations" : "random");
    info.put("seed", Long.toString(settings.seed()));
    Projection p = new Projection(corpus.dictionary().size(), k, a.clone());
    return new RerankModel("s2net", info, corpus.analysis(), corpus.dictionary(), p, p, RerankModel.Similarity.COSINE, 0f);
  }
}
