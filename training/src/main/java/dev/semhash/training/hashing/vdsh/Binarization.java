package dev.semhash.training.hashing.vdsh;

/** How the encoder's mean vector {@code mu} becomes bits (thesis section 3.2.4). */
public enum Binarization {
  /**
   * Bit {@code p} is 1 when {@code mu[p]} is greater than the median of dimension {@code p} over
   * the training documents, so each bit splits the training set in half (the thesis's default).
   */
  MEDIAN("median (threshold per bit: its median over the training documents)"),
  /** Bit {@code p} is 1 when {@code mu[p] > 0}, the prior's mean. */
  SIGN("sign (threshold 0)");

  private final String description;

  Binarization(String description) {
    this.description = description;
  }

  /** A short description for reports. */
  public String describe() {
    return description;
  }
}
