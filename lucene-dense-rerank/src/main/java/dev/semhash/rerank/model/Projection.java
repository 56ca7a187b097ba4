package dev.semhash.rerank.model;

import dev.semhash.rerank.text.TermVector;

/**
 * A linear map from term vectors to dense vectors: {@code dimension × terms} weights, kept
 * term-major (all dimensions of term 0, then of term 1, ...) so that projecting a sparse vector
 * reads one contiguous column per term it holds.
 *
 * <pre class="prettyprint">
 * Projection p = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1}); // terms 0, 1, 2
 * float[] y = p.project(termVector);
 * </pre>
 */
public final class Projection {
  private final int terms;
  private final int dimension;
  private final float[] weights;

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
  }

  public int terms() {
    return terms;
  }

  public int dimension() {
    return dimension;
  }

  /** The weight from term {@code term} to output {@code dim}. */
  public float weight(int term, int dim) {
    return weights[term * dimension + dim];
  }

  /** The term-major weights (not a copy; do not modify). */
  float[] weights() {
    return weights;
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
      int base = ids[i] * dimension;
      float v = w[i];
      for (int d = 0; d < dimension; d++) {
        y[d] += v * weights[base + d];
      }
    }
    return y;
  }
}
