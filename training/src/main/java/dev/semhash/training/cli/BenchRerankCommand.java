package dev.semhash.training.cli;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import dev.semhash.training.bench.RerankBenchmark;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.rerank.RerankSearchIndex;
import dev.semhash.training.retrieval.Bm25Index;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.lucene.store.MMapDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash bench-rerank}: latency of BM25 top N alone and reranked by a model. */
@Command(
    name = "bench-rerank",
    header = "Times BM25's top 1000 alone and reranked by a model.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Indexes a dataset's documents (BM25 over title + text, Anserini's settings) with",
      "each document's vector from a rerank model, in one segment on disk",
      "(MMapDirectory), then times every query on one thread: BM25's top --depth alone,",
      "and the same query wrapped in a RerankQuery (query encoding, reading the",
      "stored vectors, scoring, interpolation, sorting). A query's latency is its",
      "fastest of --rounds timed rounds after --warmup untimed ones; the median and",
      "90th percentile over queries are printed, and the added latency of reranking.",
      "",
      "Example:",
      "  ./semhash train-rerank --model ssi --dataset ../shared/datasets/scifact \\",
      "      --out ssi.rerankmodel",
      "  ./semhash bench-rerank --dataset ../shared/datasets/scifact \\",
      "      --model ssi.rerankmodel"
    })
final class BenchRerankCommand implements Callable<Integer> {
  @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset folder: docs.jsonl.gz, queries.jsonl.gz.")
  Path dataset;

  @Option(names = "--model", required = true, paramLabel = "FILE", description = "Rerank model file (.rerankmodel, from train-rerank).")
  Path modelFile;

  @Option(names = "--split", paramLabel = "SPLIT", defaultValue = "test", description = "Queries timed: this split, or every query if the dataset has none of it (default: ${DEFAULT-VALUE}).")
  String split;

  @Option(names = "--depth", paramLabel = "N", defaultValue = "1000", description = "First-stage hits reranked (default: ${DEFAULT-VALUE}).")
  int depth;

  @Option(names = "--weight", paramLabel = "W", defaultValue = "0.5", description = "Interpolation weight (default: ${DEFAULT-VALUE}; it does not change the cost).")
  float weight;

  @Option(names = "--warmup", defaultValue = "3", paramLabel = "N", description = "Untimed rounds over all queries (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--rounds", defaultValue = "5", paramLabel = "N", description = "Timed rounds over all queries (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    if (depth <= 0) {
      throw new IllegalArgumentException("--depth must be positive, got " + depth);
    }
    if (rounds < 1) {
      throw new IllegalArgumentException("--rounds must be at least 1, got " + rounds);
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("--warmup must be 0 or more, got " + warmup);
    }
    RerankModel model = RerankModelFormat.read(modelFile);
    DatasetReader reader = new DatasetReader(dataset);
    if (reader.has("queries.jsonl") == false) {
      throw new IllegalArgumentException(
          dataset + " has no queries.jsonl.gz; bench-rerank times real queries, use a dataset such as ../shared/datasets/scifact");
    }
    List<Document> docs = reader.documents();
    List<Query> all = reader.queries();
    List<Query> queries = all.stream().filter(q -> split.equals(q.split())).toList();
    if (queries.isEmpty()) {
      queries = all;
    }
    Files.createDirectories(common.workDir);
    Path indexDir = Files.createTempDirectory(common.workDir.toAbsolutePath(), "bench-rerank-");
    RerankBenchmark.Result r;
    try {
      try (RerankSearchIndex index =
          RerankSearchIndex.build(docs, Bm25Index.Settings.ANSERINI, model, new MMapDirectory(indexDir), common.progress())) {
        r = RerankBenchmark.run(index, queries, depth, weight, warmup, rounds);
      }
    } finally {
      try (Stream<Path> files = Files.walk(indexDir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }

    System.out.printf(
        "%s, %d documents, %d queries, top %d (mean %.0f hits reranked), model %s, %s, one thread%n",
        reader.name(), docs.size(), r.queries(), depth, r.meanHits(), modelFile.getFileName(), model, "best of " + rounds + " rounds");
    System.out.printf("%-22s %10s %10s%n", "ms per query", "median", "p90");
    System.out.printf("%-22s %10.3f %10.3f%n", "bm25", r.bm25MedianMs(), r.bm25P90Ms());
    System.out.printf("%-22s %10.3f %10.3f%n", "bm25 + rerank", r.rerankMedianMs(), r.rerankP90Ms());
    System.out.printf("%-22s %10.3f %10.3f%n", "added by reranking", r.addedMedianMs(), r.addedP90Ms());
    if (common.json != null) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("command", "bench-rerank");
      out.put("dataset", reader.name());
      out.put("model_file", modelFile.toString());
      out.put("model", model.toString());
      out.put("documents", docs.size());
      out.put("queries", r.queries());
      out.put("depth", depth);
      out.put("mean_hits", CommandSupport.round(r.meanHits()));
      out.put("warmup_rounds", warmup);
      out.put("rounds", rounds);
      out.put("seed", common.seed);
      out.put("bm25_median_ms", CommandSupport.round(r.bm25MedianMs()));
      out.put("bm25_p90_ms", CommandSupport.round(r.bm25P90Ms()));
      out.put("rerank_median_ms", CommandSupport.round(r.rerankMedianMs()));
      out.put("rerank_p90_ms", CommandSupport.round(r.rerankP90Ms()));
      out.put("added_median_ms", CommandSupport.round(r.addedMedianMs()));
      out.put("added_p90_ms", CommandSupport.round(r.addedP90Ms()));
      JsonReport.write(common.json, out);
      System.out.println("wrote " + common.json);
    }
    return 0;
  }
}
