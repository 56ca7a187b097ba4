package dev.semhash.rerank.text;

import java.util.Arrays;

/**
 * A sparse vector over a {@link TermDictionary}: strictly increasing term ids and their weights.
 *
 * @param ids strictly increasing, non-negative term ids
 * @param weights the weight of each id, finite; same length as {@code ids}
 */
public record TermVector(int[] ids, float[] weights) {
  /** The vector of a text with no known term. */
  public static final TermVector EMPTY = new TermVector(new int[0], new float[0]);

  public TermVector {
    if (ids.length != weights.length) {
      throw new IllegalArgumentException("ids and weights differ in length: " + ids.length + " vs " + weights.length);
    }
    for (int i = 0; i < ids.length; i++) {
      if (ids[i] < 0 || (i > 0 && ids[i] <= ids[i - 1])) {
        throw new IllegalArgumentException("term ids must be non-negative and strictly increasing: " + Arrays.toString(ids));
      }
      if (Float.isFinite(weights[i]) == false) {
        throw new IllegalArgumentException("weight of term " + ids[i] + " is " + weights[i] + "; weights must be finite");
      }
    }
  }

  /** Number of non-zero entries. */
  public int size() {
    return ids.length;
  }

  /** True if no term is set. */
  public boolean isEmpty() {
    return ids.length == 0;
  }

  /** Dot product with another term vector: a merge of the two sorted id lists. */
  public float dot(TermVector other) {
    double sum = 0;
    int i = 0;
    int j = 0;
    while (i < ids.length && j < other.ids.length) {
      if (ids[i] == other.ids[j]) {
        sum += (double) weights[i++] * other.weights[j++];
      } else if (ids[i] < other.ids[j]) {
        i++;
      } else {
        j++;
      }
    }
    return (float) sum;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TermVector v && Arrays.equals(ids, v.ids) && Arrays.equals(weights, v.weights);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(ids) + Arrays.hashCode(weights);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < ids.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(ids[i]).append('=').append(weights[i]);
    }
    return sb.append('}').toString();
  }
}
