package dev.semhash.training.cli;

import dev.semhash.training.bench.CodeFile;
import dev.semhash.training.bench.HammingBenchmark;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash bench-hamming}: Hamming top-k and radius search speed through Lucene. */
@Command(
    name = "bench-hamming",
    header = "Times Hamming top-k and radius search on one thread.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Indexes raw codes (N rows of bits/8 bytes, no header; see make-codes) into a",
      "Lucene index with the semhash codec, one segment, then runs every query code",
      "one at a time on one thread through HammingTopKQuery and, with --radius,",
      "HammingRadiusQuery (multi-index probing) against the same query forced to a",
      "linear scan, checking both return the same hits. Prints median milliseconds",
      "per query after a warm-up. The index is reused while the code file is unchanged.",
      "",
      "Example:",
      "  ./semhash bench-hamming --codes codes.bin --queries queries.bin --bits 64 \\",
      "      --k 100 --radius 2 --json bench.json",
      "Compare with Faiss on the same files: python3 bench/faiss_hamming.py --help"
    })
final class BenchHammingCommand implements Callable<Integer> {
  @Option(names = "--codes", required = true, paramLabel = "FILE", description = "Raw code file to index.")
  Path codes;

  @Option(names = "--queries", required = true, paramLabel = "FILE", description = "Raw query code file.")
  Path queries;

  @Option(names = "--bits", required = true, paramLabel = "B", description = "Code length in bits (a multiple of 8).")
  int bits;

  @Option(names = "--k", defaultValue = "100", paramLabel = "K", description = "Hits per top-k query (default: ${DEFAULT-VALUE}).")
  int k;

  @Option(names = "--radius", defaultValue = "-1", paramLabel = "R", description = "Also run radius-R queries (default: off).")
  int radius;

  @Option(names = "--warmup", defaultValue = "50", paramLabel = "N", description = "Warm-up queries before timing (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--max-queries", defaultValue = "1000", paramLabel = "N", description = "Time at most N queries (default: ${DEFAULT-VALUE}).")
  int maxQueries;

  @Option(names = "--index", paramLabel = "DIR", description = "Index directory (default: <work-dir>/bench-<codes file name>).")
  Path index;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    if (k <= 0) {
      throw new IllegalArgumentException("--k must be positive, got " + k);
    }
    if (radius > bits) {
      throw new IllegalArgumentException("--radius " + radius + " exceeds the code length " + bits);
    }
    long n = CodeFile.count(codes, bits);
    CodeFile.count(queries, bits);
    Path dir = index != null ? index : common.workDir.resolve("bench-" + codes.getFileName());
    double indexSeconds = HammingBenchmark.buildIndex(codes, bits, dir, common.progress());
    HammingBenchmark.Result r =
        HammingBenchmark.run(dir, queries, new HammingBenchmark.Settings(bits, k, radius, warmup, maxQueries), indexSeconds, common.progress());

    System.out.printf("%,d %d-bit codes, %d queries, one thread%n", n, bits, r.queries());
    System.out.printf("index: %s, code data %.3f bytes/doc (raw %d), multi-index tables %.2f bytes/doc%n",
        indexSeconds == 0 ? "reused" : String.format("built in %.1f s", indexSeconds), r.codeBytesPerDoc(), bits / 8, r.tableBytesPerDoc());
    System.out.printf("top-%d: median %.3f ms, p90 %.3f ms per query (sum of top-k distances %d)%n", k, r.topkMedianMs(), r.topkP90Ms(), r.topkDistanceSum());
    if (radius >= 0) {
      System.out.printf("radius %d: median %.3f ms with multi-index hashing, %.3f ms linear scan (%.1fx), %.1f hits/query, identical hits: %s%n",
          radius, r.radiusMedianMs(), r.radiusScanMedianMs(), r.radiusScanMedianMs() / r.radiusMedianMs(), r.meanRadiusHits(), r.radiusIdentical());
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("command", "bench-hamming");
    json.put("codes", n);
    json.put("bits", bits);
    json.put("queries", r.queries());
    json.put("k", k);
    json.put("threads", 1);
    json.put("seed", common.seed);
    json.put("index_seconds", r.indexSeconds());
    json.put("code_bytes_per_doc", r.codeBytesPerDoc());
    json.put("table_bytes_per_doc", r.tableBytesPerDoc());
    json.put("topk_median_ms", r.topkMedianMs());
    json.put("topk_p90_ms", r.topkP90Ms());
    json.put("topk_distance_sum", r.topkDistanceSum());
    if (radius >= 0) {
      json.put("radius", radius);
      json.put("radius_median_ms", r.radiusMedianMs());
      json.put("radius_scan_median_ms", r.radiusScanMedianMs());
      json.put("radius_speedup", r.radiusScanMedianMs() / r.radiusMedianMs());
      json.put("radius_mean_hits", r.meanRadiusHits());
      json.put("radius_identical_to_scan", r.radiusIdentical());
    }
    if (common.json != null) {
      JsonReport.write(common.json, json);
      System.out.println("wrote " + common.json);
    }
    return r.radiusIdentical() ? 0 : 3;
  }
}
