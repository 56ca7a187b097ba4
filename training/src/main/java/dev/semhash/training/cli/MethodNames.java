package dev.semhash.training.cli;

import dev.semhash.training.hashing.HashingMethod;
import java.util.Arrays;
import java.util.Iterator;

/** The command-line names of the hashing methods, for help texts. */
final class MethodNames implements Iterable<String> {
  @Override
  public Iterator<String> iterator() {
    return Arrays.stream(HashingMethod.values()).map(HashingMethod::cliName).iterator();
  }
}
