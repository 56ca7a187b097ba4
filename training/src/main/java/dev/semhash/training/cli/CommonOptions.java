package dev.semhash.training.cli;

import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.TerminalProgressReporter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every command shares: seed, JSON output, work directory, progress. */
public final class CommonOptions {
  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "42",
      description = "Seed for every random choice (default: ${DEFAULT-VALUE}). Reported in the output.")
  long seed;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Also write the results to FILE as one JSON object.")
  Path json;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      defaultValue = "semhash-work",
      description = "Where indexes and caches go (default: ${DEFAULT-VALUE}).")
  Path workDir;

  @Option(names = "--no-progress", description = "Do not draw progress bars.")
  boolean noProgress;

  ProgressReporter progress() {
    return noProgress ? ProgressReporter.NONE : new TerminalProgressReporter(System.err);
  }
}
