package dev.semhash.training.rerank;

import dev.semhash.rerank.model.Projection;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.Document;
import dev.semhash.training.eval.ScoredRankingEvaluation;
import dev.semhash.training.eval.QueryScorer;
import dev.semhash.training.eval.ScoredRankingEvaluator;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Trains a reranking model on a collection's own pairs ({@link DocumentPairs}) and, for the
 * document-ranking tasks ({@link DocumentTask}), ranks the test queries' whole collection by TF-IDF
 * cosine, by BM25, by the model alone and by the model reranking BM25's hits as it would at search
 * time ({@code BM25 + w × model}), reporting MAP, P@10 and rank loss for each.
 *
 * <p><b>Training.</b> The dictionary is built from the candidates (every term in at least {@code
 * minDocFreq} of them, at most {@code maxTerms}). After each epoch the model ranks the validation
 * queries' collection; the epoch with the best validation MAP is kept. For a model that adds the
 * plain TF-IDF cosine to its projections' dot product (SSI's {@code W = UᵀV + I}), the weight of
 * the learnt part against the identity is chosen on validation too, from {@link #LEARNT_WEIGHTS}
 * (scaling both projections by its square root, so the model keeps SSI's form): trained with the
 * margin loss on few pairs, the learnt part can outgrow the cosine it was meant to refine.
 *
 * <p><b>Reranking BM25.</b> {@link FirstStageRerank} reranks BM25's top {@link
 * Interpolation#depth()} hits of each query (the candidates matching one of its terms) with {@code
 * f + w × m}, the arithmetic of {@link dev.semhash.rerank.search.RerankQuery}; the rest follow in
 * BM25 order. The weight {@code w} is
 * the smallest of {@link RerankExperiment#WEIGHT_GRID} with the best MAP on the kept model's
 * validation queries (0, BM25's own order, when the model does not help there).
 *
 * <p><b>Baselines.</b> TF-IDF cosine uses every term of the candidates (not the model's possibly
 * smaller dictionary); BM25 is {@link Bm25CorpusScorer} with Anserini's k1 = 0.9, b = 0.4. Rank
 * loss is measured on one fixed sample of triples (the same seed for every system).
 *
 * <pre class="prettyprint">
 * DocumentTaskExperiment.Result r = DocumentTaskExperiment.run(DocumentTask.docDoc(docs), settings, progress);
 * </pre>
 */
public final class DocumentTaskExperiment {
  /** Weights of the learnt part tried on validation (1: the model as trained). */
  public static final float[] LEARNT_WEIGHTS = {1f, 0.5f, 0.25f, 0.1f};

  private DocumentTaskExperiment() {}

  /**
   * @param method the model's name in reports
   * @param trainer makes the trainer once the corpus is known
   * @param pairs where the training pairs come from
   * @param analysis analysis of the documents
   * @param minDocFreq minimum document frequency of a model term
   * @param maxTerms most model terms (the most frequent)
   * @param validationFraction share of the pairs' queries (or links) held out for validation
   * @param maxValidation most validation queries
   * @param hardDepth TF-IDF neighbours of a training query used as hard-negative candidates
   * @param weakNeighbours BM25 neighbours taken as relevant by weak supervision
   * @param triples size of the rank-loss sample
   * @param seed seed of the pair split and the rank-loss sample
   * @param threads evaluation threads
   */
  public record Settings(
      String method, RerankExperiment.TrainerFactory trainer, PairSource pairs, AnalysisSettings analysis, int minDocFreq,
      int maxTerms, double validationFraction, int maxValidation, int hardDepth, int weakNeighbours, int triples, long seed,
      int threads) {}

  /** {best validation MAP, its learnt-part weight}. */
  private static double[] validationMap(
      ScoredRankingEvaluator validator, RerankModel model, RerankCorpus corpus, List<DocumentPairs.TrainQuery> validation,
      Settings s) {
    CorpusScorer scorer = CorpusScorer.of(model, corpus);
    double[] best = {Double.NEGATIVE_INFINITY, 1};
    for (float w : weighable(model) ? LEARNT_WEIGHTS : new float[] {1f}) {
      double map = validator.evaluate(
          (q, scores) -> {
            if (scorer.needsText()) { // a deep model with its own input vocabulary encodes the text
              scorer.scoreText(DocumentPairs.text(corpus, validation.get(q)), scores, w);
            } else {
              scorer.score(validation.get(q).vector(), scores, w);
            }
          }, 1000, s.seed(), s.threads(), ProgressReporter.NONE)
          .map();
      if (map > best[0]) {
        best[0] = map;
        best[1] = w;
      }
    }
    return best;
  }

  /**
   * Whether the model adds a TF-IDF term to a learnt dot product, so that the two can be weighed:
   * SSI's {@code UᵀV + I}, and DSE's {@code Φ(q)·Φ(d) + λ q·d} (the DSE paper's linear mix; on
   * CiteSeer's 2,662 training links its fine-tuned network alone fell to validation MAP 0.05 against
   * the mix's 0.16 before fine-tuning), and DSSM's {@code cos(y(q), y(d)) + λ q·d}.
   */
  static boolean weighable(RerankModel model) {
    return model.termOverlapWeight() != 0 && (model.kind() == RerankModel.Kind.PROJECTIONS || model.kind() == RerankModel.Kind.DEEP);
  }

  /**
   * {@code model} with its learnt part weighted by {@code weight} against the TF-IDF term: a linear
   * model with both projections scaled by {@code √weight}, a deep one (whose layers cannot be
   * scaled through their activations) with {@code λ / weight} instead, which ranks every
   * document list the same way.
   */
  static RerankModel weighLearntPart(RerankModel model, float weight) {
    if (weight == 1f) {
      return model;
    }
    Map<String, String> info = new LinkedHashMap<>(model.info());
    if (model.kind() == RerankModel.Kind.DEEP) {
      info.put("learnt_part_weight", Float.toString(weight) + " (chosen on validation; the TF-IDF weight divided by it)");
      return new RerankModel(model.method(), info, model.analysis(), model.dictionary(), model.queryProjection(),
          model.documentProjection(), model.similarity(), model.termOverlapWeight() / weight, model.deepLayers());
    }
    info.put("learnt_part_weight", Float.toString(weight) + " (chosen on validation; projections scaled by its square root)");
    float scale = (float) Math.sqrt(weight);
    Projection a = scaled(model.queryProjection(), scale);
    Projection b = model.sharedProjection() ? a : scaled(model.documentProjection(), scale);
    return new RerankModel(model.method(), info, model.analysis(), model.dictionary(), a, b, model.similarity(), model.termOverlapWeight());
  }

  private static Projection scaled(Projection p, float scale) {
    float[] w = new float[p.terms() * p.dimension()];
    for (int t = 0; t < p.terms(); t++) {
      for (int j = 0; j < p.dimension(); j++) {
        w[t * p.dimension() + j] = p.weight(t, j) * scale;
      }
    }
    return new Projection(p.terms(), p.dimension(), w);
  }

  /**
   * Validation figures after one epoch (epoch 0: before training).
   *
   * @param validationMap the best validation MAP over the learnt-part weights
   * @param learntWeight the weight it was reached with (1 where none is tried)
   */
  public record EpochLog(int epoch, double meanLoss, double violatedFraction, double validationMap, float learntWeight) {}

  /** A trained model and how it was chosen. */
  public record Trained(
      RerankModel model, RerankCorpus corpus, int epoch, List<EpochLog> epochs, int trainQueries, long trainPairs,
      List<DocumentPairs.TrainQuery> validation, String pairs, double trainSeconds) {
    /** Number of validation queries. */
    public int validationQueries() {
      return validation.size();
    }
  }

  /**
   * How the model reranks BM25's hits in the {@code BM25 + w × model} run, as {@link
   * dev.semhash.rerank.search.RerankQuery} does at search time.
   *
   * @param depth BM25 hits reranked per query
   * @param fixedWeight the weight {@code w}, or null to choose it on the validation queries from
   *     {@link RerankExperiment#WEIGHT_GRID}
   */
  public record Interpolation(int depth, Float fixedWeight) {
    /** The search-time default: BM25's top 1000, the weight chosen on validation. */
    public static final Interpolation DEFAULT = new Interpolation(1000, null);

    public Interpolation {
      if (depth <= 0) {
        throw new IllegalArgumentException("rerank depth must be positive, got " + depth);
      }
      if (fixedWeight != null && (Float.isFinite(fixedWeight) == false || fixedWeight < 0)) {
        throw new IllegalArgumentException("weight must be finite and >= 0, got " + fixedWeight);
      }
    }
  }

  /**
   * The model reranking BM25's top {@link Interpolation#depth()} hits of each test query with
   * {@code f + w × m} (both min-max normalised over the hits, {@link FirstStageRerank}).
   *
   * @param weight {@code w}
   * @param chosen true if {@code w} was chosen on the validation queries, false if it was given
   * @param depth hits reranked per query
   * @param validationBm25Map BM25's MAP on the validation queries (NaN without validation)
   * @param validationMap the reranking's MAP on the validation queries with {@code w} (NaN without)
   * @param test the reranking on the test queries
   */
  public record Interpolated(
      float weight, boolean chosen, int depth, double validationBm25Map, double validationMap, ScoredRankingEvaluation test) {}

  /**
   * @param tfIdf TF-IDF cosine on the test queries
   * @param bm25 BM25
   * @param model the trained model, ranking the whole collection alone
   * @param interpolated the trained model reranking BM25's hits
   */
  public record Result(
      Trained trained, ScoredRankingEvaluation tfIdf, ScoredRankingEvaluation bm25, ScoredRankingEvaluation model,
      Interpolated interpolated) {}

  /** Trains on the task's candidates and evaluates the test queries, the model reranking BM25's top 1000. */
  public static Result run(DocumentTask task, Settings s, ProgressReporter progress) throws IOException {
    return run(task, s, Interpolation.DEFAULT, progress);
  }

  /** Trains on the task's candidates and evaluates the test queries: the model alone and reranking BM25's hits. */
  public static Result run(DocumentTask task, Settings s, Interpolation interpolation, ProgressReporter progress)
      throws IOException {
    Trained trained = train(task.candidates(), task.trainingLinks(), s, progress);
    Bm25CorpusScorer bm25 = bm25(task.candidates(), s);
    Result baselines = baselines(task, s, bm25, progress);
    CorpusScorer scorer = CorpusScorer.of(trained.model(), trained.corpus());
    List<Document> queries = task.queries();
    TermVector[] vectors = scorer.needsText() ? null : vectors(trained.corpus(), queries);
    QueryScorer modelScores = (q, scores) -> {
      if (vectors == null) {
        scorer.scoreText(Bm25Index.contents(queries.get(q)), scores);
      } else {
        scorer.score(vectors[q], scores);
      }
    };
    ScoredRankingEvaluation model = task.evaluator().evaluate(modelScores, s.triples(), s.seed(), s.threads(), progress);
    float weight;
    double[] validation = {Double.NaN, Double.NaN};
    if (interpolation.fixedWeight() != null) {
      weight = interpolation.fixedWeight();
    } else {
      validation = chooseWeight(trained, bm25, scorer, interpolation.depth(), s);
      weight = (float) validation[2];
    }
    int[][] excluded = task.excluded(); // null where no document is left out (doc-doc)
    int[] none = new int[0];
    FirstStageRerank rerank = new FirstStageRerank(interpolation.depth(), Combination.INTERPOLATE, weight);
    ScoredRankingEvaluation reranked = task.evaluator().evaluate(
        (q, scores) -> {
          double[] first = new double[scores.length];
          bm25.score(Bm25Index.contents(queries.get(q)), first);
          modelScores.score(q, scores);
          rerank.score(first, scores, excluded == null ? none : excluded[q], scores);
        }, s.triples(), s.seed(), s.threads(), progress);
    Interpolated interpolated = new Interpolated(
        weight, interpolation.fixedWeight() == null, interpolation.depth(), validation[0], validation[1], reranked);
    return new Result(trained, baselines.tfIdf(), baselines.bm25(), model, interpolated);
  }

  /**
   * {BM25's validation MAP, the best reranking's, its weight}: the smallest weight of {@link
   * RerankExperiment#WEIGHT_GRID} with the best validation MAP (weight 0 is BM25's own order), or
   * BM25 alone when nothing is held out.
   */
  private static double[] chooseWeight(Trained trained, Bm25CorpusScorer bm25, CorpusScorer scorer, int depth, Settings s) {
    List<DocumentPairs.TrainQuery> validation = trained.validation();
    if (validation.isEmpty()) {
      return new double[] {Double.NaN, Double.NaN, 0};
    }
    RerankCorpus corpus = trained.corpus();
    int n = corpus.size();
    // each query's scores are computed once and reused for every weight tried
    double[][] first = new double[validation.size()][];
    double[][] model = new double[validation.size()][];
    for (int q = 0; q < validation.size(); q++) {
      DocumentPairs.TrainQuery query = validation.get(q);
      String text = DocumentPairs.text(corpus, query);
      first[q] = new double[n];
      bm25.score(text, first[q]);
      model[q] = new double[n];
      if (scorer.needsText()) {
        scorer.scoreText(text, model[q]);
      } else {
        scorer.score(query.vector(), model[q]);
      }
    }
    ScoredRankingEvaluator validator = validator(validation, n);
    double[] best = {Double.NaN, Double.NEGATIVE_INFINITY, 0};
    for (float w : RerankExperiment.WEIGHT_GRID) {
      FirstStageRerank rerank = new FirstStageRerank(depth, Combination.INTERPOLATE, w);
      double map = validator.evaluate(
          (q, scores) -> rerank.score(first[q], model[q], validation.get(q).excluded(), scores), 1000, s.seed(), s.threads(), ProgressReporter.NONE)
          .map();
      if (w == 0f) {
        best[0] = map;
      }
      if (map > best[1]) {
        best[1] = map;
        best[2] = w;
      }
    }
    return best;
  }

  private static ScoredRankingEvaluator validator(List<DocumentPairs.TrainQuery> validation, int numDocs) {
    return new ScoredRankingEvaluator(
        numDocs,
        validation.stream().map(DocumentPairs.TrainQuery::relevant).toArray(int[][]::new),
        validation.stream().map(DocumentPairs.TrainQuery::excluded).toArray(int[][]::new));
  }

  private static Bm25CorpusScorer bm25(List<Document> docs, Settings s) {
    return new Bm25CorpusScorer(docs, s.analysis(), Bm25Index.Settings.ANSERINI.k1(), Bm25Index.Settings.ANSERINI.b());
  }

  /** TF-IDF cosine and BM25 on the test queries (no model: only {@link Result#tfIdf()} and {@link Result#bm25()} are set). */
  public static Result baselines(DocumentTask task, Settings s, ProgressReporter progress) {
    return baselines(task, s, bm25(task.candidates(), s), progress);
  }

  private static Result baselines(DocumentTask task, Settings s, Bm25CorpusScorer bm25, ProgressReporter progress) {
    List<Document> queries = task.queries();
    ScoredRankingEvaluator evaluator = task.evaluator();
    RerankCorpus full = RerankCorpus.build(task.candidates(), s.analysis(), 1);
    ScoredRankingEvaluation tfIdf = evaluate(evaluator, CorpusScorer.tfIdf(full), vectors(full, queries), s, progress);
    ScoredRankingEvaluation bm25Eval = evaluator.evaluate(
        (q, scores) -> bm25.score(Bm25Index.contents(queries.get(q)), scores), s.triples(), s.seed(), s.threads(), progress);
    return new Result(null, tfIdf, bm25Eval, null, null);
  }

  private static TermVector[] vectors(RerankCorpus corpus, List<Document> docs) {
    TermVector[] v = new TermVector[docs.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = corpus.vectorizer().vectorize(Bm25Index.contents(docs.get(i)));
    }
    return v;
  }

  private static ScoredRankingEvaluation evaluate(
      ScoredRankingEvaluator evaluator, CorpusScorer scorer, TermVector[] queries, Settings s, ProgressReporter progress) {
    return evaluator.evaluate((q, scores) -> scorer.score(queries[q], scores), s.triples(), s.seed(), s.threads(),
        progress);
  }

  /**
   * Trains a model on {@code docs} with the settings' pair source, keeping the epoch with the best
   * validation MAP (the last one if nothing is held out).
   *
   * @param links each document's linked documents, for {@link PairSource#LINKS}; else may be null
   */
  public static Trained train(List<Document> docs, int[][] links, Settings s, ProgressReporter progress) throws IOException {
    RerankCorpus corpus = RerankCorpus.build(docs, s.analysis(), s.minDocFreq(), s.maxTerms());
    DocumentPairs pairs = DocumentPairs.build(
        s.pairs(), corpus, links, s.validationFraction(), s.maxValidation(), s.weakNeighbours(), s.seed(), progress);
    List<RerankExamples.Example> examples = pairs.trainingExamples(corpus, s.hardDepth(), progress);
    List<DocumentPairs.TrainQuery> validation = pairs.validation();
    ScoredRankingEvaluator validator = validation.isEmpty() ? null : validator(validation, corpus.size());
    List<EpochLog> log = new ArrayList<>();
    Object[] best = {null, 0, Double.NEGATIVE_INFINITY};
    long start = System.nanoTime();
    RerankTrainer trainer = s.trainer().create(corpus);
    trainer.prepare(progress);
    if (validator != null) {
      // the model before fine-tuning, for reference (epoch 0 is reported, never chosen)
      double[] initial = validationMap(validator, trainer.snapshot(), corpus, validation, s);
      log.add(new EpochLog(0, Double.NaN, Double.NaN, initial[0], (float) initial[1]));
    }
    RerankModel last = trainer.train(examples, (epoch, loss, violated, t) -> {
      if (validator == null) {
        log.add(new EpochLog(epoch, loss, violated, Double.NaN, 1f));
        return;
      }
      RerankModel snapshot = t.snapshot();
      double[] map = validationMap(validator, snapshot, corpus, validation, s);
      log.add(new EpochLog(epoch, loss, violated, map[0], (float) map[1]));
      if (map[0] > (double) best[2]) {
        best[0] = weighLearntPart(snapshot, (float) map[1]);
        best[1] = epoch;
        best[2] = map[0];
      }
    }, progress);
    double seconds = (System.nanoTime() - start) / 1e9;
    RerankModel model = best[0] == null ? last : (RerankModel) best[0];
    int epoch = best[0] == null ? log.size() - (validator == null ? 0 : 1) : (int) best[1];
    return new Trained(model, corpus, epoch, log, examples.size(), pairs.pairs(), List.copyOf(validation), pairs.description(), seconds);
  }
}
