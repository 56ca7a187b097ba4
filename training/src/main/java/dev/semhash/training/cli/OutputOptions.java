package dev.semhash.training.cli;

import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.TerminalProgressReporter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options of {@link CommonOptions} that apply to commands which make no random choice and
 * keep nothing in a work folder (encode, search): offering --seed and --work-dir there would
 * suggest they change something.
 */
final class OutputOptions {
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
