package dev.semhash.training.cli;

import dev.semhash.training.bench.CodeFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash make-codes}: synthetic code files for benchmarks. */
@Command(
    name = "make-codes",
    header = "Writes synthetic binary codes for bench-hamming.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Writes synthetic binary codes in the raw benchmark format (N rows of bits/8",
      "bytes, no header), for bench-hamming and for Faiss. Random codes are fair",
      "coins; clustered codes are noisy copies of random centres, like the codes a",
      "trained model gives documents of one topic. Queries come from the same",
      "centres (same --seed) with fresh noise.",
      "",
      "Example (10^6 clustered 64-bit codes and 1,000 queries):",
      "  ./semhash make-codes --n 1000000 --bits 64 --clusters 1000 --flip 0.02 \\",
      "      --out codes.bin --queries 1000 --queries-out queries.bin"
    })
final class MakeCodesCommand implements Callable<Integer> {
  @Option(names = "--n", required = true, paramLabel = "N", description = "Number of codes.")
  long n;

  @Option(names = "--bits", defaultValue = "64", paramLabel = "B", description = "Code length, a multiple of 8 (default: ${DEFAULT-VALUE}).")
  int bits;

  @Option(names = "--clusters", defaultValue = "0", paramLabel = "C", description = "Number of cluster centres; 0 = uniformly random codes (default: ${DEFAULT-VALUE}).")
  int clusters;

  @Option(names = "--flip", defaultValue = "0.02", paramLabel = "P", description = "Per-bit flip probability around a centre (default: ${DEFAULT-VALUE}).")
  double flip;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "Code file to write.")
  Path out;

  @Option(names = "--queries", defaultValue = "0", paramLabel = "Q", description = "Also write Q query codes (default: ${DEFAULT-VALUE}).")
  long queries;

  @Option(names = "--queries-out", paramLabel = "FILE", description = "Query file to write (required with --queries).")
  Path queriesOut;

  @Option(
      names = "--overwrite",
      description = "Replace --out and --queries-out when they exist. Raw code files have no header, so"
          + " make-codes cannot tell one from a model or a dataset and replaces none without this.")
  boolean overwrite;

  @Mixin CommonOptions common;

  @Override
  public Integer call() throws Exception {
    if (n <= 0) {
      throw new IllegalArgumentException("--n must be positive, got " + n);
    }
    if (bits < 8 || bits % 8 != 0) {
      throw new IllegalArgumentException("--bits must be a positive multiple of 8, got " + bits);
    }
    if (clusters < 0 || flip < 0 || flip > 0.5) {
      throw new IllegalArgumentException("--clusters must be >= 0 and --flip in [0, 0.5]");
    }
    if (queries > 0 && queriesOut == null) {
      throw new IllegalArgumentException("--queries needs --queries-out FILE");
    }
    requireWritable("--out", out);
    if (queries > 0) {
      if (out.toAbsolutePath().normalize().equals(queriesOut.toAbsolutePath().normalize())) {
        throw new IllegalArgumentException(
            "--out and --queries-out are the same file, " + out + "; the queries would replace the codes: give two paths");
      }
      requireWritable("--queries-out", queriesOut);
    }
    CodeFile.writeSynthetic(out, bits, n, clusters, flip, common.seed, common.seed * 31 + 1);
    System.out.printf("wrote %,d %d-bit %s codes to %s (seed %d)%n", n, bits, clusters == 0 ? "random" : "clustered", out, common.seed);
    if (queries > 0) {
      CodeFile.writeSynthetic(queriesOut, bits, queries, clusters, flip, common.seed, common.seed * 31 + 2);
      System.out.printf("wrote %,d query codes to %s%n", queries, queriesOut);
    }
    return 0;
  }

  /** Fails unless {@code file} can be written without replacing anything the user did not ask to. */
  private void requireWritable(String option, Path file) throws IOException {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(option + " " + file + " is a folder; give a file path such as "
          + file.resolve("codes.bin"));
    }
    if (Files.exists(file) && overwrite == false) {
      throw new IllegalArgumentException(option + " " + file + " exists; raw code files have no header, so make-codes"
          + " cannot tell it from a file of another kind: give --overwrite to replace it, or choose another path");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && Files.isDirectory(parent) == false) {
      throw new IllegalArgumentException(option + " " + file + ": the folder " + parent
          + " does not exist; create it or choose another path");
    }
  }
}
