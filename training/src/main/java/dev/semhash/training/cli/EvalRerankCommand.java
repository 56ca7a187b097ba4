package dev.semhash.training.cli;

import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.eval.RetrievalEvaluation;
import dev.semhash.training.eval.RetrievalEvaluator;
import dev.semhash.training.eval.Run;
import dev.semhash.training.retrieval.Bm25Index;
import dev.semhash.training.rerank.RerankExperiment;
import dev.semhash.training.rerank.DseSettings;
import dev.semhash.training.rerank.DssmSettings;
import dev.semhash.training.rerank.S2NetSettings;
import dev.semhash.training.rerank.SsiSettings;
import dev.semhash.rerank.model.RerankModelFormat;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash eval-rerank}: first-stage BM25 and rerankers on a query/qrels dataset. */
@Command(
    name = "eval-rerank",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Ranks a retrieval dataset's test queries with Lucene BM25 and reports nDCG@10,",
      "Recall@100, Recall@1000, MAP and MRR@10 against its relevance judgements.",
      "",
      "The dataset folder holds docs.jsonl.gz (id, title, text), queries.jsonl.gz",
      "(id, text, split) and qrels.tsv.gz (query_id, doc_id, relevance, split), as",
      "../shared/datasets/scifact does. BM25 runs over title + text with Anserini's",
      "settings (k1 = 0.9, b = 0.4, Porter-stemmed English analysis).",
      "",
      "With --model ssi, Supervised Semantic Indexing (f(q,d) = qᵀ(UᵀV + I)d on unit TF-IDF",
      "vectors, margin ranking loss, SGD with BM25 hard negatives) is trained on the training",
      "queries minus a held-out validation share; the epoch and the interpolation weight with",
      "the best validation nDCG@10 are kept. The collection is then indexed with each",
      "document's model vector and BM25's top --depth hits of every test query are reranked",
      "through the Lucene RerankQuery: interpolated (1 + f + w × m, both min-max normalised",
      "over the hits; reported as \"reranked\") and replaced (model score alone).",
      "",
      "With --model s2net, S2Net (cos(A q, A d), pairwise logistic loss with gamma 10, LSA",
      "initialisation, Adam) is trained and evaluated the same way.",
      "",
      "With --model dse, Deep Semantic Embedding (Φ(q)·Φ(d) + λ q·d, Φ a D-D/2-D/2-D-C",
      "network on unit TF-IDF vectors over the --dse-terms most frequent terms, pretrained",
      "as stacked RBMs with CD-1, fine-tuned with the margin ranking loss, momentum 0.9,",
      "weight decay 1e-4; λ = --tfidf-weight) and with --model dssm, DSSM (letter-trigram",
      "word hashing, a 300-300-128 tanh network, cosine, softmax over the relevant and",
      "--negatives sampled documents with smoothing --gamma) are trained the same way.",
      "",
      "Examples:",
      "  ./semhash eval-rerank --dataset ../shared/datasets/scifact --model bm25 --json out.json",
      "  ./semhash eval-rerank --dataset ../shared/datasets/scifact --model ssi --json out.json"
    })
final class EvalRerankCommand implements Callable<Integer> {
  /** Models this build can evaluate. */
  enum Model {
    bm25,
    ssi,
    s2net,
    dse,
    dssm
  }

  @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset folder (e.g. ../shared/datasets/scifact).")
  Path dataset;

  @Option(
      names = "--model",
      defaultValue = "bm25",
      paramLabel = "MODEL",
      description = "Model to evaluate: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Model model;

  @Option(names = "--split", defaultValue = "test", description = "Which queries to evaluate (default: ${DEFAULT-VALUE}).")
  String split;

  @Option(names = "--depth", defaultValue = "1000", description = "Hits retrieved per query (default: ${DEFAULT-VALUE}).")
  int depth;

  @Option(names = "--k1", defaultValue = "0.9", description = "BM25 k1 (default: ${DEFAULT-VALUE}).")
  float k1;

  @Option(names = "--b", defaultValue = "0.4", description = "BM25 b (default: ${DEFAULT-VALUE}).")
  float b;

  @Option(names = "--dim", defaultValue = "128", description = "SSI: rank of U and V; S2Net: columns of A (default: ${DEFAULT-VALUE}).")
  int dim;

  @Option(names = "--epochs", paramLabel = "N", description = "Training epochs; the best on validation is kept (default: SSI 10, S2Net 15).")
  Integer epochs;

  @Option(names = "--lr", paramLabel = "RATE", description = "Learning rate: SSI's SGD step (default 0.05), S2Net's Adam step (default 0.01).")
  Float learningRate;

  @Option(names = "--gamma", defaultValue = "10", description = "S2Net: scale of the cosine difference in the loss (default: ${DEFAULT-VALUE}).")
  float gamma;

  @Option(names = "--lsa-iterations", defaultValue = "4", description = "S2Net: subspace iterations of the LSA initialisation, 0 for random (default: ${DEFAULT-VALUE}).")
  int lsaIterations;

  @Option(names = "--negatives", defaultValue = "10", description = "Negatives per (query, relevant) pair and epoch (default: ${DEFAULT-VALUE}).")
  int negatives;

  @Option(names = "--hard-fraction", defaultValue = "0.5", description = "Share of negatives from BM25's top hits (default: ${DEFAULT-VALUE}).")
  float hardFraction;

  @Option(names = "--hard-depth", defaultValue = "100", description = "Depth of BM25 hard negatives (default: ${DEFAULT-VALUE}).")
  int hardDepth;

  @Option(names = "--init-std", defaultValue = "0.05", description = "SSI: deviation of the random initialisation (default: ${DEFAULT-VALUE}).")
  float initStd;

  @Option(names = "--validation-fraction", defaultValue = "0.2", description = "Share of training queries held out for validation (default: ${DEFAULT-VALUE}).")
  double validationFraction;

  @Option(names = "--weight", paramLabel = "W", description = "Interpolation weight of the model score; chosen on validation when absent.")
  Float weight;

  @Option(names = "--min-df", defaultValue = "1", description = "Minimum document frequency of a model term (default: ${DEFAULT-VALUE}).")
  int minDf;

  @Option(names = "--save-model", paramLabel = "FILE", description = "Write the trained rerank model to FILE (.rerankmodel).")
  Path saveModel;

  @Option(names = "--dse-terms", defaultValue = "1000", description = "DSE: input vocabulary D, the terms in most documents (default: ${DEFAULT-VALUE}).")
  int dseTerms;

  @Option(names = "--pretrain-epochs", defaultValue = "5", description = "DSE: CD-1 epochs per RBM, 0 for none (default: ${DEFAULT-VALUE}).")
  int pretrainEpochs;

  @Option(names = "--tfidf-weight", defaultValue = "1", description = "DSE: λ, the weight of the TF-IDF cosine mixed into the score (default: ${DEFAULT-VALUE}).")
  float tfidfWeight;

  @Option(names = "--trigram-min-df", defaultValue = "2", description = "DSSM: documents a letter trigram must occur in (default: ${DEFAULT-VALUE}).")
  int trigramMinDf;

  @Mixin CommonOptions common;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (depth <= 0) {
      throw new IllegalArgumentException("--depth must be positive, got " + depth);
    }
    DatasetReader reader = new DatasetReader(dataset);
    List<Document> docs = reader.documents();
    List<Query> allQueries = reader.queries();
    List<Query> queries = allQueries.stream().filter(q -> split.equals(q.split())).toList();
    if (queries.isEmpty()) {
      throw new IllegalArgumentException(
          "no query of split \"" + split + "\" in " + dataset + "; the splits there are "
              + allQueries.stream().map(Query::split).collect(Collectors.toCollection(java.util.TreeSet::new)));
    }
    Set<String> queryIds = allQueries.stream().map(Query::id).collect(Collectors.toSet());
    Set<String> docIds = docs.stream().map(Document::id).collect(Collectors.toSet());
    Qrels qrels = Qrels.of(reader.qrels(), split, queryIds, docIds, dataset.resolve("qrels.tsv.gz").toString());

    if (model != Model.bm25) {
      return trained(reader, docs, allQueries);
    }
    long start = System.nanoTime();
    Bm25Index.Settings settings = new Bm25Index.Settings(Bm25Index.Settings.ANSERINI.analysis(), k1, b);
    RetrievalEvaluation baseline;
    double indexSeconds;
    double searchSeconds;
    try (Bm25Index index = Bm25Index.build(docs, settings, new org.apache.lucene.store.ByteBuffersDirectory(), common.progress())) {
      indexSeconds = (System.nanoTime() - start) / 1e9;
      long searchStart = System.nanoTime();
      Run run = index.search(queries, depth, "bm25", common.progress());
      searchSeconds = (System.nanoTime() - searchStart) / 1e9;
      baseline = RetrievalEvaluator.evaluate(run, qrels);
    }

    Map<String, Object> results = new LinkedHashMap<>();
    results.put("command", "eval-rerank");
    results.put("dataset", reader.name());
    results.put("model", model.name());
    results.put("split", split);
    results.put("queries", baseline.queries());
    results.put("documents", docs.size());
    results.put("seed", common.seed);
    Map<String, Object> bm25 = new LinkedHashMap<>();
    bm25.put("k1", k1);
    bm25.put("b", b);
    bm25.put("depth", depth);
    bm25.put("analysis", "standard tokenizer, lowercase, English stop words, Porter stemming");
    bm25.put("fields", "title + text");
    results.put("settings", bm25);
    results.put("baseline", measures(baseline));
    results.put("index_seconds", CommandSupport.round(indexSeconds));
    results.put("search_ms_per_query", CommandSupport.round(1000 * searchSeconds / queries.size()));

    System.out.printf(
        "%s, %d %s queries, %d documents, BM25 k1=%.2f b=%.2f, top %d%n",
        reader.name(), baseline.queries(), split, docs.size(), k1, b, depth);
    System.out.printf("%-10s %8s %10s %11s %8s %8s%n", "run", "nDCG@10", "Recall@100", "Recall@1000", "MAP", "MRR@10");
    System.out.printf(
        "%-10s %8.4f %10.4f %11.4f %8.4f %8.4f%n",
        "bm25", baseline.ndcg10(), baseline.recall100(), baseline.recall1000(), baseline.map(), baseline.mrr10());
    System.out.printf("index %.1f s, search %.2f ms/query%n", indexSeconds, 1000 * searchSeconds / queries.size());
    if (common.json != null) {
      JsonReport.write(common.json, results);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }

  private int trained(DatasetReader reader, List<Document> docs, List<Query> allQueries) throws Exception {
    Bm25Index.Settings bm25 = new Bm25Index.Settings(Bm25Index.Settings.ANSERINI.analysis(), k1, b);
    float lr;
    RerankExperiment.Settings settings;
    int epochs;
    if (model == Model.ssi) {
      SsiSettings defaults = SsiSettings.defaults(common.seed);
      lr = learningRate == null ? defaults.learningRate() : learningRate;
      epochs = this.epochs == null ? defaults.epochs() : this.epochs;
      settings = RerankExperiment.Settings.ssi(
          new SsiSettings(dim, lr, epochs, negatives, hardFraction, hardDepth, initStd, common.seed));
    } else if (model == Model.dse) {
      DseSettings d = DseSettings.defaults(common.seed);
      lr = learningRate == null ? d.learningRate() : learningRate;
      epochs = this.epochs == null ? d.epochs() : this.epochs;
      settings = RerankExperiment.Settings.dse(new DseSettings(dseTerms, dimOr(100), pretrainEpochs, d.pretrainRate(),
          d.gaussianPretrainRate(), lr, d.momentum(), d.weightDecay(), epochs, negatives, hardFraction, hardDepth, tfidfWeight,
          common.seed));
    } else if (model == Model.dssm) {
      DssmSettings d = DssmSettings.defaults(common.seed);
      lr = learningRate == null ? d.learningRate() : learningRate;
      epochs = this.epochs == null ? d.epochs() : this.epochs;
      settings = RerankExperiment.Settings.dssm(new DssmSettings(d.hidden(), dim, trigramMinDf, gamma, negativesOr(d.negatives()), lr,
          epochs, hardFraction, hardDepth, common.seed));
    } else {
      S2NetSettings defaults = S2NetSettings.defaults(common.seed);
      lr = learningRate == null ? defaults.learningRate() : learningRate;
      epochs = this.epochs == null ? defaults.epochs() : this.epochs;
      settings = RerankExperiment.Settings.s2net(
          new S2NetSettings(dim, lr, epochs, negatives, hardFraction, hardDepth, gamma, lsaIterations, common.seed));
    }
    settings = settings.with(validationFraction, depth, minDf, weight, bm25, split);
    RerankExperiment.Result r = RerankExperiment.run(docs, allQueries, reader.qrels(), settings, common.progress());
    if (saveModel != null) {
      RerankModelFormat.write(r.model(), saveModel);
    }

    Map<String, Object> results = new LinkedHashMap<>();
    results.put("command", "eval-rerank");
    results.put("dataset", reader.name());
    results.put("model", model.name());
    results.put("split", split);
    results.put("queries", r.baseline().queries());
    results.put("documents", docs.size());
    results.put("seed", common.seed);
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("bm25_k1", k1);
    set.put("bm25_b", b);
    set.put("depth", depth);
    set.put("analysis", "standard tokenizer, lowercase, English stop words, Porter stemming");
    set.put("fields", "title + text");
    set.put("model", switch (model) {
      case ssi -> "SSI, f(q,d) = (U q)·(V d) + q·d on unit TF-IDF vectors, margin ranking loss, SGD";
      case dse, dssm -> r.model().info().get("model");
      default -> "S2Net, f(q,d) = cos(A q, A d) on unit TF-IDF vectors, pairwise logistic loss (gamma " + gamma + "), lazy Adam, LSA init ("
          + lsaIterations + " subspace iterations)";
    });
    if (model == Model.dse || model == Model.dssm) {
      set.putAll(r.model().info());
    }
    set.put("dictionary_terms", r.model().dictionary().size());
    set.put("min_df", minDf);
    set.put("dimension", r.model().dimension());
    set.put("epochs", epochs);
    set.put("learning_rate", lr);
    set.put("negatives_per_pair", negatives);
    set.put("hard_negative_fraction", hardFraction);
    set.put("hard_negative_depth", hardDepth);
    if (model == Model.ssi) {
      set.put("init_std", initStd);
    } else if (model == Model.s2net) {
      set.put("gamma", gamma);
      set.put("lsa_iterations", lsaIterations);
    }
    set.put("validation_fraction", validationFraction);
    set.put("train_queries", r.trainQueries());
    set.put("validation_queries", r.validationQueries());
    set.put("chosen_epoch", r.epoch());
    set.put("weight", r.weight());
    set.put("weight_chosen_on_validation", weight == null);
    set.put("combination", "interpolate: 1 + minmax(bm25) + weight × minmax(model) over the top " + depth);
    results.put("settings", set);
    results.put("baseline", measures(r.baseline()));
    results.put("reranked", measures(r.interpolated()));
    results.put("replace", measures(r.replaced()));
    Map<String, Object> val = new LinkedHashMap<>();
    val.put("bm25", measures(r.validationBaseline()));
    val.put("reranked", measures(r.validationBest()));
    results.put("validation", val);
    Map<String, Object> unseen = new LinkedHashMap<>();
    unseen.put("description", "test queries none of whose relevant documents is relevant to any training query");
    unseen.put("queries", r.unseen().queries());
    unseen.put("baseline_ndcg@10", CommandSupport.round(r.unseen().baselineNdcg10()));
    unseen.put("reranked_ndcg@10", CommandSupport.round(r.unseen().interpolatedNdcg10()));
    unseen.put("replace_ndcg@10", CommandSupport.round(r.unseen().replacedNdcg10()));
    results.put("unseen_documents", unseen);
    List<Map<String, Object>> epochLog = new java.util.ArrayList<>();
    for (RerankExperiment.EpochLog e : r.epochs()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("epoch", e.epoch());
      m.put("mean_loss", CommandSupport.round(e.meanLoss()));
      m.put("violated", CommandSupport.round(e.violatedFraction()));
      m.put("best_weight", e.bestWeight());
      m.put("validation_ndcg@10", CommandSupport.round(e.ndcg10()));
      m.put("validation_replace_ndcg@10", CommandSupport.round(e.replaceNdcg10()));
      epochLog.add(m);
    }
    results.put("epochs", epochLog);
    results.put("train_seconds", CommandSupport.round(r.trainSeconds()));
    results.put("bm25_ms_per_query", CommandSupport.round(r.baselineMsPerQuery()));
    results.put("rerank_ms_per_query", CommandSupport.round(r.rerankMsPerQuery()));
    if (saveModel != null) {
      results.put("model_file", saveModel.toString());
    }

    System.out.printf(
        "%s, %d %s queries, %d documents; %s dim %d, epoch %d of %d chosen on %d validation queries, weight %s%n",
        reader.name(), r.baseline().queries(), split, docs.size(), model, r.model().dimension(), r.epoch(), epochs, r.validationQueries(), r.weight());
    System.out.printf("%-16s %8s %10s %11s %8s %8s%n", "run", "nDCG@10", "Recall@100", "Recall@1000", "MAP", "MRR@10");
    for (RetrievalEvaluation e : List.of(r.baseline(), r.interpolated(), r.replaced())) {
      System.out.printf("%-16s %8.4f %10.4f %11.4f %8.4f %8.4f%n", e.run(), e.ndcg10(), e.recall100(), e.recall1000(), e.map(), e.mrr10());
    }
    System.out.printf(
        "%d test queries whose relevant documents no training query has: nDCG@10 bm25 %.4f, interpolated %.4f, replace %.4f%n",
        r.unseen().queries(), r.unseen().baselineNdcg10(), r.unseen().interpolatedNdcg10(), r.unseen().replacedNdcg10());
    System.out.printf("training %.1f s, BM25 %.2f ms/query, rerank %.2f ms/query%n", r.trainSeconds(), r.baselineMsPerQuery(), r.rerankMsPerQuery());
    if (common.json != null) {
      JsonReport.write(common.json, results);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }

  /** DSE's default C is the paper's 100, the other models' 128. */
  private int dimOr(int dseDefault) {
    return given("--dim") ? dim : dseDefault;
  }

  private boolean given(String option) {
    return spec != null && spec.commandLine() != null && spec.commandLine().getParseResult() != null
        && spec.commandLine().getParseResult().hasMatchedOption(option);
  }

  private int negativesOr(int dssmDefault) {
    return given("--negatives") ? negatives : dssmDefault;
  }

  static Map<String, Object> measures(RetrievalEvaluation e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ndcg@10", CommandSupport.round(e.ndcg10()));
    m.put("recall@100", CommandSupport.round(e.recall100()));
    m.put("recall@1000", CommandSupport.round(e.recall1000()));
    m.put("map", CommandSupport.round(e.map()));
    m.put("mrr@10", CommandSupport.round(e.mrr10()));
    return m;
  }

}
