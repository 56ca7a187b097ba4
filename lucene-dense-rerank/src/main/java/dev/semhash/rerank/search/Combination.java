package dev.semhash.rerank.search;

/**
 * How the model score of a reranked hit is combined with its first-stage score. Both are min-max
 * normalised over the reranked hits first ({@link MinMax}), so the weight of {@link #INTERPOLATE}
 * does not depend on the scale of either score.
 */
public enum Combination {
  /** The normalised model score alone: {@code m}. */
  REPLACE,
  /** The normalised first-stage score plus the weighted normalised model score: {@code f + w × m}. */
  INTERPOLATE;

  /**
   * Combines normalised scores.
   *
   * @param firstStage normalised first-stage score {@code f}, in [0, 1]
   * @param model normalised model score {@code m}, in [0, 1]
   * @param weight {@code w}, used by {@link #INTERPOLATE} only
   */
  public float combine(float firstStage, float model, float weight) {
    return switch (this) {
      case REPLACE -> model;
      case INTERPOLATE -> firstStage + weight * model;
    };
  }

  /** Parses a name such as {@code replace} or {@code INTERPOLATE}, naming the choices when unknown. */
  public static Combination parse(String name) {
    for (Combination c : values()) {
      if (c.name().equalsIgnoreCase(name.trim())) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown combination '" + name + "'; choose replace or interpolate");
  }
}
