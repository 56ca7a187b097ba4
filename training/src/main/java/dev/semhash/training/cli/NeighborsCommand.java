package dev.semhash.training.cli;

import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.neighbors.Bm25NeighborSettings;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.NeighborCache;
import dev.semhash.training.neighbors.Neighbors;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash neighbors}: weak-supervision neighbours and the k-NN graph, through Lucene. */
@Command(
    name = "neighbors",
    header = "BM25 neighbours or the TF-IDF k-NN graph of a dataset.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Computes, for every training document, its k nearest training documents, and",
      "caches them on disk for the trainers (keyed by the corpus content and every",
      "setting, so a cached list is reused only when nothing changed):",
      "  bm25    Lucene BM25 with the document itself as the query, through its most",
      "          informative terms (NbrReg's weak supervision, thesis ch. 4)",
      "  cosine  exact k-NN graph by TF-IDF cosine (node2hash without links, 5.3.2)",
      "Reports the time and, where documents have labels, the share of neighbours",
      "that share a label with their document.",
      "",
      "Example:",
      "  ./semhash neighbors --dataset ../shared/datasets/20newsgroups \\",
      "      --method bm25 --k 20"
    })
final class NeighborsCommand implements Callable<Integer> {
  enum Method {
    bm25,
    cosine
  }

  @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "Dataset folder with docs.jsonl.gz.")
  Path dataset;

  @Option(names = "--method", defaultValue = "bm25", paramLabel = "M", description = "bm25 or cosine (default: ${DEFAULT-VALUE}).")
  Method method;

  @Option(names = "--k", defaultValue = "20", paramLabel = "K", description = "Neighbours per document (default: ${DEFAULT-VALUE}).")
  int k;

  @Option(names = "--query-terms", defaultValue = "32", paramLabel = "T", description = "BM25: terms of each document used as its query (default: ${DEFAULT-VALUE}).")
  int queryTerms;

  @Option(names = "--no-cache", description = "Compute even if a cached result exists (and do not store it).")
  boolean noCache;

  @Option(names = "--threads", paramLabel = "N", converter = ThreadCount.class, description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CorpusOptions corpusOptions;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    if (k <= 0) {
      throw new IllegalArgumentException("--k must be positive, got " + k);
    }
    if (queryTerms < 1 || queryTerms > 1024) {
      throw new IllegalArgumentException("--query-terms must be 1 to 1024, got " + queryTerms);
    }
    DatasetReader reader = new DatasetReader(dataset);
    NeighborCache cache = noCache ? null : new NeighborCache(common.workDir.resolve("cache"), w -> System.err.println("warning: " + w));
    try (Corpus corpus = Corpus.build(reader, corpusOptions.settings(), null, threads, common.progress())) {
      long start = System.nanoTime();
      Neighbors neighbors =
          method == Method.bm25
              ? CorpusNeighbors.bm25(
                  corpus.index(),
                  new Bm25NeighborSettings(k, queryTerms, Bm25NeighborSettings.DEFAULT.k1(), Bm25NeighborSettings.DEFAULT.b()),
                  cache, threads, common.progress())
              : CorpusNeighbors.tfidfCosine(corpus, k, cache, threads, common.progress());
      double seconds = (System.nanoTime() - start) / 1e9;
      double shared = neighbors.sharedLabelRate(corpus.trainLabels());
      System.out.printf("%s neighbours, k = %d, of %,d training documents of %s: %.1f s on %d thread%s%s%n",
          method, k, neighbors.size(), reader.name(), seconds, threads, threads == 1 ? "" : "s", cache == null ? "" : " (cache: " + common.workDir.resolve("cache") + ")");
      System.out.printf("share of neighbours with a label of their document: %.3f; fewest neighbours of any document: %d%n",
          shared, neighbors.minCount());
      if (common.json != null) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "neighbors");
        json.put("dataset", reader.name());
        json.put("method", method.name());
        json.put("k", k);
        json.put("documents", neighbors.size());
        json.put("seconds", CommandSupport.round(seconds));
        json.put("threads", threads);
        json.put("shared_label_rate", CommandSupport.round(shared));
        JsonReport.write(common.json, json);
      }
    }
    return 0;
  }
}
