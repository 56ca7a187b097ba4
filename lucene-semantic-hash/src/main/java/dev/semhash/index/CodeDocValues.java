package dev.semhash.index;

import org.apache.lucene.index.BinaryDocValues;

/**
 * Binary doc values that can also expose their codes as {@link HammingCodes}. The semhash codes
 * doc-values format returns instances of this class, which is how queries find the fast path.
 */
public abstract class CodeDocValues extends BinaryDocValues {
  /** A fresh view of the same segment's codes, for bulk access. */
  public abstract HammingCodes hammingCodes();
}
