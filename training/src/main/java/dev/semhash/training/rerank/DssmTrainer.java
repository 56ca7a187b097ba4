package dev.semhash.training.rerank;

import dev.semhash.rerank.model.Activation;
import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.AnalysisSettings;
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
 * The Deep Structured Semantic Model (Huang et al., "Learning Deep Structured Semantic Models for
 * Web Search using Clickthrough Data", CIKM 2013).
 *
 * <ul>
 *   <li><b>Word hashing.</b> Each word, lower-cased and wrapped in {@code '#'} boundary marks, is
 *       cut into its letter trigrams by Lucene's {@code NGramTokenFilter} ({@link
 *       AnalysisSettings#LETTER_TRIGRAMS}); a text is the bag of its trigrams, every trigram in at
 *       least {@link DssmSettings#minDocFreq()} documents, weighted by idf and scaled to unit length
 *       (the paper feeds raw counts; unit length keeps long and short texts on one scale).
 *   <li><b>Network.</b> A tanh network, the same for queries and documents (the paper's shared
 *       towers), to a {@link DssmSettings#dimension()}-dimensional semantic vector; {@code R(q, d)}
 *       is the cosine of the two vectors, plus {@link DssmSettings#tfidfWeight() λ} times the
 *       cosine of the two trigram vectors themselves. With λ = 0 this is the paper's model; with
 *       λ > 0 (the default, 1) the network is trained to add what the lexical match misses, which
 *       with a few thousand training pairs is the difference between losing to TF-IDF and beating
 *       it (see the measurements below).
 *   <li><b>Loss.</b> For each (query, relevant document) pair and {@link DssmSettings#negatives()}
 *       sampled non-relevant documents, {@code -log P(d⁺ | q)} with {@code P(d | q) = exp(γ R(q,
 *       d)) / Σ_{d'} exp(γ R(q, d'))} over the relevant and sampled documents; SGD, one step per
 *       pair. Weights start uniform in ±√(6 / (fan-in + fan-out)), as the paper's.
 * </ul>
 *
 * <pre class="prettyprint">
 * DssmTrainer trainer = new DssmTrainer(corpus, DssmSettings.defaults(42));
 * RerankModel model = trainer.train(trainExamples, (epoch, loss, wrong, t) -&gt; {}, progress);
 * </pre>
 *
 * <p><b>Measured</b> (seed 42). On a 4-group 20 Newsgroups slice ({@code DssmSliceQualityTest}, λ =
 * 0) MAP 0.77 against TF-IDF's 0.48. On SciFact, reranking BM25's top 1000 interpolated with BM25,
 * nDCG@10 0.7193 and Recall@100 0.9356 against BM25's 0.6789 and 0.9253 with λ = 1 (0.6876 and
 * 0.9273 with λ = 0, the paper's model, which alone ranked with nDCG@10 0.050; with λ = 1 alone
 * 0.5492) ({@code ./semhash eval-rerank --dataset ../shared/datasets/scifact --model dssm}). On
 * CiteSeer's links (2,662 training links) λ = 0 fell to MAP 0.0126, far below TF-IDF's 0.2270: the
 * network learnt the training links and nothing that carried over; with λ = 1, rate 0.01, 30
 * epochs and half the negatives from TF-IDF's neighbours, MAP 0.2494, and with half from the
 * model's own ranking ({@link DssmSettings#modelNegatives()}) 0.2583; with λ = 0.25 in training
 * (validation chose λ / 0.25 for ranking) 0.2758, and with that, 256 output units and every hard
 * negative from its own ranking (the links defaults) 0.2916 ({@code ./semhash eval-rerank --task
 * links --dataset ../shared/datasets/citeseer --model dssm}). DSSM
 * was made for click logs with millions of pairs; SciFact's 650 training queries and CiteSeer's
 * links are far from that.
 *
 * <p>Deterministic for a given seed (single-threaded).
 */
public final class DssmTrainer implements RerankTrainer {
  private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(DssmTrainer.class.getName());

  private final RerankCorpus corpus;
  private final DssmSettings settings;
  private final SparseInputNetwork net;
  private final Random random;

  /**
   * @param collection the collection; its documents are re-analysed into letter trigrams
   */
  public DssmTrainer(RerankCorpus collection, DssmSettings settings) {
    this.corpus = RerankCorpus.build(collection.documents(), AnalysisSettings.LETTER_TRIGRAMS, settings.minDocFreq());
    this.settings = settings;
    int[] widths = settings.widths();
    Activation[] acts = new Activation[widths.length];
    Arrays.fill(acts, Activation.TANH);
    this.net = new SparseInputNetwork(corpus.dictionary().size(), widths, acts);
    this.random = new Random(settings.seed());
    for (int l = 0; l < net.layers(); l++) {
      double range = Math.sqrt(6.0 / (net.inputs(l) + net.widths[l]));
      for (int i = 0; i < net.weights[l].length; i++) {
        net.weights[l][i] = (float) ((2 * random.nextDouble() - 1) * range);
      }
    }
    if (settings.lsaIterations() > 0) {
      startFromLsa(net, corpus, settings.lsaIterations(), random.nextLong());
    }
  }

  /** Share of the uniform start kept beside the LSA path, so every unit can still learn. */
  static final float LSA_NOISE = 0.1f;

  /**
   * Makes {@code net} start as LSA: the first {@code k} units of the first layer (k the narrowest
   * layer's width) read an orthonormal basis of the trigram matrix's top-k right singular
   * subspace, and each later layer copies its input's first k units to its first k units (an
   * identity block); the uniform weights stay, scaled by {@link #LSA_NOISE}. A unit input vector
   * projects to at most unit length, where tanh is nearly linear, so the output's cosine starts
   * close to the LSA cosine (plus the noise), which on few training pairs is a better start than
   * noise alone: SSI and S2Net start from LSA for the same reason.
   */
  static void startFromLsa(SparseInputNetwork net, RerankCorpus corpus, int iterations, long seed) {
    int k = net.terms;
    for (int w : net.widths) {
      k = Math.min(k, w);
    }
    float[] basis = LsaSubspace.compute(corpus, k, iterations, seed); // terms × k, term-major
    for (float[] w : net.weights) {
      for (int i = 0; i < w.length; i++) {
        w[i] *= LSA_NOISE;
      }
    }
    int h0 = net.widths[0];
    for (int t = 0; t < net.terms; t++) {
      for (int j = 0; j < k; j++) {
        net.weights[0][t * h0 + j] += basis[t * k + j];
      }
    }
    for (int l = 1; l < net.layers(); l++) {
      int h = net.widths[l];
      for (int i = 0; i < k; i++) {
        net.weights[l][i * h + i] += 1f;
      }
    }
  }

  /** The collection as letter-trigram vectors. */
  public RerankCorpus inputCorpus() {
    return corpus;
  }

  SparseInputNetwork network() {
    return net;
  }

  /**
   * The loss {@code -log P(d⁺ | q)} of one softmax and its gradient with respect to the query's and
   * each document's output vector ({@code docs[0]} the relevant one).
   *
   * @param offsets added to each document's cosine before the softmax (λ q·d, constant in the
   *     network's weights), or null for none
   * @param dq receives {@code dL/dy_q}
   * @param dd receives {@code dL/dy_d} for each document
   */
  static double softmaxLoss(float[] yq, float[][] docs, double[] offsets, float gamma, float[] dq, float[][] dd) {
    int n = docs.length;
    double nq = CosineGradient.norm(yq);
    double[] r = new double[n];
    double[] nd = new double[n];
    double[] p = new double[n]; // γ (R_k + offset_k), then the softmax
    double max = Double.NEGATIVE_INFINITY;
    for (int k = 0; k < n; k++) {
      nd[k] = CosineGradient.norm(docs[k]);
      r[k] = nq == 0 || nd[k] == 0 ? 0 : CosineGradient.dot(yq, docs[k]) / (nq * nd[k]);
      p[k] = gamma * (r[k] + (offsets == null ? 0 : offsets[k]));
      max = Math.max(max, p[k]);
    }
    double z = 0;
    for (int k = 0; k < n; k++) {
      p[k] = Math.exp(p[k] - max);
      z += p[k];
    }
    Arrays.fill(dq, 0f);
    for (int k = 0; k < n; k++) {
      p[k] /= z;
      Arrays.fill(dd[k], 0f);
      CosineGradient.accumulate(yq, docs[k], nq, nd[k], r[k], gamma * (p[k] - (k == 0 ? 1 : 0)), dq, dd[k]); // dL/dR_k
    }
    return -Math.log(p[0]);
  }

  @Override
  public RerankModel train(List<RerankExamples.Example> examples, EpochListener listener, ProgressReporter progress) throws IOException {
    UsableQueries usable = UsableQueries.of(corpus.vectorizer(), examples);
    TermVector[] queries = usable.vectors();
    TrainingPairs trainingPairs = new TrainingPairs(usable.examples(), settings.maxPositives());
    NegativeSampler sampler = new NegativeSampler(corpus, settings.hardNegativeFraction(), settings.hardNegativeDepth(), random);
    SparseInputNetwork.Gradient grad = new SparseInputNetwork.Gradient(net);
    int c = net.outputDimension();
    int collapsedEpochs = 0;
    // Counted in pairs, not epochs: between documents with all their relevant documents an epoch
    // holds millions of pairs and runs for many minutes.
    try (ProgressReporter.Progress p = progress.start("DSSM training", settings.epochs() * trainingPairs.perEpoch(), "pairs")) {
      for (int epoch = 1; epoch <= settings.epochs(); epoch++) {
        List<int[]> pairs = trainingPairs.epoch(random);
        int[][] modelCandidates = settings.modelNegatives() && settings.hardNegativeFraction() > 0
            ? ModelNegatives.candidates(snapshot(), corpus, queries, usable.examples(), settings.hardNegativeDepth())
            : null;
        double lossSum = 0;
        long wrong = 0;
        long softmaxes = 0;
        for (int[] pair : pairs) {
          p.step(1);
          RerankExamples.Example ex = usable.examples().get(pair[0]);
          List<Integer> docs = new ArrayList<>();
          docs.add(pair[1]);
          for (int n = 0; n < settings.negatives(); n++) {
            int neg = modelCandidates == null ? sampler.sample(ex, queries[pair[0]]) : sampler.sample(ex, queries[pair[0]], modelCandidates[pair[0]]);
            if (neg >= 0) {
              docs.add(neg);
            }
          }
          if (docs.size() < 2) {
            continue;
          }
          TermVector q = queries[pair[0]];
          float[][] fq = net.forward(q);
          float[][][] fd = new float[docs.size()][][];
          float[][] outs = new float[docs.size()][];
          for (int k = 0; k < fd.length; k++) {
            fd[k] = net.forward(corpus.document(docs.get(k)));
            outs[k] = fd[k][fd[k].length - 1];
          }
          double[] offsets = null;
          if (settings.tfidfWeight() != 0) {
            offsets = new double[docs.size()];
            for (int k = 0; k < offsets.length; k++) {
              offsets[k] = settings.tfidfWeight() * q.dot(corpus.document(docs.get(k)));
            }
          }
          float[] dq = new float[c];
          float[][] dd = new float[fd.length][c];
          double loss = softmaxLoss(fq[fq.length - 1], outs, offsets, settings.gamma(), dq, dd);
          lossSum += loss;
          softmaxes++;
          if (loss > Math.log(2)) { // the relevant document has less than half the probability
            wrong++;
          }
          net.backward(q, fq, dq, grad);
          for (int k = 0; k < fd.length; k++) {
            net.backward(corpus.document(docs.get(k)), fd[k], dd[k], grad);
          }
          grad.applySgd(net, settings.learningRate());
        }
        double meanLoss = softmaxes == 0 ? 0 : lossSum / softmaxes;
        p.message(String.format(Locale.ROOT, "epoch %d of %d: loss %.4f", epoch, settings.epochs(), meanLoss));
        if (Double.isFinite(meanLoss) == false) {
          throw new IllegalStateException("DSSM loss diverged in epoch " + epoch + "; lower the learning rate with --lr (now "
              + settings.learningRate() + ")");
        }
        listener.afterEpoch(epoch, meanLoss, softmaxes == 0 ? 0 : (double) wrong / softmaxes, this);
        collapsedEpochs = EmbeddingCollapse.collapsed(net, corpus) ? collapsedEpochs + 1 : 0;
        if (collapsedEpochs == EmbeddingCollapse.EPOCHS_TO_STOP) {
          LOG.warning(String.format(Locale.ROOT, "DSSM training collapsed: in epochs %d and %d every sampled document got nearly"
              + " the same semantic vector (mean loss %.4f), so the network ranks nothing; stopped, the best epoch so far is"
              + " kept. Lower --lr (now %s), or keep the trigram TF-IDF term (--tfidf-weight above 0): on 20 Newsgroups"
              + " rate 0.1 without it saturated the network in epoch 4", epoch - 1, epoch, meanLoss, settings.learningRate()));
          break;
        }
      }
    }
    return snapshot();
  }

  @Override
  public RerankModel snapshot() {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("model", "DSSM: f(q,d) = cos(y(q), y(d)) + λ q·d, y a tanh network on unit idf-weighted letter-trigram vectors");
    info.put("tfidf_weight", Float.toString(settings.tfidfWeight()));
    StringBuilder arch = new StringBuilder(Integer.toString(net.terms));
    for (int w : net.widths) {
      arch.append('-').append(w);
    }
    info.put("architecture", arch.toString());
    info.put("word_hashing", "'#'-wrapped lower-cased words, letter trigrams (Lucene NGramTokenFilter 3..3), min df " + settings.minDocFreq());
    info.put("loss", "-log softmax over 1 relevant and " + settings.negatives() + " sampled documents, gamma " + settings.gamma() + ", SGD");
    info.put("learning_rate", Float.toString(settings.learningRate()));
    info.put("epochs", Integer.toString(settings.epochs()));
    info.put("hard_negative_fraction", Float.toString(settings.hardNegativeFraction()));
    info.put("hard_negative_depth", Integer.toString(settings.hardNegativeDepth()));
    info.put("hard_negatives", settings.modelNegatives() ? "the model's own top documents, each epoch" : "first-stage candidates");
    info.put("seed", Long.toString(settings.seed()));
    info.put("max_positives", Integer.toString(settings.maxPositives()));
    info.put("init", settings.lsaIterations() > 0
        ? "LSA start (" + settings.lsaIterations() + " subspace iterations) plus " + LSA_NOISE + " × uniform"
        : "uniform ±√(6 / (fan-in + fan-out))");
    Projection first = net.projection();
    return new RerankModel("dssm", info, corpus.analysis(), corpus.dictionary(), first, first, RerankModel.Similarity.COSINE, settings.tfidfWeight(),
        net.deepLayers());
  }
}
