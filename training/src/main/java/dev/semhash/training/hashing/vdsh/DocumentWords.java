package dev.semhash.training.hashing.vdsh;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.Arrays;
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

  /**
   * The word decoder's targets from each document's raw term counts: the counts themselves, or a 1
   * for each word present.
   */
  public SparseMatrix targets(SparseMatrix counts) {
    if (this == COUNTS) {
      return counts;
    }
    SparseMatrix.Builder out = new SparseMatrix.Builder(counts.numColumns());
    for (int d = 0; d < counts.numRows(); d++) {
      SparseVector row = counts.row(d);
      int size = 0;
      int[] terms = new int[row.indices().length];
      for (int i = 0; i < terms.length; i++) {
        if (row.values()[i] != 0) {
          terms[size++] = row.indices()[i];
        }
      }
      float[] ones = new float[size];
      Arrays.fill(ones, 1f);
      out.addRow(new SparseVector(Arrays.copyOf(terms, size), ones));
    }
    return out.build();
  }

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
