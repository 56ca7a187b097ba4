package dev.semhash.rerank.search;

import java.util.Locale;
import org.apache.lucene.search.Explanation;

/**
 * The final scores of N reranked hits, from their first-stage scores and model scores. This is the
 * whole arithmetic of {@link RerankQuery}, kept apart so that it can be checked by hand and reused
 * offline (for instance to tune the weight on validation queries).
 *
 * <p>With {@code f} the first-stage score min-max normalised over all N hits and {@code m} the
 * model score min-max normalised over the hits that have a vector ({@link MinMax}):
 *
 * <ul>
 *   <li>a hit with a vector scores {@code 1 + combination(f, m)} ({@link Combination}), so at
 *       least 1;
 *   <li>a hit without a vector scores {@code 0.5 × f}, so at most 0.5: below every reranked hit,
 *       in first-stage order;
 *   <li>if the query has no term the model knows, the model cannot score anything and every hit
 *       scores {@code 1 + f}: the first-stage order is kept.
 * </ul>
 *
 * Where float rounding would give two hits ranked by {@code f} alone (the last two kinds, and
 * reranked hits when interpolating with weight 0) one final score although their first-stage
 * scores differ, the lower one scores one ulp less, so their order stays exact.
 *
 * <pre class="prettyprint">
 * RerankScores s = RerankScores.compute(
 *     new float[] {10, 8, 6}, new float[] {0.1f, 0.9f, 0.5f}, new boolean[] {true, true, true},
 *     true, Combination.INTERPOLATE, 0.5f);
 * s.score(1); // 1 + 0.5 + 0.5 × 1 = 2.0
 * </pre>
 */
public final class RerankScores {
  /** Added to the combination of a reranked hit, so that it ranks above every hit without a vector. */
  public static final float RERANKED_BASE = 1f;

  /** Factor of the normalised first-stage score of a hit without a vector. */
  public static final float UNSCORED_FACTOR = 0.5f;

  private final float[] firstStage;
  private final float[] model;
  private final boolean[] hasVector;
  private final boolean fallback;
  private final Combination combination;
  private final float weight;
  private final MinMax firstRange;
  private final MinMax modelRange;
  private final float[] scores;

  private RerankScores(
      float[] firstStage, float[] model, boolean[] hasVector, boolean fallback, Combination combination, float weight) {
    this.firstStage = firstStage;
    this.model = model;
    this.hasVector = hasVector;
    this.fallback = fallback;
    this.combination = combination;
    this.weight = weight;
    this.firstRange = firstStage.length == 0 ? null : MinMax.of(firstStage);
    this.modelRange = fallback ? null : MinMax.of(model, hasVector);
    this.scores = new float[firstStage.length];
    for (int i = 0; i < scores.length; i++) {
      float f = firstRange.normalize(firstStage[i]);
      if (fallback) {
        scores[i] = RERANKED_BASE + f;
      } else if (hasVector[i]) {
        scores[i] = RERANKED_BASE + combination.combine(f, modelRange.normalize(model[i]), weight);
      } else {
        scores[i] = UNSCORED_FACTOR * f;
      }
    }
    keepFirstStageOrder();
  }

  /**
   * The hits scored by {@code f} alone (all of them in the fallback, those without a vector, and
   * those with one when the model adds nothing: interpolation with weight 0 or equal model scores)
   * keep the first stage's order even where the arithmetic above rounds two close first-stage
   * scores to one final score, which would rank them by doc id: such a hit is moved one ulp below
   * the hit before it. Hits are in doc-id order, as {@link RerankQuery} passes them, so equal
   * first-stage scores stay equal and keep Lucene's doc-id order.
   */
  private void keepFirstStageOrder() {
    boolean modelAddsNothing =
        combination == Combination.INTERPOLATE && (weight == 0 || modelRange == null || modelRange.min() == modelRange.max());
    if (fallback == false && modelAddsNothing == false && allHaveVectors()) {
      return; // the usual query: the model ranks every hit, none is ordered by f alone
    }
    Integer[] order = new Integer[scores.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    // by first-stage score, highest first, then by doc id as Lucene breaks ties
    java.util.Arrays.sort(
        order,
        (a, b) ->
            firstStage[a] != firstStage[b]
                ? Float.compare(firstStage[b], firstStage[a])
                : Integer.compare(a, b));
    int[] previous = {-1, -1}; // of the reranked hits, of the hits without a vector
    for (int i : order) {
      int group = fallback || hasVector[i] ? 0 : 1;
      if (group == 1 || fallback || modelAddsNothing) {
        int p = previous[group];
        if (p >= 0) {
          if (firstStage[i] == firstStage[p]) {
            scores[i] = scores[p];
          } else if (scores[i] >= scores[p]) {
            scores[i] = Math.max(0f, Math.nextDown(scores[p]));
          }
        }
        previous[group] = i;
      }
    }
  }

  private boolean allHaveVectors() {
    for (boolean has : hasVector) {
      if (has == false) {
        return false;
      }
    }
    return true;
  }

  /**
   * Computes the final scores.
   *
   * @param firstStage the first-stage score of each hit (finite)
   * @param model the model score of each hit; read only where {@code hasVector} is true (finite
   *     there)
   * @param hasVector whether each hit has a stored vector
   * @param queryHasTerms false if the query has no term the model knows: first-stage order is kept
   * @param combination how scores are combined
   * @param weight weight of the model score for {@link Combination#INTERPOLATE} (finite, &ge; 0)
   * @throws IllegalArgumentException if array lengths differ, a used score is not finite or the
   *     weight is negative or not finite
   */
  public static RerankScores compute(
      float[] firstStage, float[] model, boolean[] hasVector, boolean queryHasTerms, Combination combination, float weight) {
    if (firstStage.length != model.length || model.length != hasVector.length) {
      throw new IllegalArgumentException(
          "array lengths differ: " + firstStage.length + ", " + model.length + ", " + hasVector.length);
    }
    checkWeight(weight);
    return new RerankScores(firstStage.clone(), model.clone(), hasVector.clone(), queryHasTerms == false, combination, weight);
  }

  static void checkWeight(float weight) {
    if (Float.isFinite(weight) == false || weight < 0) {
      throw new IllegalArgumentException("rerank weight must be finite and >= 0, got " + weight);
    }
  }

  /** Number of hits. */
  public int size() {
    return scores.length;
  }

  /** The final score of hit {@code i}. */
  public float score(int i) {
    return scores[i];
  }

  /** True if the query had no known term and first-stage order was kept. */
  public boolean fallback() {
    return fallback;
  }

  /** Explains the final score of hit {@code i}; {@code modelName} names the model in the text. */
  public Explanation explain(int i, String modelName) {
    float f = firstRange.normalize(firstStage[i]);
    Explanation first =
        Explanation.match(
            f,
            String.format(
                Locale.ROOT,
                "first-pass score %s, min-max normalised over the %d first-stage hits (min %s, max %s)",
                firstStage[i], scores.length, firstRange.min(), firstRange.max()));
    if (fallback) {
      return Explanation.match(
          scores[i],
          "first-stage order kept: the query has no term known to rerank model " + modelName + ", sum of:",
          Explanation.match(RERANKED_BASE, "base of reranked hits"),
          first);
    }
    if (hasVector[i] == false) {
      return Explanation.match(
          scores[i],
          "not reranked: the document has no rerank vector, so it ranks below every reranked hit in first-stage order, product of:",
          Explanation.match(UNSCORED_FACTOR, "factor of hits without a vector"),
          first);
    }
    float m = modelRange.normalize(model[i]);
    String modelText =
        String.format(
            Locale.ROOT,
            "model score %s of %s, min-max normalised over the %d reranked hits with a vector (min %s, max %s)",
            model[i], modelName, count(hasVector), modelRange.min(), modelRange.max());
    if (combination == Combination.REPLACE) {
      return Explanation.match(
          scores[i],
          "reranked (replace): base + normalised model score, sum of:",
          Explanation.match(RERANKED_BASE, "base of reranked hits"),
          Explanation.match(m, modelText));
    }
    return Explanation.match(
        scores[i],
        "reranked (interpolate, weight " + weight + "): base + normalised first-pass score + weight × normalised model score, sum of:",
        Explanation.match(RERANKED_BASE, "base of reranked hits"),
        first,
        Explanation.match(weight * m, "weight × normalised model score, product of:", Explanation.match(weight, "weight"), Explanation.match(m, modelText)));
  }

  private static int count(boolean[] flags) {
    int n = 0;
    for (boolean b : flags) {
      n += b ? 1 : 0;
    }
    return n;
  }
}
