package dev.semhash.rerank.search;

/**
 * Min-max normalisation of a set of scores to [0, 1]: {@code (x - min) / (max - min)}. When every
 * score is equal (including a single score) there is nothing to tell apart and every score
 * normalises to 0, so an interpolated model that cannot separate the hits adds nothing.
 *
 * <pre class="prettyprint">
 * MinMax range = MinMax.of(new float[] {2, 4, 6});
 * float half = range.normalize(4); // 0.5
 * </pre>
 *
 * @param min the smallest score
 * @param max the largest score
 */
public record MinMax(float min, float max) {
  public MinMax {
    if (Float.isFinite(min) == false || Float.isFinite(max) == false || min > max) {
      throw new IllegalArgumentException("bad score range [" + min + ", " + max + "]");
    }
  }

  /**
   * The range of {@code scores[i]} over the {@code i} where {@code use[i]} (all if {@code use} is
   * null); {@code null} if none is used.
   *
   * @throws IllegalArgumentException if a used score is NaN or infinite
   */
  public static MinMax of(float[] scores, boolean[] use) {
    float min = Float.POSITIVE_INFINITY;
    float max = Float.NEGATIVE_INFINITY;
    for (int i = 0; i < scores.length; i++) {
      if (use == null || use[i]) {
        if (Float.isFinite(scores[i]) == false) {
          throw new IllegalArgumentException("score " + i + " is " + scores[i] + "; scores must be finite");
        }
        min = Math.min(min, scores[i]);
        max = Math.max(max, scores[i]);
      }
    }
    return min > max ? null : new MinMax(min, max);
  }

  /** The range of all {@code scores}. */
  public static MinMax of(float[] scores) {
    MinMax range = of(scores, null);
    if (range == null) {
      throw new IllegalArgumentException("no score to normalise");
    }
    return range;
  }

  /** {@code x} mapped to [0, 1]; 0 when min = max. */
  public float normalize(float x) {
    if (max == min) {
      return 0f;
    }
    float v = (float) (((double) x - min) / ((double) max - min));
    return Math.min(1f, Math.max(0f, v));
  }
}
