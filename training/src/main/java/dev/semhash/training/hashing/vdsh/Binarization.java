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
  SIGN("sign (threshold 0)"),
  /**
   * The training outputs are centred and rotated by {@link ItqRotation} (iterative quantization)
   * so that their signs lose the least, then bit {@code p} is 1 when the rotated value is above 0.
   * The rotation is folded into the encoder's last layer, so model files keep their format.
   */
  ITQ("itq (outputs centred and rotated by iterative quantization, then threshold 0)"),
  /**
   * Bit {@code p} is 1 when {@code mu[p]} lies in the upper of the two groups that split dimension
   * {@code p}'s training values with the least within-group squared error ({@link
   * TwoMeansThresholds}): between clusters of unequal size, where a median cuts through the larger.
   */
  TWO_MEANS("two-means (threshold per bit: the 2-means split of its training values)");

  private final String description;

  Binarization(String description) {
    this.description = description;
  }

  /** A short description for reports. */
  public String describe() {
    return description;
  }

  /**
   * Each bit's threshold over row-major outputs ({@code rows x bits}): the median, the 2-means
   * split, or 0 for sign. ITQ rotates the outputs before thresholding at 0, which thresholds alone
   * cannot say: use {@link ItqRotation}.
   */
  float[] thresholds(float[] values, int rows, int bits) {
    return switch (this) {
      case MEDIAN -> ValidationPrecision.medians(values, rows, bits);
      case TWO_MEANS -> TwoMeansThresholds.of(values, rows, bits);
      case SIGN -> new float[bits];
      case ITQ -> throw new IllegalStateException(
          "ITQ codes need a rotation of the outputs, not just thresholds; binarize through ItqRotation");
    };
  }

  /** The name used on the command line: {@code median}, {@code sign}, {@code itq} or {@code two-means}. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Parses a command-line name ({@code median}, {@code sign}, {@code itq} or {@code two-means}), listing them when unknown. */
  public static Binarization parse(String name) {
    for (Binarization b : values()) {
      if (b.cliName().equals(name.toLowerCase(Locale.ROOT))) {
        return b;
      }
    }
    throw new IllegalArgumentException("unknown binarization '" + name + "'; choose one of median, sign, itq, two-means");
  }
}
