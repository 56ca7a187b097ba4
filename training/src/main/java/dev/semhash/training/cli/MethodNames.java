package dev.semhash.training.cli;

import dev.semhash.training.hashing.HashingMethod;
import java.util.Arrays;
import java.util.Iterator;
import java.util.function.Function;
import picocli.CommandLine;

/** The command-line names of the hashing methods, for help texts. */
final class MethodNames implements Iterable<String> {
  /**
   * Parses an option's value with {@code parse}, whose IllegalArgumentException already says what
   * is wrong and what to choose: as picocli's conversion error, that message is printed alone
   * instead of inside "cannot convert ... (java.lang.IllegalArgumentException: ...)".
   */
  static <T> T convert(String value, Function<String, T> parse) {
    try {
      return parse.apply(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }

  @Override
  public Iterator<String> iterator() {
    return Arrays.stream(HashingMethod.values()).map(HashingMethod::cliName).iterator();
  }
}
