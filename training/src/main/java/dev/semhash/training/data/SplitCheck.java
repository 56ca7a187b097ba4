package dev.semhash.training.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * Checks the {@code split} of each document (or query) as it is read: {@code train} or {@code
 * test} in every one, or in none (a retrieval corpus, all training). Any other value, or one without
 * a split among others with one, would be left out of both splits unseen, so it is an error.
 */
final class SplitCheck {
  private final String accepted;
  private final String what;
  private final Path path;
  private long firstWith; // line of the first document with a split, 0 before one
  private long firstWithout; // line of the first document without one, 0 before one

  /**
   * @param what what each line holds, "document" or "query"
   */
  SplitCheck(Path path, String what) {
    this.path = path;
    this.what = what;
    this.accepted =
        "it must be \"train\" or \"test\" (lower case), or be left out of every " + what
            + ", which makes all of them training " + what.replaceFirst("y$", "ie") + "s";
  }

  /** The split of the {@code what} on line {@code number}, or the empty string when it has none. */
  String check(long number, JsonNode value) throws DatasetFormatException {
    if (value == null || value.isNull()) {
      if (firstWith > 0) {
        throw new DatasetFormatException(
            path, number, "this " + what + " has no \"split\", but the one on line " + firstWith
                + " has; " + accepted);
      }
      if (firstWithout == 0) {
        firstWithout = number;
      }
      return "";
    }
    if (value.isTextual() == false) {
      throw new DatasetFormatException(
          path, number, "\"split\" is " + value + ", not a string; " + accepted);
    }
    String split = value.asText();
    if (split.equals("train") == false && split.equals("test") == false) {
      throw new DatasetFormatException(
          path, number, "\"split\" is \"" + split + "\"; " + accepted);
    }
    if (firstWithout > 0) {
      throw new DatasetFormatException(
          path, number, "this " + what + " has \"split\": \"" + split + "\", but the one on line "
              + firstWithout + " has none; " + accepted);
    }
    if (firstWith == 0) {
      firstWith = number;
    }
    return split;
  }
}
