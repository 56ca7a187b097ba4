package dev.semhash.training.cli;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.rerank.DocumentTask;
import dev.semhash.training.rerank.DocumentTaskExperiment;
import dev.semhash.training.rerank.PairSource;
import dev.semhash.training.rerank.RerankExperiment;
import dev.semhash.training.retrieval.Bm25Index;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash train-rerank}: trains a rerank model and writes the model file. */
@Command(
    name = "train-rerank",
    header = "Trains a rerank model and writes the .rerankmodel file.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Trains a rerank model (SSI or S2Net on unit TF-IDF vectors, DSE's deep network",
      "on the most frequent terms, DSSM's tanh network on letter trigrams) and writes",
      "the .rerankmodel file that RerankVectorField (index time) and RerankQuery",
      "(query time) read. Training pairs (--pairs) come from one of four sources, so",
      "that every collection can train one:",
      "  qrels   judged training queries (queries.jsonl.gz + qrels.tsv.gz, as in",
      "          scifact); BM25 hard negatives; epoch and weight chosen on held-out",
      "          queries, and the test queries reranked through RerankQuery reported",
      "  labels  a document is the query, documents sharing its label are relevant",
      "  links   a document is the query, its linked documents (edges.tsv.gz, both",
      "          directions) are relevant",
      "  weak    no labels needed: a title is the query and its document relevant when",
      "          most documents have titles, else a document's top BM25 neighbours",
      "The default is the first the dataset supports in the order qrels, links, labels,",
      "weak. labels and weak train on the \"train\" split when the dataset has one. The",
      "epoch with the best validation MAP (nDCG@10 for qrels) is kept.",
      "",
      "Examples:",
      "  ./semhash train-rerank --model ssi --dataset ../shared/datasets/scifact \\",
      "      --out ssi.rerankmodel",
      "  ./semhash train-rerank --model ssi --dataset ../shared/datasets/20newsgroups \\",
      "      --pairs weak --out 20ng-weak.rerankmodel",
      "  ./semhash bench-rerank --dataset ../shared/datasets/scifact \\",
      "      --model ssi.rerankmodel"
    })
final class TrainRerankCommand implements Callable<Integer> {
  /** Trainable models. */
  enum Model {
    ssi,
    s2net,
    dse,
    dssm
  }

  @Option(names = "--model", required = true, paramLabel = "MODEL", description = "Model to train: ${COMPLETION-CANDIDATES}.")
  Model model;

  @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset folder (docs.jsonl.gz and, by pair source, more).")
  Path dataset;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "Model file to write (.rerankmodel).")
  Path out;

  @Option(names = "--pairs", paramLabel = "SOURCE", description = "qrels, labels, links or weak (default: what the dataset supports).")
  String pairs;

  @Option(names = "--validation-fraction", paramLabel = "F",
      description = "Share of queries (links for --pairs links) held out to choose the epoch (default: 0.2 for qrels, 0.1 otherwise).")
  Double validationFraction;

  @Option(names = "--weak-neighbours", paramLabel = "K", defaultValue = "5", description = "--pairs weak: BM25 neighbours taken as relevant (default: ${DEFAULT-VALUE}).")
  int weakNeighbours;

  @Mixin RerankModelOptions modelOptions;

  @Mixin CommonOptions common;

  /** Fails unless a given {@code --validation-fraction} is a share below 1 (0: no validation part). */
  static void checkValidationFraction(Double fraction) {
    if (fraction != null && (fraction >= 0 && fraction < 1) == false) {
      throw new IllegalArgumentException("--validation-fraction must be 0 or more and below 1, got " + fraction);
    }
  }

  @Override
  public Integer call() throws Exception {
    checkValidationFraction(validationFraction);
    // checked before training: an unwritable or precious path found after it wastes the training
    OutputFiles.check("--out", out, OutputFiles.Kind.RERANK_MODEL, dataset);
    OutputFiles.check("--json", common.json, OutputFiles.Kind.JSON, dataset, out);
    DatasetReader reader = new DatasetReader(dataset);
    PairSource source = pairs != null ? PairSource.parse(pairs) : defaultSource(reader);
    long start = System.nanoTime();
    RerankModel trained;
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("command", "train-rerank");
    results.put("dataset", reader.name());
    results.put("model", model.name());
    results.put("pairs", source.cliName());
    results.put("seed", common.seed);
    if (source == PairSource.QRELS) {
      if (reader.has("queries.jsonl") == false || reader.has("qrels.tsv") == false) {
        throw new IllegalArgumentException(
            dataset + " has no queries.jsonl.gz and qrels.tsv.gz, which --pairs qrels needs; use --pairs labels, links or weak");
      }
      RerankExperiment.Settings settings = modelOptions.experiment(model.name(), common.seed);
      settings = settings
          .with(validationFraction == null ? 0.2 : validationFraction, dev.semhash.rerank.search.RerankQuery.DEFAULT_TOP_N,
              modelOptions.minDf, null, Bm25Index.Settings.ANSERINI, "test")
          .withMaxTerms(modelOptions.maxTerms());
      RerankExperiment.Result r = RerankExperiment.run(reader.documents(), reader.queries(), reader.qrels(), settings, common.progress());
      trained = r.model();
      System.out.printf(
          "%s on %s, qrels pairs (%d training, %d validation queries): epoch %d, weight %s; test nDCG@10 %.4f (BM25 %.4f)%n",
          model, reader.name(), r.trainQueries(), r.validationQueries(), r.epoch(), r.weight(), r.interpolated().ndcg10(),
          r.baseline().ndcg10());
      results.put("chosen_epoch", r.epoch());
      results.put("weight", r.weight());
      results.put("test_ndcg@10", CommandSupport.round(r.interpolated().ndcg10()));
      results.put("test_bm25_ndcg@10", CommandSupport.round(r.baseline().ndcg10()));
    } else {
      List<Document> all = reader.documents();
      List<Document> docs = all.stream().anyMatch(Document::isTrain) && source != PairSource.LINKS
          ? all.stream().filter(Document::isTrain).toList()
          : all;
      if (source == PairSource.LINKS) {
        modelOptions.useLinkDefaults();
      } else if (source == PairSource.LABELS) {
        modelOptions.useLabelDefaults();
      }
      int[][] links = source == PairSource.LINKS
          ? DocumentTask.linkAdjacency(docs, reader.has("edges.tsv") ? reader.edges() : List.of())
          : null;
      DocumentTaskExperiment.Settings settings = new DocumentTaskExperiment.Settings(
          model.name(), modelOptions.trainer(model.name(), common.seed, false), source, DocumentTaskRun.analysis(),
          modelOptions.minDf, modelOptions.maxTerms(), validationFraction == null ? 0.1 : validationFraction, 1000,
          modelOptions.hardDepth(model.name(), false), weakNeighbours, 1000, common.seed, 2);
      DocumentTaskExperiment.Trained t = DocumentTaskExperiment.train(docs, links, settings, common.progress());
      trained = t.model();
      System.out.printf("%s on %s (%d documents), %s: epoch %d of %d, validation MAP %s%n", model, reader.name(), docs.size(),
          t.pairs(), t.epoch(), t.epochs().isEmpty() ? 0 : t.epochs().get(t.epochs().size() - 1).epoch(),
          t.epochs().stream().filter(e -> e.epoch() == t.epoch()).findFirst()
              .map(e -> String.format("%.4f", e.validationMap())).orElse("n/a"));
      results.put("pair_description", t.pairs());
      results.put("documents", docs.size());
      results.put("chosen_epoch", t.epoch());
      results.put("train_pairs", t.trainPairs());
    }
    RerankModelFormat.write(trained, out);
    results.put("settings", modelOptions.describe(model.name(), common.seed, source == PairSource.QRELS));
    results.put("dictionary_terms", trained.dictionary().size());
    results.put("seconds", CommandSupport.round((System.nanoTime() - start) / 1e9));
    results.put("model_file", out.toString());
    System.out.println("wrote " + out + ": " + trained);
    if (common.json != null) {
      JsonReport.write(common.json, results);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }

  private static PairSource defaultSource(DatasetReader reader) throws java.io.IOException {
    if (reader.has("queries.jsonl") && reader.has("qrels.tsv")) {
      return PairSource.QRELS;
    }
    if (reader.has("edges.tsv")) {
      return PairSource.LINKS;
    }
    return reader.documents().stream().anyMatch(d -> d.labels().isEmpty() == false) ? PairSource.LABELS : PairSource.WEAK;
  }
}
