package dev.semhash.training.hashing.vdsh;

import java.util.Locale;

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

  /** The name used on the command line: {@code median} or {@code sign}. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a command-line name ({@code median} or {@code sign}), listing them when unknown. */
  public static Binarization parse(String name) {
    for (Binarization b : values()) {
      if (b.cliName().equals(name.toLowerCase(Locale.ROOT))) {
        return b;
      }
    }
    throw new IllegalArgumentException("unknown binarization '" + name + "'; choose one of median, sign");
  }
}
