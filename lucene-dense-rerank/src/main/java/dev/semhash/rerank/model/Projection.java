package dev.semhash.rerank.model;

import dev.semhash.rerank.text.TermVector;
import java.util.Arrays;

/**
 * A linear map from term vectors to dense vectors: {@code dimension × terms} weights, kept
 * term-major (all dimensions of term 0, then of term 1, ...) so that projecting a sparse vector
 * reads one contiguous column per term it holds. A projection may hold columns for some terms
 * only ({@link #ofTerms}), the others being zero: DSE's network reads the most frequent terms of
 * a dictionary it keeps whole.
 *
 * <pre class="prettyprint">
 * Projection p = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1}); // terms 0, 1, 2
 * Projection q = Projection.ofTerms(3, 2, new int[] {2}, new float[] {1, 1}); // term 2 only
 * float[] y = p.project(termVector);
 * </pre>
 */
public final class Projection {
  private final int terms;
  private final int dimension;
  /** Term-major weights of every term, or of the {@link #termIds} only. */
  private final float[] weights;
  /** Ascending ids of the terms with weights, or null for every term. */
  private final int[] termIds;
  /** Term id to its column in {@link #weights}, -1 for a zero column; null for every term. */
  private final int[] columnOf;

  /**
   * @param terms number of input terms (the dictionary size)
   * @param dimension number of outputs
   * @param termMajorWeights {@code terms × dimension} finite values; the array is used, not copied
   */
  public Projection(int terms, int dimension, float[] termMajorWeights) {
    if (terms <= 0 || dimension <= 0) {
      throw new IllegalArgumentException("a projection needs at least one term and one dimension, got " + terms + " × " + dimension);
    }
    if ((long) terms * dimension != termMajorWeights.length) {
      throw new IllegalArgumentException(
          "expected " + terms + " × " + dimension + " = " + (long) terms * dimension + " weights, got " + termMajorWeights.length);
    }
    for (int i = 0; i < termMajorWeights.length; i++) {
      if (Float.isFinite(termMajorWeights[i]) == false) {
        throw new IllegalArgumentException("weight " + i + " (term " + i / dimension + ", dimension " + i % dimension + ") is " + termMajorWeights[i]);
      }
    }
    this.terms = terms;
    this.dimension = dimension;
    this.weights = termMajorWeights;
    this.termIds = null;
    this.columnOf = null;
  }

  private Projection(int terms, int dimension, int[] termIds, float[] weights) {
    this.terms = terms;
    this.dimension = dimension;
    this.weights = weights;
    this.termIds = termIds;
    this.columnOf = new int[terms];
    Arrays.fill(columnOf, -1);
    for (int c = 0; c < termIds.length; c++) {
      columnOf[termIds[c]] = c;
    }
  }

  /**
   * A projection with weights for {@code termIds} only, every other term's column being zero.
   *
   * @param terms number of input terms (the dictionary size)
   * @param dimension number of outputs
   * @param termIds ascending, distinct ids in {@code [0, terms)}
   * @param termMajorWeights {@code termIds.length × dimension} finite values, the columns of
   *     {@code termIds} in their order; the array is used, not copied
   */
  public static Projection ofTerms(int terms, int dimension, int[] termIds, float[] termMajorWeights) {
    if (terms <= 0 || dimension <= 0) {
      throw new IllegalArgumentException("a projection needs at least one term and one dimension, got " + terms + " × " + dimension);
    }
    if ((long) termIds.length * dimension != termMajorWeights.length) {
      throw new IllegalArgumentException("expected " + termIds.length + " × " + dimension + " weights, got " + termMajorWeights.length);
    }
    for (int c = 0; c < termIds.length; c++) {
      if (termIds[c] < 0 || termIds[c] >= terms || (c > 0 && termIds[c] <= termIds[c - 1])) {
        throw new IllegalArgumentException("term ids must be ascending, distinct and in [0, " + terms + "), got " + termIds[c] + " at " + c);
      }
    }
    for (int i = 0; i < termMajorWeights.length; i++) {
      if (Float.isFinite(termMajorWeights[i]) == false) {
        throw new IllegalArgumentException("weight " + i + " (term " + termIds[i / dimension] + ", dimension " + i % dimension + ") is " + termMajorWeights[i]);
      }
    }
    return new Projection(terms, dimension, termIds.clone(), termMajorWeights);
  }

  public int terms() {
    return terms;
  }

  public int dimension() {
    return dimension;
  }

  /** The weight from term {@code term} to output {@code dim}. */
  public float weight(int term, int dim) {
    int column = columnOf == null ? term : columnOf[term];
    return column < 0 ? 0f : weights[column * dimension + dim];
  }

  /** The term-major weights of every term, or of {@link #termIds()} (not a copy; do not modify). */
  float[] weights() {
    return weights;
  }

  /** The ids of the terms with a column, ascending, or null if every term has one (not a copy). */
  int[] termIds() {
    return termIds;
  }

  /** {@code P x}: the sum of each term's column times its weight. */
  public float[] project(TermVector x) {
    float[] y = new float[dimension];
    int[] ids = x.ids();
    float[] w = x.weights();
    for (int i = 0; i < ids.length; i++) {
      if (ids[i] >= terms) {
        throw new IllegalArgumentException("term id " + ids[i] + " is outside this projection's " + terms + " terms");
      }
      int column = columnOf == null ? ids[i] : columnOf[ids[i]];
      if (column < 0) {
        continue;
      }
      int base = column * dimension;
      float v = w[i];
      for (int d = 0; d < dimension; d++) {
        y[d] += v * weights[base + d];
      }
    }
    return y;
  }
}
