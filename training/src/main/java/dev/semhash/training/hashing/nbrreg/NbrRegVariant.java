package dev.semhash.training.hashing.nbrreg;

/** The two models of the thesis's chapter 4. */
public enum NbrRegVariant {
  /**
   * The document's code reconstructs its own unique words and those of its BM25 neighbourhood
   * (eq. 4.1-4.2); the encoder reads the document alone.
   */
  NBRREG("nbrreg"),
  /**
   * As NbrReg, with the mean-pooled hidden vectors of the neighbours added to the document's in
   * the encoder (eq. 4.7-4.9).
   */
  NBRREG_DOC("nbrreg-doc");

  private final String cliName;

  NbrRegVariant(String cliName) {
    this.cliName = cliName;
  }

  /** The method name stored in model files and used on the command line. */
  public String cliName() {
    return cliName;
  }
}
