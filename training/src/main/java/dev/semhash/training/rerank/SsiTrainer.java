package dev.semhash.training.rerank;

import dev.semhash.rerank.model.FixedOrderDot;
import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.TermMatrix;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.progress.ProgressReporter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Supervised Semantic Indexing (Bai et al., "Supervised Semantic Indexing", CIKM 2009): learns
 * {@code f(q, d) = qᵀ W d} on unit-length TF-IDF vectors by stochastic gradient descent on the
 * margin ranking loss {@code max(0, 1 - f(q, d⁺) + f(q, d⁻))} over sampled tuples: each (query,
 * relevant document) pair in a random order ({@link TrainingPairs}), with {@link
 * SsiSettings#negativesPerPair()} negatives per pair and epoch, a share of them from the query's
 * first-stage top hits (hard negatives), the rest uniformly from the collection. Every form of
 * {@code W} of the paper ({@link SsiVariant}):
 *
 * <ul>
 *   <li>{@code W = UᵀV + I} and {@code W = UᵀU + I}: {@code U}, {@code V} of rank {@link
 *       SsiSettings#dimension()}, Gaussian initialisation or (with {@link SsiSettings#lsaInit()})
 *       both the LSA subspace; the identity part is fixed, the TF-IDF cosine the model starts
 *       from. Exported as projections {@code A = U}, {@code B = V} (or
 *       {@code U}), dot product, term-overlap weight 1.
 *   <li>{@code W = D}: one weight per term, started at 1 (TF-IDF cosine).
 *   <li>{@code W} unconstrained: a dense {@code terms × terms} matrix started at the identity.
 *   <li>sparse {@code W}: the unconstrained {@code W} after {@link SsiSettings#epochs()} epochs,
 *       then recursive feature elimination: each round removes the smaller half of every column's
 *       active entries (never going below {@link SsiSettings#sparsePerColumn()}) and retrains the
 *       rest for {@link SsiSettings#eliminationEpochs()} epochs, until each column keeps at most
 *       that many entries. Only the epochs of the final, sparse matrix are reported to the
 *       listener, so that the epoch chosen on validation is always sparse.
 * </ul>
 *
 * The last three are exported as {@link TermMatrix} models.
 *
 * <pre class="prettyprint">
 * SsiTrainer trainer = new SsiTrainer(corpus, SsiSettings.defaults(42));
 * RerankModel model = trainer.train(trainExamples, (epoch, loss, violated, snapshot) -&gt; {}, progress);
 * </pre>
 *
 * <p>Deterministic for a given seed (single-threaded). Memory: two {@code terms × dimension} float
 * arrays for the low-rank forms, {@code terms²} floats for the full and sparse ones.
 */
public final class SsiTrainer implements RerankTrainer {
  private final RerankCorpus corpus;
  private final SsiSettings settings;
  private final SsiVariant variant;
  private final int k;
  private final int terms;
  private final float[] u; // term-major: u[t * k + j]
  private final float[] v; // the same array as u for W = UᵀU + I
  private final float[] diagonal;
  private final float[] w; // column-major: w[j * terms + i] = W[i][j]
  private final boolean[] inactive; // sparse W: entries removed by feature elimination
  private final Random random;

  /**
   * @throws IllegalArgumentException if the matrices would be too large: the low-rank forms above
   *     2³¹ weights, the full and sparse ones above {@link SsiVariant#MAX_FULL_TERMS} terms
   */
  public SsiTrainer(RerankCorpus corpus, SsiSettings settings) {
    this.corpus = corpus;
    this.settings = settings;
    this.variant = settings.variant();
    this.k = settings.dimension();
    this.terms = corpus.dictionary().size();
    this.random = new Random(settings.seed());
    float[] u = null;
    float[] v = null;
    float[] diagonal = null;
    float[] w = null;
    boolean[] inactive = null;
    switch (variant) {
      case UV, UU -> {
        long size = (long) terms * k;
        if (size > Integer.MAX_VALUE - 8) {
          throw new IllegalArgumentException(terms + " terms × " + k + " dimensions is too large; lower the dimension");
        }
        if (settings.lsaInit() > 0) {
          u = LsaSubspace.compute(corpus, k, settings.lsaInit(), random.nextLong());
          v = variant == SsiVariant.UU ? u : u.clone();
        } else {
          u = new float[(int) size];
          v = variant == SsiVariant.UU ? u : new float[(int) size];
          for (int i = 0; i < u.length; i++) {
            u[i] = (float) (random.nextGaussian() * settings.initStd());
            if (variant == SsiVariant.UV) {
              v[i] = (float) (random.nextGaussian() * settings.initStd());
            }
          }
        }
      }
      case DIAGONAL -> {
        diagonal = new float[terms];
        java.util.Arrays.fill(diagonal, 1f);
      }
      case FULL, SPARSE -> {
        if (terms > SsiVariant.MAX_FULL_TERMS) {
          throw new IllegalArgumentException(
              "SSI with " + variant.formula() + " learns a terms × terms matrix, and this dictionary has " + terms
                  + " terms, above the limit of " + SsiVariant.MAX_FULL_TERMS + " (" + SsiVariant.MAX_FULL_TERMS
                  + "² floats); keep fewer terms (--max-terms " + SsiVariant.MAX_FULL_TERMS
                  + " or less, or a higher --min-df), or use --ssi-variant uv, uu or diagonal");
        }
        w = new float[terms * terms];
        for (int i = 0; i < terms; i++) {
          w[i * terms + i] = 1f;
        }
        inactive = variant == SsiVariant.SPARSE ? new boolean[w.length] : null;
      }
    }
    this.u = u;
    this.v = v;
    this.diagonal = diagonal;
    this.w = w;
    this.inactive = inactive;
  }

  public SsiSettings settings() {
    return settings;
  }

  /**
   * Trains and returns the final model: {@link SsiSettings#epochs()} epochs, plus for the sparse
   * variant the elimination rounds and their retraining.
   *
   * @throws IllegalArgumentException if no example has a relevant document
   */
  @Override
  public RerankModel train(List<RerankExamples.Example> examples, EpochListener listener, ProgressReporter progress)
      throws java.io.IOException {
    TrainingPairs pairs = new TrainingPairs(examples, settings.maxPositives());
    NegativeSampler sampler =
        new NegativeSampler(corpus, settings.hardNegativeFraction(), settings.hardNegativeDepth(), random);
    int rounds = variant == SsiVariant.SPARSE ? eliminationRounds() : 0;
    int total = settings.epochs() + rounds * settings.eliminationEpochs();
    Buffers b = new Buffers(k);
    try (ProgressReporter.Progress p = progress.start("SSI (" + variant.formula() + ") training", total, "epochs")) {
      int reported = 0;
      for (int epoch = 1; epoch <= settings.epochs(); epoch++) {
        double[] stats = epoch(examples, pairs, sampler, b);
        requireConverging(stats, epoch);
        p.step(1);
        p.message(String.format(java.util.Locale.ROOT, "loss %.4f", stats[0]));
        if (variant != SsiVariant.SPARSE) {
          listener.afterEpoch(++reported, stats[0], stats[1], this);
        }
      }
      for (int round = 1; round <= rounds; round++) {
        eliminate(round == rounds ? settings.sparsePerColumn() : Math.max(settings.sparsePerColumn(), activePerColumn() / 2));
        for (int e = 0; e < settings.eliminationEpochs(); e++) {
          double[] stats = epoch(examples, pairs, sampler, b);
          requireConverging(stats, settings.epochs() + (round - 1) * settings.eliminationEpochs() + e + 1);
          p.step(1);
          p.message(String.format(java.util.Locale.ROOT, "round %d, %d per column, loss %.4f", round, activePerColumn(), stats[0]));
          if (round == rounds) {
            listener.afterEpoch(++reported, stats[0], stats[1], this);
          }
        }
      }
    }
    return snapshot();
  }

  private void requireConverging(double[] stats, int epoch) {
    if (Double.isNaN(stats[0])) {
      throw new IllegalStateException("SSI training diverged in epoch " + epoch + ": a score became infinite or NaN;"
          + " lower the learning rate with --lr (now " + settings.learningRate() + ")");
    }
  }

  private static final class Buffers {
    final float[] uq;
    final float[] vPos;
    final float[] vNeg;

    Buffers(int k) {
      uq = new float[k];
      vPos = new float[k];
      vNeg = new float[k];
    }
  }

  /** One pass; returns {mean loss, violated fraction}. */
  private double[] epoch(
      List<RerankExamples.Example> examples, TrainingPairs pairs, NegativeSampler sampler, Buffers b) {
    double lossSum = 0;
    long violated = 0;
    long tuples = 0;
    boolean lowRank = variant == SsiVariant.UV || variant == SsiVariant.UU;
    int[][] modelCandidates = settings.modelNegatives() && settings.hardNegativeFraction() > 0
        ? ModelNegatives.candidates(snapshot(), corpus, examples.stream().map(RerankExamples.Example::query).toArray(TermVector[]::new),
            examples, settings.hardNegativeDepth())
        : null;
    for (int[] pair : pairs.epoch(random)) {
      RerankExamples.Example ex = examples.get(pair[0]);
      int[] candidates = modelCandidates == null ? ex.candidates() : modelCandidates[pair[0]];
      TermVector q = ex.query();
      TermVector pos = corpus.document(pair[1]);
      // U q, V d+ and f(q, d+) only change when a tuple of the pair updates the model
      boolean stale = true;
      float fPos = 0;
      for (int n = 0; n < settings.negativesPerPair(); n++) {
        int negOrd = sampler.sample(ex, q, candidates);
        if (negOrd < 0) {
          continue;
        }
        TermVector neg = corpus.document(negOrd);
        float fNeg;
        if (lowRank) {
          if (stale) {
            project(u, q, b.uq);
            project(v, pos, b.vPos);
            fPos = dot(b.uq, b.vPos) + q.dot(pos);
            stale = false;
          }
          project(v, neg, b.vNeg);
          fNeg = dot(b.uq, b.vNeg) + q.dot(neg);
        } else {
          fPos = score(q, pos);
          fNeg = score(q, neg);
        }
        if (Float.isFinite(fPos) == false || Float.isFinite(fNeg) == false) {
          // a NaN loss would fail "loss > 0" and pass for a satisfied margin: stop instead
          return new double[] {Double.NaN, Double.NaN};
        }
        float loss = 1f - fPos + fNeg;
        tuples++;
        if (loss > 0) {
          lossSum += loss;
          violated++;
          update(q, pos, neg, b);
          stale = true;
        }
      }
    }
    return new double[] {tuples == 0 ? 0 : lossSum / tuples, tuples == 0 ? 0 : (double) violated / tuples};
  }

  /** {@code f(q, d)} of the diagonal, full and sparse forms. */
  private float score(TermVector q, TermVector d) {
    switch (variant) {
      case DIAGONAL -> {
        double sum = 0;
        int i = 0;
        int j = 0;
        int[] qi = q.ids();
        int[] di = d.ids();
        while (i < qi.length && j < di.length) {
          if (qi[i] == di[j]) {
            sum += (double) q.weights()[i] * diagonal[qi[i]] * d.weights()[j];
            i++;
            j++;
          } else if (qi[i] < di[j]) {
            i++;
          } else {
            j++;
          }
        }
        return (float) sum;
      }
      default -> {
        double sum = 0;
        for (int c = 0; c < d.size(); c++) {
          int base = d.ids()[c] * terms;
          double col = 0;
          for (int r = 0; r < q.size(); r++) {
            col += q.weights()[r] * w[base + q.ids()[r]]; // inactive entries are 0
          }
          sum += col * d.weights()[c];
        }
        return (float) sum;
      }
    }
  }

  /** One SGD step on a violated tuple; every gradient uses the values from before the step. */
  private void update(TermVector q, TermVector pos, TermVector neg, Buffers b) {
    float lr = settings.learningRate();
    switch (variant) {
      case UV, UU -> {
        // dL/dU = -(V(d+ - d-)) qᵀ; dL/dV = -(U q)(d+ - d-)ᵀ. With U = V both apply to the one
        // matrix, which is the gradient of the symmetric form.
        for (int i = 0; i < q.size(); i++) {
          int base = q.ids()[i] * k;
          float s = lr * q.weights()[i];
          for (int j = 0; j < k; j++) {
            u[base + j] += s * (b.vPos[j] - b.vNeg[j]);
          }
        }
        axpyColumns(v, pos, lr, b.uq);
        axpyColumns(v, neg, -lr, b.uq);
      }
      case DIAGONAL -> {
        // dL/dD_t = -q_t (d+_t - d-_t); the two merges touch only the query's terms
        diagonalStep(q, pos, lr);
        diagonalStep(q, neg, -lr);
      }
      default -> {
        // dL/dW_ij = -q_i (d+_j - d-_j)
        outerStep(q, pos, lr);
        outerStep(q, neg, -lr);
      }
    }
  }

  private void diagonalStep(TermVector q, TermVector d, float scale) {
    int i = 0;
    int j = 0;
    while (i < q.size() && j < d.size()) {
      int a = q.ids()[i];
      int c = d.ids()[j];
      if (a == c) {
        diagonal[a] += scale * q.weights()[i] * d.weights()[j];
        i++;
        j++;
      } else if (a < c) {
        i++;
      } else {
        j++;
      }
    }
  }

  private void outerStep(TermVector q, TermVector d, float scale) {
    for (int c = 0; c < d.size(); c++) {
      int base = d.ids()[c] * terms;
      float s = scale * d.weights()[c];
      for (int r = 0; r < q.size(); r++) {
        int e = base + q.ids()[r];
        if (inactive == null || inactive[e] == false) {
          w[e] += s * q.weights()[r];
        }
      }
    }
  }

  /** Number of elimination rounds: halving the active entries per column until p are left. */
  private int eliminationRounds() {
    int rounds = 0;
    for (int active = terms; active > settings.sparsePerColumn(); active = Math.max(settings.sparsePerColumn(), active / 2)) {
      rounds++;
    }
    return rounds;
  }

  /** The largest number of active entries of a column. */
  private int activePerColumn() {
    int max = 0;
    for (int j = 0; j < terms; j++) {
      int n = 0;
      for (int i = 0; i < terms; i++) {
        n += inactive[j * terms + i] ? 0 : 1;
      }
      max = Math.max(max, n);
    }
    return max;
  }

  /** Keeps the {@code keep} entries of largest magnitude in each column; ties by row. */
  private void eliminate(int keep) {
    Integer[] order = new Integer[terms];
    for (int j = 0; j < terms; j++) {
      int base = j * terms;
      for (int i = 0; i < terms; i++) {
        order[i] = i;
      }
      java.util.Arrays.sort(order, (x, y) -> {
        int cmp = Float.compare(active(base + y), active(base + x));
        return cmp != 0 ? cmp : Integer.compare(x, y);
      });
      for (int r = keep; r < terms; r++) {
        inactive[base + order[r]] = true;
        w[base + order[r]] = 0f;
      }
    }
  }

  private float active(int e) {
    return inactive[e] ? -1f : Math.abs(w[e]);
  }

  private void axpyColumns(float[] m, TermVector x, float scale, float[] y) {
    for (int i = 0; i < x.size(); i++) {
      int base = x.ids()[i] * k;
      float s = scale * x.weights()[i];
      for (int j = 0; j < k; j++) {
        m[base + j] += s * y[j];
      }
    }
  }

  private void project(float[] m, TermVector x, float[] out) {
    java.util.Arrays.fill(out, 0f);
    for (int i = 0; i < x.size(); i++) {
      int base = x.ids()[i] * k;
      float s = x.weights()[i];
      for (int j = 0; j < k; j++) {
        out[j] += s * m[base + j];
      }
    }
  }

  private static float dot(float[] a, float[] b) {
    return FixedOrderDot.dot(a, b); // a SIMD sum's lane order varies with the JIT: runs would differ
  }

  @Override
  public RerankModel snapshot() {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("model", "f(q,d) = qᵀ W d on unit TF-IDF vectors, " + variant.formula());
    info.put("variant", variant.cliName());
    info.put("loss", "margin ranking, max(0, 1 - f(q,d+) + f(q,d-)), SGD");
    if (variant == SsiVariant.UV || variant == SsiVariant.UU) {
      info.put("dimension", Integer.toString(k));
      info.put("init", settings.lsaInit() > 0
          ? "LSA, U = V = top-" + k + " subspace (" + settings.lsaInit() + " iterations)"
          : "Gaussian, deviation " + settings.initStd());
    }
    if (variant == SsiVariant.SPARSE) {
      info.put("entries_per_column", Integer.toString(settings.sparsePerColumn()));
      info.put("elimination_epochs", Integer.toString(settings.eliminationEpochs()));
    }
    info.put("learning_rate", Float.toString(settings.learningRate()));
    info.put("epochs", Integer.toString(settings.epochs()));
    info.put("negatives_per_pair", Integer.toString(settings.negativesPerPair()));
    info.put("max_positives", Integer.toString(settings.maxPositives()));
    info.put("hard_negative_fraction", Float.toString(settings.hardNegativeFraction()));
    info.put("hard_negative_depth", Integer.toString(settings.hardNegativeDepth()));
    info.put("hard_negatives", settings.modelNegatives() ? "the model's own top documents, each epoch" : "first-stage candidates");
    info.put("seed", Long.toString(settings.seed()));
    return switch (variant) {
      case UV -> new RerankModel(
          "ssi", info, corpus.analysis(), corpus.dictionary(),
          new Projection(terms, k, u.clone()), new Projection(terms, k, v.clone()),
          RerankModel.Similarity.DOT, 1f);
      case UU -> {
        Projection shared = new Projection(terms, k, u.clone());
        yield new RerankModel("ssi", info, corpus.analysis(), corpus.dictionary(), shared, shared, RerankModel.Similarity.DOT, 1f);
      }
      case DIAGONAL -> new RerankModel("ssi", info, corpus.analysis(), corpus.dictionary(), TermMatrix.diagonal(diagonal));
      case FULL -> new RerankModel("ssi", info, corpus.analysis(), corpus.dictionary(), TermMatrix.dense(terms, w));
      case SPARSE -> new RerankModel("ssi", info, corpus.analysis(), corpus.dictionary(), sparseMatrix());
    };
  }

  private TermMatrix sparseMatrix() {
    int[] start = new int[terms + 1];
    int n = 0;
    for (int e = 0; e < w.length; e++) {
      n += inactive[e] || w[e] == 0f ? 0 : 1;
    }
    int[] rows = new int[n];
    float[] values = new float[n];
    n = 0;
    for (int j = 0; j < terms; j++) {
      for (int i = 0; i < terms; i++) {
        int e = j * terms + i;
        if (inactive[e] == false && w[e] != 0f) {
          rows[n] = i;
          values[n++] = w[e];
        }
      }
      start[j + 1] = n;
    }
    return new TermMatrix(terms, start, rows, values);
  }
}
