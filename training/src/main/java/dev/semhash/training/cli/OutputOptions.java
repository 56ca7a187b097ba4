package dev.semhash.training.cli;

import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.TerminalProgressReporter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * JSON output and progress bars, the options of every command. Commands that make no random choice
 * and keep nothing in a work folder (encode, search) take these alone; the others take {@link
 * CommonOptions}, which adds --seed and --work-dir.
 */
class OutputOptions {
  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Also write the results to FILE as one JSON object.")
  Path json;

  @Option(names = "--no-progress", description = "Do not draw progress bars.")
  boolean noProgress;

  ProgressReporter progress() {
    return noProgress ? ProgressReporter.NONE : new TerminalProgressReporter(System.err);
  }
}
