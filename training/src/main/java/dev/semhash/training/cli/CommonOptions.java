package dev.semhash.training.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Options every command that trains or evaluates shares: {@link OutputOptions}' JSON output and
 * progress, plus the seed and the work directory.
 */
public final class CommonOptions extends OutputOptions {
  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "42",
      description = "Seed for every random choice (default: ${DEFAULT-VALUE}). Reported in the output.")
  long seed;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      defaultValue = "semhash-work",
      description = "Where indexes and caches go (default: ${DEFAULT-VALUE}).")
  Path workDir;
}
