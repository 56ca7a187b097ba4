package dev.semhash.text;

import java.util.Arrays;

/**
 * A sparse float vector: strictly increasing dimension indices and their values.
 *
 * @param indices strictly increasing, non-negative dimension indices
 * @param values the value of each index; same length as {@code indices}, all finite
 */
public record SparseVector(int[] indices, float[] values) {

  /** The vector with no non-zero entry. */
  public static final SparseVector EMPTY = new SparseVector(new int[0], new float[0]);

  public SparseVector {
    if (indices.length != values.length) {
      throw new IllegalArgumentException(
          "indices and values differ in length: " + indices.length + " vs " + values.length);
    }
    for (int i = 0; i < indices.length; i++) {
      if (indices[i] < 0 || (i > 0 && indices[i] <= indices[i - 1])) {
        throw new IllegalArgumentException(
            "indices must be non-negative and strictly increasing: " + Arrays.toString(indices));
      }
      if (Float.isFinite(values[i]) == false) {
        throw new IllegalArgumentException(
            "value at index " + indices[i] + " is " + values[i] + "; vectors must be finite");
      }
    }
  }

  /** Number of stored (non-zero) entries. */
  public int size() {
    return indices.length;
  }

  /** Euclidean norm. */
  public double norm() {
    double sum = 0;
    for (float v : values) {
      sum += (double) v * v;
    }
    return Math.sqrt(sum);
  }

  /** This vector scaled to unit Euclidean length; the empty vector stays empty. */
  public SparseVector normalized() {
    double norm = norm();
    if (norm == 0) {
      return this;
    }
    float[] scaled = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      scaled[i] = (float) (values[i] / norm);
    }
    return new SparseVector(indices, scaled);
  }

  /** Dot product with another sparse vector (merge of the two index lists). */
  public double dot(SparseVector other) {
    double sum = 0;
    int i = 0;
    int j = 0;
    while (i < indices.length && j < other.indices.length) {
      int a = indices[i];
      int b = other.indices[j];
      if (a == b) {
        sum += (double) values[i++] * other.values[j++];
      } else if (a < b) {
        i++;
      } else {
        j++;
      }
    }
    return sum;
  }

  /** Dot product with a dense vector whose length exceeds every index. */
  public double dot(float[] dense) {
    double sum = 0;
    for (int i = 0; i < indices.length; i++) {
      sum += (double) values[i] * dense[indices[i]];
    }
    return sum;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SparseVector other
        && Arrays.equals(indices, other.indices)
        && Arrays.equals(values, other.values);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(indices) + Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < indices.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(indices[i]).append('=').append(values[i]);
    }
    return sb.append('}').toString();
  }
}
