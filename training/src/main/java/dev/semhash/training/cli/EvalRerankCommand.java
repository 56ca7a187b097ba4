package dev.semhash.training.cli;

import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.eval.RetrievalEvaluation;
import dev.semhash.training.eval.RetrievalEvaluator;
import dev.semhash.training.eval.Run;
import dev.semhash.training.retrieval.Bm25Index;
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
      "Example:",
      "  ./semhash eval-rerank --dataset ../shared/datasets/scifact --model bm25 --json out.json"
    })
final class EvalRerankCommand implements Callable<Integer> {
  /** Models this build can evaluate. */
  enum Model {
    bm25
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

  @Mixin CommonOptions common;

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
