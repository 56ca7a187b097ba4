package dev.semhash.training.cli;

import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.eval.LabelRankingEvaluation;
import dev.semhash.training.reference.OneVsRestLogisticRegression;
import dev.semhash.training.reference.ReferenceRankings;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash eval-references}: the rankings a table of codes is read against. */
@Command(
    name = "eval-references",
    header = "Rankings without codes to read eval-hash against: cosine, classifier.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Scores the queries of eval-hash (each test document ranks every training",
      "document; relevant = shares a label) with three rankings that use no code:",
      "  perfect          every training document sharing a label first: the",
      "                   ceiling",
      "  cosine           the exhaustive cosine of the documents' vectors (TF-IDF",
      "                   unless --weighting), the input that codes compress",
      "  label posterior  a linear classifier (one-vs-rest logistic regression on",
      "                   the same vectors, trained on the training documents'",
      "                   labels) scores each training document by the chance that",
      "                   it shares a label with the query: what supervised codes",
      "                   can hope for",
      "A code that beats the cosine has learned more than its input's geometry; one",
      "near the posterior holds about what a linear model reads in the text.",
      "",
      "Examples:",
      "  ./semhash eval-references --dataset ../shared/datasets/reuters21578",
      "  ./semhash eval-references --dataset ../shared/datasets/reuters21578 \\",
      "      --random-split 0.1",
      "  ./semhash eval-references --dataset ../shared/datasets/20newsgroups \\",
      "      --json 20ng-references.json"
    })
final class EvalReferencesCommand implements Callable<Integer> {
  @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset folder with docs.jsonl.gz (labels and a train/test split).")
  Path dataset;

  @Option(
      names = "--validation",
      paramLabel = "FRACTION",
      description = "Queries are round(FRACTION x the training documents), shuffled by --seed, as"
          + " eval-hash --validation draws them; the test split is not used.")
  Double validation;

  @Option(
      names = "--random-split",
      paramLabel = "FRACTION",
      description = "Pool the training and test documents and make a random FRACTION of them the"
          + " queries, as eval-hash --random-split (the thesis's Reuters split: 0.1).")
  Double randomSplit;

  @Option(
      names = "--classifier-epochs",
      paramLabel = "N",
      description = "Passes of the classifier over the training documents (default: 30).")
  int classifierEpochs = OneVsRestLogisticRegression.Settings.DEFAULT.epochs();

  @Option(
      names = "--classifier-learning-rate",
      paramLabel = "R",
      description = "The classifier's first step, divided by 1 + epoch/10 later (default: 1.0).")
  double classifierLearningRate = OneVsRestLogisticRegression.Settings.DEFAULT.learningRate();

  @Option(names = "--threads", paramLabel = "N", converter = ThreadCount.class, description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CorpusOptions corpusOptions;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    QuerySplit.check(validation, randomSplit);
    if (classifierEpochs < 1 || classifierEpochs > 1000) {
      throw new IllegalArgumentException("--classifier-epochs must be 1 to 1000, got " + classifierEpochs);
    }
    OneVsRestLogisticRegression.Settings settings =
        new OneVsRestLogisticRegression.Settings(classifierEpochs, classifierLearningRate);
    DatasetReader reader = new DatasetReader(dataset);
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("command", "eval-references");
    results.put("dataset", reader.name());
    results.put("seed", common.seed);
    try (Corpus corpus =
        QuerySplit.corpus(
            reader, corpusOptions.settings(), validation, randomSplit, common.seed, threads, common.progress(), results)) {
      if (corpus.test().numRows() == 0) {
        throw new IllegalArgumentException(
            "dataset " + dataset + " has no document with split \"test\"; the queries are test documents,"
                + " or give --validation 0.2 to draw them from the training documents");
      }
      HashRun.requireLabels(dataset, "eval-references", corpus,
          validation == null && randomSplit == null ? "test" : "query", results);
      ReferenceRankings.Result r =
          ReferenceRankings.evaluate(corpus, settings, 100, common.seed, threads, common.progress());
      results.putAll(json(r, corpus));
      print(reader.name(), r, corpus, (String) results.get("evaluated_on"));
    }
    if (common.json != null) {
      JsonReport.write(common.json, results);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }

  /**
   * The result's JSON keys, as {@code eval-references --json} writes them and reproduce reads them,
   * with the corpus settings the vectors were made with.
   */
  static Map<String, Object> json(ReferenceRankings.Result r, Corpus corpus) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("queries", r.cosine().queries());
    out.put("train_documents", r.cosine().documents());
    out.put("prec@100_ceiling", CommandSupport.round(r.ceiling()));
    out.put("cosine", figures(r.cosine()));
    Map<String, Object> posterior = figures(r.posterior());
    posterior.put("top_label_accuracy", CommandSupport.round(r.topLabelAccuracy()));
    Map<String, Object> classifier = new LinkedHashMap<>();
    classifier.put("model", "one-vs-rest logistic regression, SGD");
    classifier.put("epochs", r.settings().epochs());
    classifier.put("learning_rate", r.settings().learningRate());
    classifier.put("seed", r.seed());
    classifier.put("train_seconds", Math.round(r.classifierSeconds() * 1000) / 1000.0);
    posterior.put("classifier", classifier);
    out.put("label_posterior", posterior);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("stop_words", corpus.settings().analyzer().stopWords().cliName());
    settings.put("vocabulary_size", corpus.vocabulary().size());
    settings.put("weighting", corpus.settings().weighting().name().toLowerCase(Locale.ROOT));
    settings.put("normalize", corpus.settings().normalize());
    out.put("settings", settings);
    return out;
  }

  private static Map<String, Object> figures(LabelRankingEvaluation e) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("prec@100", CommandSupport.round(e.precision()));
    f.put("ndcg@100", CommandSupport.round(e.ndcg()));
    return f;
  }

  private static void print(String dataset, ReferenceRankings.Result r, Corpus corpus, String queries) {
    System.out.printf(
        Locale.ROOT,
        "reference rankings of %s (%s: %,d queries over %,d training documents, %,d terms)%n",
        dataset, queries.replace('_', ' '), r.cosine().queries(), r.cosine().documents(),
        corpus.vocabulary().size());
    System.out.printf(Locale.ROOT, "%-52s %9s %9s%n", "ranking", "prec@100", "ndcg@100");
    System.out.printf(Locale.ROOT, "%-52s %9.4f %9s%n", "perfect (every document sharing a label first)", r.ceiling(), "-");
    String vectors = ReferenceRankings.vectorName(corpus.settings().weighting().name().toLowerCase(Locale.ROOT));
    System.out.printf(
        Locale.ROOT, "%-52s %9.4f %9.4f%n", vectors + " cosine, exhaustive (unsupervised)", r.cosine().precision(), r.cosine().ndcg());
    System.out.printf(
        Locale.ROOT,
        "%-52s %9.4f %9.4f%n",
        "linear classifier's label posterior (supervised)",
        r.posterior().precision(),
        r.posterior().ndcg());
    System.out.printf(
        Locale.ROOT,
        "  one-vs-rest logistic regression, %d epochs from step %s, seed %d, %.1f s: its top label is"
            + " one of the query's for %.1f %% of the queries%n",
        r.settings().epochs(), r.settings().learningRate(), r.seed(), r.classifierSeconds(), 100 * r.topLabelAccuracy());
  }
}
