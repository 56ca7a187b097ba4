package dev.semhash.training.cli;

import picocli.CommandLine;

/**
 * Reads {@code --threads}: a count of at least 1, refused where it is parsed so that no command
 * gets as far as reading its data with a count the worker pools would reject in their own terms.
 */
final class ThreadCount implements CommandLine.ITypeConverter<Integer> {
  @Override
  public Integer convert(String value) {
    int threads;
    try {
      threads = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number of threads");
    }
    if (threads < 1) {
      throw new CommandLine.TypeConversionException("--threads must be at least 1, got " + threads);
    }
    return threads;
  }
}
