package dev.semhash.training.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * Checks the {@code split} of each document as it is read: {@code train} or {@code test} in every
 * document, or in none (a retrieval corpus, all training). Any other value, or a document without a
 * split among documents with one, would be left out of both splits unseen, so it is an error.
 */
final class SplitCheck {
  private static final String ACCEPTED =
      "it must be \"train\" or \"test\" (lower case), or be left out of every document, which"
          + " makes all of them training documents";

  private final Path path;
  private long firstWith; // line of the first document with a split, 0 before one
  private long firstWithout; // line of the first document without one, 0 before one

  SplitCheck(Path path) {
    this.path = path;
  }

  /** The split of the document on line {@code number}, or the empty string when it has none. */
  String check(long number, JsonNode value) throws DatasetFormatException {
    if (value == null || value.isNull()) {
      if (firstWith > 0) {
        throw new DatasetFormatException(
            path, number, "this document has no \"split\", but the one on line " + firstWith
                + " has; " + ACCEPTED);
      }
      if (firstWithout == 0) {
        firstWithout = number;
      }
      return "";
    }
    if (value.isTextual() == false) {
      throw new DatasetFormatException(
          path, number, "\"split\" is " + value + ", not a string; " + ACCEPTED);
    }
    String split = value.asText();
    if (split.equals("train") == false && split.equals("test") == false) {
      throw new DatasetFormatException(
          path, number, "\"split\" is \"" + split + "\"; " + ACCEPTED);
    }
    if (firstWithout > 0) {
      throw new DatasetFormatException(
          path, number, "this document has \"split\": \"" + split + "\", but the one on line "
              + firstWithout + " has none; " + ACCEPTED);
    }
    if (firstWith == 0) {
      firstWith = number;
    }
    return split;
  }
}
