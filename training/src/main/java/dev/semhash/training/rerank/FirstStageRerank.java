package dev.semhash.training.rerank;

import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.search.RerankScores;
import java.util.Arrays;

/**
 * Ranks a whole collection the way {@link dev.semhash.rerank.search.RerankQuery} ranks a search's
 * hits, for the document-ranking tasks where every candidate is scored: the first stage's top
 * {@code depth} hits are rescored by {@link RerankScores} (first-stage and model scores min-max
 * normalised over those hits, then combined), and every other candidate follows them in first-stage
 * order, as the hits past the reranked window would. A hit is a candidate the first stage scores
 * above 0: a document that matches none of a BM25 query's terms scores 0 and is no hit of the
 * search, so it is neither reranked nor part of the normalisation, however few documents match.
 * The top {@code depth} are chosen by
 * decreasing first-stage score, ties by increasing ordinal (Lucene's order for equal scores), among
 * the candidates only: a query's excluded documents (itself, its training links) are neither ranked
 * nor counted in the normalisation, as a search that filters them out would not see them.
 *
 * <pre class="prettyprint">
 * FirstStageRerank rerank = new FirstStageRerank(1000, Combination.INTERPOLATE, 0.5f);
 * rerank.score(bm25Scores, modelScores, excluded, scores);
 * </pre>
 *
 * @param depth how many first-stage hits are reranked (&gt; 0)
 * @param combination how first-stage and model scores are combined
 * @param weight the model's weight for {@link Combination#INTERPOLATE} (finite, &ge; 0)
 */
public record FirstStageRerank(int depth, Combination combination, float weight) {
  public FirstStageRerank {
    if (depth <= 0) {
      throw new IllegalArgumentException("rerank depth must be positive, got " + depth);
    }
    if (Float.isFinite(weight) == false || weight < 0) {
      throw new IllegalArgumentException("rerank weight must be finite and >= 0, got " + weight);
    }
  }

  /**
   * Writes the final score of every document to {@code out}: at least {@link
   * RerankScores#RERANKED_BASE} for the reranked hits, below it for the rest.
   *
   * @param firstStage first-stage score of every document (finite)
   * @param model model score of every document (finite)
   * @param excluded sorted ordinals that are not candidates (scored as the rest; rankings skip them)
   * @param out receives the scores; may be {@code firstStage} or {@code model} itself
   */
  public void score(double[] firstStage, double[] model, int[] excluded, double[] out) {
    int n = firstStage.length;
    if (model.length != n || out.length != n) {
      throw new IllegalArgumentException("score arrays differ in length: " + n + ", " + model.length + ", " + out.length);
    }
    int[] hits = topHits(firstStage, excluded);
    float[] f = new float[hits.length];
    float[] m = new float[hits.length];
    boolean[] scored = new boolean[hits.length];
    Arrays.fill(scored, true);
    double max = Double.NEGATIVE_INFINITY;
    for (int d = 0; d < n; d++) {
      max = Math.max(max, firstStage[d]);
    }
    for (int i = 0; i < hits.length; i++) {
      f[i] = (float) firstStage[hits[i]];
      m[i] = (float) model[hits[i]];
    }
    RerankScores reranked = RerankScores.compute(f, m, scored, true, combination, weight);
    // the rest keep first-stage order, shifted below every reranked hit (whose scores are >= 1)
    for (int d = 0; d < n; d++) {
      out[d] = firstStage[d] - max;
    }
    for (int i = 0; i < hits.length; i++) {
      out[hits[i]] = reranked.score(i);
    }
  }

  /**
   * The top {@code depth} ordinals of the candidates scoring above 0, by decreasing score, ties by
   * increasing ordinal, in ordinal order.
   */
  int[] topHits(double[] scores, int[] excluded) {
    int n = scores.length;
    for (int e = 0; e < excluded.length; e++) {
      if (excluded[e] < 0 || excluded[e] >= n || e > 0 && excluded[e] <= excluded[e - 1]) {
        throw new IllegalArgumentException(
            "excluded ordinals must be sorted, distinct and in [0, " + n + "), got " + Arrays.toString(excluded));
      }
    }
    double[] candidate = new double[n - excluded.length];
    int c = 0;
    for (int d = 0, e = 0; d < n; d++) {
      if (e < excluded.length && excluded[e] == d) {
        e++;
        continue;
      }
      if (Double.isFinite(scores[d]) == false) {
        throw new IllegalArgumentException("first-stage score of document " + d + " is " + scores[d] + "; scores must be finite");
      }
      if (scores[d] > 0) {
        candidate[c++] = scores[d];
      }
    }
    int k = Math.min(depth, c);
    if (k == 0) {
      return new int[0];
    }
    Arrays.sort(candidate, 0, c);
    double threshold = candidate[c - k];
    int above = 0;
    for (int i = 0; i < c; i++) {
      if (candidate[i] > threshold) {
        above++;
      }
    }
    int tiesTaken = k - above;
    int[] hits = new int[k];
    int h = 0;
    for (int d = 0, e = 0; d < n; d++) {
      if (e < excluded.length && excluded[e] == d) {
        e++;
        continue;
      }
      if (scores[d] > threshold) {
        hits[h++] = d;
      } else if (scores[d] == threshold && tiesTaken > 0) {
        hits[h++] = d;
        tiesTaken--;
      }
    }
    return hits;
  }
}
