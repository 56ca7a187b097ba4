package dev.semhash.training.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

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

  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  Path workDir;

  /** Refuses a file as the work folder now, not as a cache that cannot be made hours later. */
  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      defaultValue = "semhash-work",
      description = "Where indexes and caches go (default: ${DEFAULT-VALUE}).")
  void workDir(Path dir) {
    if (Files.exists(dir) && Files.isDirectory(dir) == false) {
      throw new ParameterException(mixee.commandLine(),
          "--work-dir " + dir + " is a file; give a folder for indexes and caches (default: semhash-work)");
    }
    workDir = dir;
  }
}
