package dev.semhash.training.rerank;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Qrel;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.eval.RetrievalEvaluation;
import dev.semhash.training.eval.RetrievalEvaluator;
import dev.semhash.training.eval.Run;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The whole rerank protocol on a query/qrels dataset such as SciFact: hold out a seeded share of
 * the training queries for validation; train a model (SSI, S2Net) on the rest with BM25 hard
 * negatives; after each
 * epoch rerank the validation queries' BM25 top N offline and keep the (epoch, interpolation
 * weight) with the best nDCG@10 among those that keep BM25's validation Recall@100 on every
 * validation query (weight 0, BM25's own order, always does, so a model that cannot rerank without
 * losing first-stage hits falls back to BM25); then index the collection with the chosen model's vectors and
 * rerank the test queries' BM25 top N through the real {@link
 * dev.semhash.rerank.search.RerankQuery}, interpolated and replaced.
 *
 * <pre class="prettyprint">
 * RerankExperiment.Result r = RerankExperiment.run(docs, queries, qrels,
 *     RerankExperiment.Settings.ssi(SsiSettings.defaults(42)), progress);
 * </pre>
 */
public final class RerankExperiment {
  /**
   * Interpolation weights tried on the validation queries, smallest first (ties go to the smaller);
   * 0 is BM25's own order, the fallback when every other weight loses first-stage hits.
   */
  public static final float[] WEIGHT_GRID = {0f, 0.05f, 0.1f, 0.2f, 0.3f, 0.5f, 0.75f, 1f, 1.5f, 2f, 3f, 5f};

  /** Makes the trainer once the corpus (dictionary) is known. */
  public interface TrainerFactory {
    RerankTrainer create(RerankCorpus corpus);
  }

  /**
   * @param method the model's name in runs and reports ({@code ssi}, {@code s2net})
   * @param trainer makes the trainer
   * @param hardNegativeDepth first-stage depth kept for the training queries (hard negatives)
   * @param seed seeds the validation split (the trainer has its own seed)
   * @param validationFraction share of the training queries held out for validation, in (0, 1)
   * @param depth first-stage hits reranked
   * @param minDocFreq minimum document frequency of a dictionary term
   * @param fixedWeight the interpolation weight to use, or null to choose it on validation
   * @param bm25 first-stage settings
   * @param trainSplit split of the training queries
   * @param testSplit split of the evaluated queries
   * @param maxTerms most dictionary terms (the most frequent)
   */
  public record Settings(
      String method, TrainerFactory trainer, int hardNegativeDepth, long seed, double validationFraction, int depth,
      int minDocFreq, Float fixedWeight, Bm25Index.Settings bm25, String trainSplit, String testSplit, int maxTerms) {
    /** Every term with at least {@code minDocFreq} documents. */
    public Settings(
        String method, TrainerFactory trainer, int hardNegativeDepth, long seed, double validationFraction, int depth,
        int minDocFreq, Float fixedWeight, Bm25Index.Settings bm25, String trainSplit, String testSplit) {
      this(method, trainer, hardNegativeDepth, seed, validationFraction, depth, minDocFreq, fixedWeight, bm25, trainSplit, testSplit,
          Integer.MAX_VALUE);
    }

    /** SSI with the protocol's defaults: 20% validation, BM25 top 1000, every term. */
    public static Settings ssi(SsiSettings ssi) {
      return new Settings("ssi", corpus -> new SsiTrainer(corpus, ssi), ssi.hardNegativeDepth(), ssi.seed(), 0.2, 1000, 1, null,
          Bm25Index.Settings.ANSERINI, "train", "test");
    }

    /** S2Net with the protocol's defaults. */
    public static Settings s2net(S2NetSettings s2net) {
      return new Settings("s2net", corpus -> new S2NetTrainer(corpus, s2net), s2net.hardNegativeDepth(), s2net.seed(), 0.2, 1000,
          1, null, Bm25Index.Settings.ANSERINI, "train", "test");
    }

    /** DSE with the protocol's defaults. */
    public static Settings dse(DseSettings dse) {
      return new Settings("dse", corpus -> new DseTrainer(corpus, dse), dse.hardNegativeDepth(), dse.seed(), 0.2, 1000, 1, null,
          Bm25Index.Settings.ANSERINI, "train", "test");
    }

    /** DSSM with the protocol's defaults. */
    public static Settings dssm(DssmSettings dssm) {
      return new Settings("dssm", corpus -> new DssmTrainer(corpus, dssm), dssm.hardNegativeDepth(), dssm.seed(), 0.2, 1000, 1,
          null, Bm25Index.Settings.ANSERINI, "train", "test");
    }

    public Settings {
      if (!(validationFraction > 0 && validationFraction < 1)) {
        throw new IllegalArgumentException("validation fraction must be in (0, 1), got " + validationFraction);
      }
      if (depth <= 0 || hardNegativeDepth <= 0) {
        throw new IllegalArgumentException("depths must be positive, got " + depth + " and " + hardNegativeDepth);
      }
      if (fixedWeight != null && (Float.isFinite(fixedWeight) == false || fixedWeight < 0)) {
        throw new IllegalArgumentException("weight must be finite and >= 0, got " + fixedWeight);
      }
      // the model trains (and chooses its epoch and weight) on the training split's queries:
      // evaluating that split would report training queries as test figures
      if (java.util.Objects.equals(trainSplit, testSplit)) {
        throw new IllegalArgumentException(
            "the evaluated split \"" + testSplit + "\" is the split the model trains on; evaluate another one (--split test)");
      }
    }

    public Settings with(double validationFraction, int depth, int minDocFreq, Float fixedWeight, Bm25Index.Settings bm25, String testSplit) {
      return new Settings(method, trainer, hardNegativeDepth, seed, validationFraction, depth, minDocFreq, fixedWeight, bm25, trainSplit, testSplit,
          maxTerms);
    }

    public Settings withMaxTerms(int maxTerms) {
      return new Settings(method, trainer, hardNegativeDepth, seed, validationFraction, depth, minDocFreq, fixedWeight, bm25, trainSplit, testSplit,
          maxTerms);
    }
  }

  /** Validation figures after one epoch. */
  public record EpochLog(int epoch, double meanLoss, double violatedFraction, float bestWeight, double ndcg10, double replaceNdcg10) {}

  /**
   * @param model the chosen model
   * @param epoch the epoch it is from
   * @param weight the interpolation weight used on the test queries
   * @param validationBaseline BM25 on the validation queries
   * @param validationBest the chosen interpolated reranking on the validation queries
   * @param baseline BM25 on the test queries, through the rerank index
   * @param interpolated the test queries reranked with {@code 1 + f + weight × m}
   * @param replaced the test queries reranked by the model score alone
   */
  public record Result(
      RerankModel model, int epoch, float weight, int trainQueries, int validationQueries,
      RetrievalEvaluation validationBaseline, RetrievalEvaluation validationBest,
      RetrievalEvaluation baseline, RetrievalEvaluation interpolated, RetrievalEvaluation replaced,
      List<EpochLog> epochs, double trainSeconds, double rerankMsPerQuery, double baselineMsPerQuery,
      Subset unseen) {}

  /**
   * Test queries none of whose relevant documents is relevant to a training query: what the model
   * does where it cannot have learnt which documents tend to be relevant.
   *
   * @param queries how many such queries there are
   * @param baselineNdcg10 BM25's mean nDCG@10 on them
   * @param interpolatedNdcg10 the interpolated reranking's
   * @param replacedNdcg10 the model-alone reranking's
   */
  public record Subset(int queries, double baselineNdcg10, double interpolatedNdcg10, double replacedNdcg10) {}

  static Subset unseen(Qrels trainQrels, Qrels testQrels, RetrievalEvaluation base, RetrievalEvaluation inter, RetrievalEvaluation repl) {
    Set<String> seen = new java.util.HashSet<>();
    for (String q : trainQrels.queryIds()) {
      trainQrels.judgements(q).forEach((d, g) -> {
        if (g > 0) {
          seen.add(d);
        }
      });
    }
    Set<String> unseenQueries = new java.util.HashSet<>();
    for (String q : testQrels.queryIds()) {
      if (testQrels.judgements(q).entrySet().stream().noneMatch(e -> e.getValue() > 0 && seen.contains(e.getKey()))) {
        unseenQueries.add(q);
      }
    }
    return new Subset(unseenQueries.size(), mean(base, unseenQueries), mean(inter, unseenQueries), mean(repl, unseenQueries));
  }

  private static double mean(RetrievalEvaluation e, Set<String> queries) {
    return e.perQuery().stream().filter(q -> queries.contains(q.queryId())).mapToDouble(RetrievalEvaluation.QueryResult::ndcg10)
        .average().orElse(Double.NaN);
  }

  private RerankExperiment() {}

  /**
   * Whether validation result {@code a} beats {@code b}: one that keeps BM25's Recall@100 beats one
   * that lowers it (reranking must not lose what the first stage found), then higher nDCG@10 wins.
   */
  static boolean better(RetrievalEvaluation a, RetrievalEvaluation b, RetrievalEvaluation baseline) {
    boolean aKeeps = keepsRecall(a, baseline);
    boolean bKeeps = keepsRecall(b, baseline);
    return aKeeps != bKeeps ? aKeeps : a.ndcg10() > b.ndcg10();
  }

  /**
   * Whether {@code e} keeps the first stage's Recall@100: in the mean and, where per-query results
   * are known, with confidence. A weight qualifies if no query loses a hit, or if the mean per-query
   * change in Recall@100 stays non-negative one standard error below its estimate. Requiring no
   * loss on any query is too strict for strong models (on SciFact it rejects every SSI weight that
   * helps); the mean alone is too loose: on ~80 validation queries a weight can trade one query's
   * lost hit for another's gain by chance and then lower the test queries' Recall@100.
   */
  static boolean keepsRecall(RetrievalEvaluation e, RetrievalEvaluation baseline) {
    if (e.recall100() < baseline.recall100() - 1e-9) {
      return false;
    }
    Map<String, Double> base = new HashMap<>();
    for (RetrievalEvaluation.QueryResult q : baseline.perQuery()) {
      base.put(q.queryId(), q.recall100());
    }
    int n = 0;
    double sum = 0;
    double sumSquares = 0;
    boolean anyLoss = false;
    for (RetrievalEvaluation.QueryResult q : e.perQuery()) {
      Double r = base.get(q.queryId());
      if (r != null) {
        double d = q.recall100() - r;
        anyLoss |= d < -1e-9;
        n++;
        sum += d;
        sumSquares += d * d;
      }
    }
    if (anyLoss == false) {
      return true;
    }
    double mean = sum / n;
    double variance = n > 1 ? Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) : 0;
    return mean - Math.sqrt(variance / n) >= -1e-9;
  }

  /** Runs the protocol; see the class documentation. */
  public static Result run(List<Document> docs, List<Query> queries, List<Qrel> qrels, Settings s, ProgressReporter progress)
      throws IOException {
    Set<String> queryIds = queries.stream().map(Query::id).collect(Collectors.toSet());
    Set<String> docIds = docs.stream().map(Document::id).collect(Collectors.toSet());
    Qrels trainQrels = Qrels.of(qrels, s.trainSplit(), queryIds, docIds, "qrels (" + s.trainSplit() + ")");
    Qrels testQrels = Qrels.of(qrels, s.testSplit(), queryIds, docIds, "qrels (" + s.testSplit() + ")");
    List<Query> trainAll = new ArrayList<>(queries.stream()
        .filter(q -> s.trainSplit().equals(q.split()) && trainQrels.numRelevant(q.id()) > 0).toList());
    List<Query> test = queries.stream().filter(q -> s.testSplit().equals(q.split())).toList();
    if (trainAll.size() < 2 || test.isEmpty()) {
      throw new IllegalArgumentException(
          "need at least 2 judged \"" + s.trainSplit() + "\" queries and one \"" + s.testSplit() + "\" query, found "
              + trainAll.size() + " and " + test.size());
    }
    Collections.shuffle(trainAll, new Random(s.seed()));
    int numValidation = Math.max(1, (int) Math.round(trainAll.size() * s.validationFraction()));
    List<Query> validation = trainAll.subList(0, numValidation);
    List<Query> train = trainAll.subList(numValidation, trainAll.size());

    AnalysisSettings analysis = RerankCorpus.analysisOf(s.bm25().analysis());
    RerankCorpus corpus = RerankCorpus.build(docs, analysis, s.minDocFreq(), s.maxTerms());
    List<RerankExamples.Example> trainExamples;
    List<RerankExamples.Example> validationExamples;
    try (Bm25Index bm25 = Bm25Index.build(docs, s.bm25(), new ByteBuffersDirectory(), progress)) {
      trainExamples = RerankExamples.build(train, trainQrels, bm25, corpus, s.hardNegativeDepth(), progress);
      validationExamples = RerankExamples.build(validation, trainQrels, bm25, corpus, s.depth(), progress);
    }
    // judged over the validation queries only, so that the figures are the validation queries' means
    Set<String> validationIds = validation.stream().map(Query::id).collect(Collectors.toSet());
    Qrels validationQrels = Qrels.of(
        qrels.stream().filter(q -> validationIds.contains(q.queryId())).toList(), s.trainSplit(), validationIds, docIds,
        "qrels (validation)");
    RetrievalEvaluation validationBaseline =
        RetrievalEvaluator.evaluate(CandidateReranker.firstStage(validationExamples, corpus, "bm25"), validationQrels);

    List<EpochLog> log = new ArrayList<>();
    Object[] best = {null, 0, 0f, null}; // model, epoch, weight, evaluation
    long start = System.nanoTime();
    RerankTrainer trainer = s.trainer().create(corpus);
    SsiTrainer.EpochListener listener = (epoch, loss, violated, t) -> {
      RerankModel snapshot = t.snapshot();
      CandidateReranker reranker = new CandidateReranker(snapshot, corpus);
      float[] weights = s.fixedWeight() == null ? WEIGHT_GRID : new float[] {s.fixedWeight()};
      RetrievalEvaluation epochBest = null;
      float epochWeight = 0;
      for (float w : weights) {
        RetrievalEvaluation e = RetrievalEvaluator.evaluate(
            reranker.rerank(validationExamples, Combination.INTERPOLATE, w, s.method()), validationQrels);
        if (epochBest == null || better(e, epochBest, validationBaseline)) {
          epochBest = e;
          epochWeight = w;
        }
      }
      double replace = RetrievalEvaluator.evaluate(
          reranker.rerank(validationExamples, Combination.REPLACE, 0f, s.method()), validationQrels).ndcg10();
      log.add(new EpochLog(epoch, loss, violated, epochWeight, epochBest.ndcg10(), replace));
      if (best[3] == null || better(epochBest, (RetrievalEvaluation) best[3], validationBaseline)) {
        best[0] = snapshot;
        best[1] = epoch;
        best[2] = epochWeight;
        best[3] = epochBest;
      }
    };
    RerankModel last = trainer.train(trainExamples, listener, progress);
    double trainSeconds = (System.nanoTime() - start) / 1e9;
    RerankModel model = best[0] == null ? last : (RerankModel) best[0];
    float weight = best[0] == null ? (s.fixedWeight() == null ? 0f : s.fixedWeight()) : (float) best[2];

    try (RerankSearchIndex index = RerankSearchIndex.build(docs, s.bm25(), model, progress)) {
      long t0 = System.nanoTime();
      Run baseline = index.firstStage(test, s.depth(), "bm25");
      long t1 = System.nanoTime();
      Run interpolated = index.rerank(test, s.depth(), Combination.INTERPOLATE, weight, s.method() + "-interpolate");
      long t2 = System.nanoTime();
      Run replaced = index.rerank(test, s.depth(), Combination.REPLACE, 0f, s.method() + "-replace");
      RetrievalEvaluation base = RetrievalEvaluator.evaluate(baseline, testQrels);
      RetrievalEvaluation inter = RetrievalEvaluator.evaluate(interpolated, testQrels);
      RetrievalEvaluation repl = RetrievalEvaluator.evaluate(replaced, testQrels);
      return new Result(
          model, (int) best[1], weight, train.size(), validation.size(), validationBaseline, (RetrievalEvaluation) best[3],
          base, inter, repl, log, trainSeconds, (t2 - t1) / 1e6 / test.size(), (t1 - t0) / 1e6 / test.size(),
          unseen(trainQrels, testQrels, base, inter, repl));
    }
  }
}
