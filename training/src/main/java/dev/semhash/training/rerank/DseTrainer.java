package dev.semhash.training.rerank;

import dev.semhash.rerank.model.FixedOrderDot;
import dev.semhash.rerank.model.Activation;
import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Deep Semantic Embedding (Wu, Min and Bai, "Deep Semantic Embedding"): a {@code D − D/2 − D/2 − D
 * − C} network Φ (or {@code D − H − H − 2H − C}, {@link DseSettings#hiddenUnits()}, so that more
 * input terms do not widen every layer) with logistic ("binary") units in the three hidden layers
 * and linear units in the top layer, scoring {@code s(q, d) = Φ(q)·Φ(d)} (eq. 2), plus {@code λ
 * q·d}, the linear mix with TF-IDF the paper reports as its best (section 4.3; {@code λ = 0} is
 * plain DSE).
 *
 * <ol>
 *   <li><b>Input.</b> The unit TF-IDF vector over the collection's dictionary, of which the network
 *       reads the {@link DseSettings#terms()} terms in most documents, as the paper's Wikipedia
 *       experiment ("top 1,000 most frequent words ... normalized TFIDF features"). The network
 *       costs {@code D²} weights and the paper found convergence slow beyond a few thousand words,
 *       so D is a small vocabulary; the model keeps the whole dictionary (the other terms' rows of
 *       the first layer are zero), so that {@code λ q·d} is the full TF-IDF cosine.
 *   <li><b>Pretraining.</b> Layer by layer as stacked RBMs ({@link Rbm}) with CD-1 on every
 *       document of the collection (unsupervised): binary hidden units for the first three, Gaussian
 *       (unit variance) for the top one; each RBM's hidden means are the next one's data. The
 *       scaled input is clipped to [0, 1] for the first RBM, whose visible units are logistic.
 *   <li><b>Fine-tuning.</b> The margin ranking loss {@code max(0, 1 − s(q,d⁺) + s(q,d⁻))} (eq. 14)
 *       by backpropagation through the whole network (eqs. 19–25), SGD with momentum 0.9 and weight
 *       decay 1e-4, one update per (query, relevant document) pair averaging its {@link
 *       DseSettings#negativesPerPair()} tuples; negatives partly from the first stage's top hits.
 *       Optionally the model is built from a moving average of the weights ({@link
 *       DseSettings#weightAveraging()}, {@link WeightAverage}), which the paper does not do.
 * </ol>
 *
 * <pre class="prettyprint">
 * DseTrainer trainer = new DseTrainer(corpus, DseSettings.defaults(42));
 * RerankModel model = trainer.train(trainExamples, (epoch, loss, violated, t) -&gt; {}, progress);
 * </pre>
 *
 * <p><b>Measured</b> (seed 42). On a 4-group 20 Newsgroups slice ({@code DseSliceQualityTest})
 * DSE reaches MAP 0.60 against TF-IDF's 0.48 (0.76 before pretraining clipped its input, 0.27
 * without pretraining). On SciFact, interpolated with BM25, it adds little and alone it ranks
 * poorly: 650 training queries are too few for a 1.4M-weight network. On 20 Newsgroups with all 20
 * groups (370 posts each, D = 500, C = 10), unclipped pretraining left the first RBM unlearnt and
 * fine-tuning collapsed to one Φ for every post (MAP 0.056 against TF-IDF's 0.178). On the whole
 * collection ({@code ./semhash eval-rerank --dataset ../shared/datasets/20newsgroups --task doc-doc
 * --model dse --dse-terms 500 --tfidf-weight 0 --dim C --max-positives 1 --negatives 5}, 60 epochs)
 * MAP is 0.251, 0.425 and 0.426 at C = 2, 10 and 50 against TF-IDF's 0.178. SSI given the same 500
 * terms ({@code --max-terms 500}) scores 0.152, 0.230 and 0.239, so DSE wins at every C, as in the
 * paper's table 1. SSI with every term scores 0.34, 0.80 and 0.82. After 5 epochs DSE was at 0.214,
 * 0.281 and 0.262. Rates of 0.02 and more collapse the network (see {@link #collapsed}). On
 * CiteSeer's links (2,662 training links) it beats TF-IDF by a little less than SSI does: 0.289
 * against 0.227 with the defaults on links ({@code ./semhash eval-rerank --task links --dataset
 * ../shared/datasets/citeseer --model dse}: 2,000 input terms through a 2000-500-500-1000-128
 * network, the cosine of the embeddings, 30 pretraining epochs, half the negatives from its own
 * ranking, the model built from the weights' moving average, 20 epochs); 0.272 with the paper's
 * 1000-500-500-1000-128, 0.265 with it after 10 epochs, 0.254 from its last weights after 10,
 * 0.216 with 3 pretraining epochs; 0.247 reading every term (11,901) through the same 500-wide
 * layers; 0.266 reading 2,000 terms through the paper's 2000-1000-1000-2000 with the last weights
 * (3.1 times the training time). With the paper's dot
 * product ({@code --dse-similarity dot}) it scored 0.214, and trained on 14,335 BM25 weak pairs
 * ({@code --pairs weak}) 0.202; those two figures predate {@link FixedOrderDot}. The paper too
 * reports that DSE overfits with few training tuples.
 *
 * <p>Deterministic for a given seed (single-threaded).
 */
public final class DseTrainer implements RerankTrainer {
  private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(DseTrainer.class.getName());

  private final RerankCorpus corpus;
  private final DseSettings settings;
  private final SparseInputNetwork net;
  private final Random random;
  private final boolean cosine;
  private boolean pretrained;
  /** The weights' moving average during fine-tuning, null without {@link DseSettings#weightAveraging()}. */
  private WeightAverage average;

  /**
   * @param collection the collection, whose dictionary the model keeps: the network reads its
   *     {@link DseSettings#terms()} terms in most documents, the {@code λ q·d} part all of them
   */
  public DseTrainer(RerankCorpus collection, DseSettings settings) {
    this.corpus = collection;
    this.settings = settings;
    this.cosine = settings.similarity() == RerankModel.Similarity.COSINE;
    int[] inputTerms = mostFrequentTerms(collection, settings.terms());
    int d = inputTerms.length;
    this.net = new SparseInputNetwork(
        d, settings.widths(d),
        new Activation[] {Activation.SIGMOID, Activation.SIGMOID, Activation.SIGMOID, Activation.LINEAR});
    if (d < collection.dictionary().size()) {
      net.readOnly(inputTerms, collection.dictionary().size());
    }
    this.random = new Random(settings.seed());
    // unit TF-IDF entries are about 1/√(terms per document): far from the 0/1 scale of binary RBM
    // units, so the RBMs would learn to reconstruct nothing. Scaling the input by √(mean terms per
    // document) brings a typical entry to about 1 (the paper's binary occurrence features); the
    // factor is folded into the exported first layer. Short documents' entries then reach 3 to 4,
    // which pretraining clips (see pretrain).
    net.inputScale = (float) Math.sqrt(Math.max(1, corpus.meanTerms()));
  }

  /**
   * The ids of the {@code max} terms in most documents of {@code corpus} (ties by id), ascending.
   * The network reads these only: it costs {@code D²} weights and the paper found convergence slow
   * beyond a few thousand words.
   */
  static int[] mostFrequentTerms(RerankCorpus corpus, int max) {
    int v = corpus.dictionary().size();
    int[] df = new int[v];
    for (int i = 0; i < corpus.size(); i++) {
      for (int id : corpus.document(i).ids()) {
        df[id]++;
      }
    }
    Integer[] order = new Integer[v];
    for (int i = 0; i < v; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> df[a] != df[b] ? Integer.compare(df[b], df[a]) : Integer.compare(a, b));
    int[] top = new int[Math.min(max, v)];
    for (int i = 0; i < top.length; i++) {
      top[i] = order[i];
    }
    Arrays.sort(top);
    return top;
  }

  /** The collection, over the model's whole dictionary (the network reads part of it). */
  public RerankCorpus inputCorpus() {
    return corpus;
  }

  SparseInputNetwork network() {
    return net;
  }

  /** Pretrains the network ({@link #pretrain}). */
  @Override
  public void prepare(ProgressReporter progress) {
    pretrain(progress);
  }

  /**
   * Pretrains the four layers as stacked RBMs on every document (done once, by the first {@link
   * #train} call if not before).
   */
  public void pretrain(ProgressReporter progress) {
    if (pretrained) {
      return;
    }
    pretrained = true;
    if (settings.pretrainEpochs() == 0) {
      for (int l = 0; l < net.layers(); l++) {
        for (int i = 0; i < net.weights[l].length; i++) {
          net.weights[l][i] = (float) (random.nextGaussian() * DseSettings.INIT_STD);
        }
      }
      return;
    }
    float[][] data = new float[corpus.size()][];
    for (int i = 0; i < data.length; i++) {
      data[i] = dense(corpus.document(i), net);
      for (int j = 0; j < data[i].length; j++) {
        // clipped to the logistic visible units' range [0, 1], which they can reconstruct; unclipped,
        // on 7,400 20 Newsgroups posts the first RBM kept a reconstruction error of 49 (the input's
        // squared length is 61) and fine-tuning collapsed to one Φ for every post in epoch 1.
        // Fine-tuning sees the linear (unclipped) input, as the exported model does.
        data[i][j] = Math.min(1f, data[i][j] * net.inputScale);
      }
    }
    try (ProgressReporter.Progress p = progress.start("DSE RBM pretraining", (long) net.layers() * settings.pretrainEpochs(), "epochs")) {
      for (int l = 0; l < net.layers(); l++) {
        boolean gaussian = l == net.layers() - 1;
        Rbm rbm = new Rbm(net.inputs(l), net.widths[l], gaussian, DseSettings.INIT_STD, random);
        float rate = pretrainRate(gaussian ? settings.gaussianPretrainRate() : settings.pretrainRate(), net.inputs(l));
        double err;
        try {
          err = rbm.train(data, settings.pretrainEpochs(), DseSettings.PRETRAIN_BATCH, rate, settings.momentum(),
              settings.weightDecay(), random, p);
        } catch (IllegalStateException e) {
          throw new IllegalStateException("DSE pretraining of layer " + (l + 1) + " of " + net.layers() + " failed: "
              + e.getMessage() + " (a smaller --dse-terms, now " + net.terms + ", gives smaller layers)", e);
        }
        p.message(String.format(Locale.ROOT, "layer %d reconstruction error %.4f", l + 1, err));
        System.arraycopy(rbm.w, 0, net.weights[l], 0, rbm.w.length);
        System.arraycopy(rbm.c, 0, net.biases[l], 0, rbm.c.length);
        if (l < net.layers() - 1) {
          data = rbm.transform(data);
        }
      }
    }
  }

  /**
   * The CD-1 rate of an RBM with {@code visible} inputs: {@code rate} up to {@link
   * DseSettings#RATE_FAN_IN} inputs (the paper's D = 1000), scaled down in proportion beyond. A
   * hidden unit's input sums {@code visible} terms, so a fixed rate moves it further the wider the
   * layer: at D = 3000 and the full rates, pretraining on CiteSeer left NaN weights.
   */
  static float pretrainRate(float rate, int visible) {
    return visible <= DseSettings.RATE_FAN_IN ? rate : rate * DseSettings.RATE_FAN_IN / visible;
  }

  /** {@code x} over the network's input rows, the terms it does not read dropped. */
  static float[] dense(TermVector x, SparseInputNetwork net) {
    float[] v = new float[net.terms];
    for (int i = 0; i < x.size(); i++) {
      int r = net.row(x.ids()[i]);
      if (r >= 0) {
        v[r] = x.weights()[i];
      }
    }
    return v;
  }

  @Override
  public RerankModel train(List<RerankExamples.Example> examples, EpochListener listener, ProgressReporter progress) throws IOException {
    pretrain(progress);
    UsableQueries usable = UsableQueries.of(corpus.vectorizer(), examples);
    TermVector[] queries = usable.vectors();
    TrainingPairs trainingPairs = new TrainingPairs(usable.examples(), settings.maxPositives());
    NegativeSampler sampler = new NegativeSampler(corpus, settings.hardNegativeFraction(), settings.hardNegativeDepth(), random);
    SparseInputNetwork.Gradient grad = new SparseInputNetwork.Gradient(net);
    SparseInputNetwork.Gradient velocity = new SparseInputNetwork.Gradient(net);
    int collapsedEpochs = 0;
    average = settings.weightAveraging() > 0 ? new WeightAverage(net, settings.weightAveraging()) : null;
    try (ProgressReporter.Progress p = progress.start("DSE fine-tuning", settings.epochs() * trainingPairs.perEpoch(), "pairs")) {
      for (int epoch = 1; epoch <= settings.epochs(); epoch++) {
        List<int[]> pairs = trainingPairs.epoch(random);
        int[][] modelCandidates = settings.modelNegatives() && settings.hardNegativeFraction() > 0
            ? ModelNegatives.candidates(snapshot(), corpus, queries, usable.examples(), settings.hardNegativeDepth())
            : null;
        double lossSum = 0;
        long violated = 0;
        long tuples = 0;
        for (int[] pair : pairs) {
          p.step(1);
          RerankExamples.Example ex = usable.examples().get(pair[0]);
          TermVector q = queries[pair[0]];
          TermVector pos = corpus.document(pair[1]);
          float[][] fq = net.forward(q);
          float[][] fp = net.forward(pos);
          float[] phiQ = fq[fq.length - 1];
          float[] phiP = fp[fp.length - 1];
          float sPos = score(phiQ, phiP, q, pos);
          int c = phiQ.length;
          double nq = cosine ? CosineGradient.norm(phiQ) : 0;
          float[] dq = new float[c];
          float[] dp = new float[c];
          int updates = 0;
          for (int n = 0; n < settings.negativesPerPair(); n++) {
            int negOrd = modelCandidates == null ? sampler.sample(ex, q) : sampler.sample(ex, q, modelCandidates[pair[0]]);
            if (negOrd < 0) {
              continue;
            }
            TermVector neg = corpus.document(negOrd);
            float[][] fn = net.forward(neg);
            float[] phiN = fn[fn.length - 1];
            float loss = 1f - sPos + score(phiQ, phiN, q, neg);
            tuples++;
            if (loss > 0) {
              lossSum += loss;
              violated++;
              updates++;
              float[] dn = new float[c];
              if (cosine) {
                // the positive's term, the same for every violated tuple, is added once below
                CosineGradient.accumulate(phiQ, phiN, nq, CosineGradient.norm(phiN), CosineGradient.cosine(phiQ, phiN), 1, dq, dn);
              } else {
                // eq. 19: d/dΦq = Φn − Φp, d/dΦp = −Φq, d/dΦn = Φq
                for (int j = 0; j < c; j++) {
                  dq[j] += phiN[j] - phiP[j];
                  dp[j] -= phiQ[j];
                  dn[j] = phiQ[j];
                }
              }
              net.backward(neg, fn, dn, grad);
            }
          }
          if (updates > 0) {
            if (cosine) {
              CosineGradient.accumulate(phiQ, phiP, nq, CosineGradient.norm(phiP), CosineGradient.cosine(phiQ, phiP), -updates, dq, dp);
            }
            net.backward(q, fq, dq, grad);
            net.backward(pos, fp, dp, grad);
            grad.applyMomentum(net, velocity, settings.learningRate(), settings.momentum(), settings.weightDecay(), updates);
            if (average != null) {
              average.update(net);
            }
          }
        }
        double meanLoss = tuples == 0 ? 0 : lossSum / tuples;
        p.message(String.format(Locale.ROOT, "epoch %d of %d: loss %.4f", epoch, settings.epochs(), meanLoss));
        checkFinite(epoch);
        double violatedFraction = tuples == 0 ? 0 : (double) violated / tuples;
        listener.afterEpoch(epoch, meanLoss, violatedFraction, this);
        collapsedEpochs = collapsed(meanLoss, violatedFraction) ? collapsedEpochs + 1 : 0;
        if (collapsedEpochs == EmbeddingCollapse.EPOCHS_TO_STOP) {
          LOG.warning(String.format(Locale.ROOT, "DSE fine-tuning collapsed: in epochs %d and %d every sampled document got"
              + " nearly the same embedding and %.1f %% of the margin tuples were violated (mean loss %.4f, ties score 1),"
              + " so the network ranks nothing; stopped, the best epoch so far is kept. Lower --lr (now %s; on 20"
              + " Newsgroups 0.01 is stable, 0.02 to 0.2 collapsed in the first epochs)", epoch - 1, epoch,
              100 * violatedFraction, meanLoss, settings.learningRate()));
          break;
        }
      }
    }
    return snapshot();
  }

  /**
   * Whether fine-tuning has collapsed after an epoch with this mean margin loss and share of
   * violated tuples: nearly every tuple was violated with a loss near 1 (what ties give), and the
   * embeddings are nearly all the same ({@link EmbeddingCollapse}). The loss condition keeps a
   * random start, whose small weights also give nearly equal embeddings, from counting.
   */
  boolean collapsed(double meanLoss, double violatedFraction) {
    return meanLoss >= 0.99 && violatedFraction >= 0.99 && EmbeddingCollapse.collapsed(net, corpus);
  }

  private void checkFinite(int epoch) {
    for (float[] w : net.weights) {
      for (float v : w) {
        if (Float.isFinite(v) == false) {
          throw new IllegalStateException("DSE weights diverged in epoch " + epoch + "; lower the learning rate (now " + settings.learningRate() + ")");
        }
      }
    }
  }

  /** {@code Φ(q)·Φ(d) + λ q·d} (or the cosine of the Φs), the score the exported model computes. */
  float score(float[] phiQ, float[] phiD, TermVector q, TermVector d) {
    float s = cosine ? (float) CosineGradient.cosine(phiQ, phiD) : FixedOrderDot.dot(phiQ, phiD);
    if (settings.tfidfWeight() != 0) {
      s += settings.tfidfWeight() * q.dot(d);
    }
    return s;
  }

  /**
   * The model as trained so far: built from the weights' moving average when {@link
   * DseSettings#weightAveraging()} is set (and fine-tuning has begun), else from the last weights.
   * The hard negatives from the model's own ranking come from this model too.
   */
  @Override
  public RerankModel snapshot() {
    return average == null ? export() : average.withAveraged(net, this::export);
  }

  private RerankModel export() {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("model", "DSE: f(q,d) = " + (cosine ? "cos(Φ(q), Φ(d))" : "Φ(q)·Φ(d)") + " + λ q·d, Φ a " + settings.shape()
        + " network (sigmoid, sigmoid, sigmoid, linear) on unit TF-IDF vectors");
    info.put("architecture", net.terms + "-" + net.widths[0] + "-" + net.widths[1] + "-" + net.widths[2] + "-" + net.widths[3]);
    info.put("pretraining", "stacked RBMs, CD-1, " + settings.pretrainEpochs() + " epochs per layer, rates " + settings.pretrainRate() + " (binary) and "
        + settings.gaussianPretrainRate() + " (Gaussian top)");
    info.put("loss", "margin ranking, max(0, 1 - s(q,d+) + s(q,d-)), SGD with momentum and weight decay");
    info.put("input_scale", Float.toString(net.inputScale) + " (√ mean terms per document, folded into the first layer; clipped to 1 in pretraining)");
    info.put("learning_rate", Float.toString(settings.learningRate()));
    info.put("momentum", Float.toString(settings.momentum()));
    info.put("weight_decay", Float.toString(settings.weightDecay()));
    info.put("epochs", Integer.toString(settings.epochs()));
    info.put("negatives_per_pair", Integer.toString(settings.negativesPerPair()));
    info.put("hard_negative_fraction", Float.toString(settings.hardNegativeFraction()));
    info.put("hard_negative_depth", Integer.toString(settings.hardNegativeDepth()));
    info.put("hard_negatives", settings.modelNegatives() ? "the model's own top documents, each epoch" : "first-stage candidates");
    info.put("tfidf_weight", Float.toString(settings.tfidfWeight()));
    info.put("seed", Long.toString(settings.seed()));
    info.put("max_positives", Integer.toString(settings.maxPositives()));
    info.put("weight_averaging", settings.weightAveraging() > 0
        ? "exponential moving average of the weights, β = " + settings.weightAveraging() : "none, the last weights");
    Projection first = net.projection();
    return new RerankModel("dse", info, corpus.analysis(), corpus.dictionary(), first, first, settings.similarity(),
        settings.tfidfWeight(), net.deepLayers());
  }
}
