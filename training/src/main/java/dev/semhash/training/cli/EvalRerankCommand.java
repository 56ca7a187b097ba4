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
    header = "Evaluates BM25 and a reranker on qrels, doc-doc or links.",
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
      "With --model ssi, Supervised Semantic Indexing (f(q,d) = qᵀ(UᵀV + I)d on unit",
      "TF-IDF vectors, margin ranking loss, SGD with BM25 hard negatives) is trained",
      "on the training queries minus a held-out validation share; among the epochs",
      "and interpolation weights that lose none of BM25's top-100 hits on any",
      "validation query (weight 0, BM25's own order, always qualifies), the best",
      "validation nDCG@10 is kept. The collection is then indexed with each",
      "document's model vector and BM25's top --depth hits of every test query are",
      "reranked through the Lucene RerankQuery: interpolated (1 + f + w × m, both",
      "min-max normalised over the hits; reported as \"reranked\") and replaced",
      "(model score alone).",
      "",
      "With --model s2net, S2Net (cos(A q, A d), pairwise logistic loss with gamma",
      "10, LSA initialisation, Adam) is trained and evaluated the same way.",
      "",
      "With --model dse, Deep Semantic Embedding (Φ(q)·Φ(d) + λ q·d, Φ a",
      "D-D/2-D/2-D-dim network, or D-H-H-2H-dim with --dse-hidden H, reading the",
      "D = --dse-terms most frequent terms of the",
      "unit TF-IDF vectors, pretrained as stacked RBMs with CD-1, fine-tuned with the",
      "margin ranking loss, momentum 0.9, weight decay 1e-4; λ = --tfidf-weight, q·d",
      "the TF-IDF cosine over the whole dictionary), and",
      "with --model dssm, DSSM (letter-trigram word hashing, a 300-300-dim tanh",
      "network, cosine, softmax over the relevant and --dssm-negatives sampled",
      "documents, smoothing --dssm-gamma) are trained the same way.",
      "",
      "SSI's other forms of W (--ssi-variant uu, diagonal, sparse, full; the last two",
      "need --max-terms 5000 or less) are trained the same way.",
      "",
      "--task doc-doc (20 Newsgroups) and --task links (CiteSeer) rank whole",
      "collections with whole documents as queries, and report MAP, P@10 and rank",
      "loss (on a fixed sample of --triples triples) for TF-IDF cosine, BM25, the",
      "model alone and bm25+MODEL: the model reranking BM25's top --depth hits as",
      "RerankQuery would (1 + f + w × m; w = --weight, or chosen on validation):",
      "  doc-doc  each test document ranks the training documents; relevant: those",
      "           sharing its label; trained on label pairs (--pairs labels; use",
      "           --max-positives 3, a query has hundreds of relevant documents)",
      "  links    the links are split 70/30 with --seed; each document with a held-out",
      "           link ranks all others but itself and its training neighbours;",
      "           relevant: its held-out neighbours; trained on the training links",
      "           (defaults with links pairs, chosen on CiteSeer's validation",
      "           links: SSI and DSE draw half their negatives from their",
      "           own ranking, --model-negatives --hard-fraction 0.5, DSSM all;",
      "           SSI --ssi-init lsa --epochs 20; DSSM --tfidf-weight 0.25",
      "           --dim 256 --lr 0.01 --epochs 30; DSE --dse-terms 2000",
      "           --dse-hidden 500 --pretrain-epochs 30 --dse-averaging 0.9997",
      "           --epochs 20)",
      "The epoch, and bm25+MODEL's weight, are chosen on held-out pairs",
      "(--validation-fraction).",
      "",
      "Examples:",
      "  ./semhash eval-rerank --dataset ../shared/datasets/scifact --model bm25",
      "  ./semhash eval-rerank --dataset ../shared/datasets/scifact --model ssi \\",
      "      --json out.json",
      "  ./semhash eval-rerank --task doc-doc \\",
      "      --dataset ../shared/datasets/20newsgroups \\",
      "      --model ssi --max-positives 3 --json docdoc.json",
      "  ./semhash eval-rerank --task links --dataset ../shared/datasets/citeseer \\",
      "      --model s2net --json links.json"
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

  @Option(names = "--split", paramLabel = "SPLIT", defaultValue = "test", description = "Which queries to evaluate: test or train (default: ${DEFAULT-VALUE}).")
  String split;

  @Option(names = "--depth", paramLabel = "N", defaultValue = "1000", description = "Hits retrieved per query (default: ${DEFAULT-VALUE}).")
  int depth;

  @Option(names = "--k1", paramLabel = "K1", defaultValue = "0.9", description = "BM25 k1 (default: ${DEFAULT-VALUE}).")
  float k1;

  @Option(names = "--b", paramLabel = "B", defaultValue = "0.4", description = "BM25 b (default: ${DEFAULT-VALUE}).")
  float b;

  @Option(names = "--validation-fraction", paramLabel = "F",
      description = "Share of training queries (links for --pairs links) held out for validation (default: 0.2 for qrels, 0.1 otherwise).")
  Double validationFraction;

  @Option(names = "--task", defaultValue = "qrels", paramLabel = "TASK",
      description = "qrels: rerank BM25's top --depth for judged queries (scifact); doc-doc: test documents rank the"
          + " training documents, relevant if they share a label (20newsgroups); links: 70/30 split of the links,"
          + " documents with a held-out link rank all others (citeseer) (default: ${DEFAULT-VALUE}).")
  String task;

  @Option(names = "--pairs", paramLabel = "SOURCE",
      description = "Training pairs for doc-doc and links: labels, links or weak (BM25 neighbours, or title -> body)"
          + " (default: labels for doc-doc, links for links).")
  String pairs;

  @Option(names = "--train-fraction", paramLabel = "F", defaultValue = "0.7", description = "links: share of the links trained on (default: ${DEFAULT-VALUE}).")
  double trainFraction;

  @Option(names = "--triples", paramLabel = "N", defaultValue = "100000", description = "doc-doc, links: size of the rank-loss sample (default: ${DEFAULT-VALUE}).")
  int triples;

  @Option(names = "--weak-neighbours", paramLabel = "K", defaultValue = "5", description = "--pairs weak: BM25 neighbours taken as relevant (default: ${DEFAULT-VALUE}).")
  int weakNeighbours;

  @Option(names = "--max-validation", paramLabel = "N", defaultValue = "1000", description = "doc-doc, links: most validation queries (default: ${DEFAULT-VALUE}).")
  int maxValidation;

  @Mixin RerankModelOptions modelOptions;

  @Option(names = "--weight", paramLabel = "W", description = "Interpolation weight of the model score; chosen on validation when absent.")
  Float weight;

  @Option(names = "--save-model", paramLabel = "FILE", description = "Write the trained rerank model to FILE, a rerank model file like ssi.rerankmodel.")
  Path saveModel;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    if (depth <= 0) {
      throw new IllegalArgumentException("--depth must be positive, got " + depth);
    }
    if ((k1 >= 0 && k1 < Float.POSITIVE_INFINITY) == false) {
      throw new IllegalArgumentException("--k1 must be 0 or more, got " + k1);
    }
    if ((b >= 0 && b <= 1) == false) {
      throw new IllegalArgumentException("--b must be 0 to 1, got " + b);
    }
    TrainRerankCommand.checkValidationFraction(validationFraction);
    // checked before training: an unwritable or precious path found after it wastes the training
    OutputFiles.check("--save-model", saveModel, OutputFiles.Kind.RERANK_MODEL, dataset);
    OutputFiles.check("--json", common.json, OutputFiles.Kind.JSON, dataset, saveModel);
    DatasetReader reader = new DatasetReader(dataset);
    if (task.equals("qrels") == false) {
      return new DocumentTaskRun(this).run(reader);
    }
    if (reader.has("queries.jsonl") == false) {
      throw new IllegalArgumentException(
          dataset + " has no queries.jsonl.gz, which --task qrels (the default) reads; for a dataset of"
              + " labelled documents use --task doc-doc, for one with citations --task links");
    }
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
    RerankExperiment.Settings settings = modelOptions.experiment(model.name(), common.seed);
    double validation = validationFraction == null ? 0.2 : validationFraction;
    settings = settings.with(validation, depth, modelOptions.minDf, weight, bm25, split).withMaxTerms(modelOptions.maxTerms());
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
    set.putAll(modelOptions.describe(model.name(), common.seed, true));
    set.put("dictionary_terms", r.model().dictionary().size());
    set.put("validation_fraction", validation);
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
        "%s, %d %s queries, %d documents; %s, epoch %d of %d chosen on %d validation queries, weight %s%n",
        reader.name(), r.baseline().queries(), split, docs.size(), r.model(), r.epoch(), r.epochs().size(),
        r.validationQueries(), r.weight());
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
