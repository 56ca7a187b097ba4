package dev.semhash.training.hashing.vdsh;

import java.util.Locale;

/**
 * What the word decoder reconstructs of a document: each of its words once, or each weighted by
 * its count. The thesis writes the likelihood over the document's word tokens (eq. 3.2); the
 * authors' released VDSH code sums the log-probabilities of the distinct words present, and NbrReg
 * reconstructs unique words by definition (eq. 4.2).
 */
public enum DocumentWords {
  /** Each distinct word of the document once. */
  UNIQUE,
  /** Each word weighted by its count in the document. */
  COUNTS;

  /** {@code unique} or {@code counts}, as the command line spells it. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@link #cliName()}, case-insensitively. */
  public static DocumentWords parse(String value) {
    for (DocumentWords w : values()) {
      if (w.cliName().equalsIgnoreCase(value)) {
        return w;
      }
    }
    throw new IllegalArgumentException("'" + value + "' is not a choice of document words; choose unique or counts");
  }
}
