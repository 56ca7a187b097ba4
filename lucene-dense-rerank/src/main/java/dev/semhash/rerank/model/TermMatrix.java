package dev.semhash.rerank.model;

import dev.semhash.rerank.text.TermVector;
import java.util.Arrays;

/**
 * A square {@code terms × terms} matrix {@code W} over a dictionary, stored by column as sorted
 * lists of (row, value): the general form of Supervised Semantic Indexing's {@code f(q, d) = qᵀ W
 * d} when {@code W} is not low rank. One class serves the paper's three such variants: a diagonal
 * {@code W = D} (one entry per column), a sparse {@code W} from recursive feature elimination (at
 * most p entries per column) and an unconstrained {@code W} (every entry; small dictionaries only).
 *
 * <p>The document side {@code W d} is computed once, at index time ({@link #multiply}); a query then
 * costs one sparse dot product {@code q · (W d)} per document.
 *
 * <pre class="prettyprint">
 * TermMatrix d = TermMatrix.diagonal(new float[] {1.5f, 0.5f, 1f});
 * TermVector wd = d.multiply(documentVector);
 * float score = queryVector.dot(wd);
 * </pre>
 */
public final class TermMatrix {
  private final int terms;
  private final int[] columnStart; // column j's entries are [columnStart[j], columnStart[j + 1])
  private final int[] rows;
  private final float[] values;
  private final boolean diagonal;

  /**
   * @param terms number of rows and columns (the dictionary size)
   * @param columnStart {@code terms + 1} offsets, non-decreasing, from 0 to the number of entries
   * @param rows the row of each entry, strictly increasing within a column, in {@code [0, terms)}
   * @param values the value of each entry, finite; the arrays are used, not copied
   * @throws IllegalArgumentException if the arrays do not describe such a matrix
   */
  public TermMatrix(int terms, int[] columnStart, int[] rows, float[] values) {
    if (terms <= 0) {
      throw new IllegalArgumentException("a term matrix needs at least one term, got " + terms);
    }
    if (columnStart.length != terms + 1 || columnStart[0] != 0 || columnStart[terms] != rows.length) {
      throw new IllegalArgumentException(
          "column offsets must be "
              + (terms + 1)
              + " values from 0 to the "
              + rows.length
              + " entries, got "
              + columnStart.length
              + " values ending at "
              + columnStart[columnStart.length - 1]);
    }
    if (rows.length != values.length) {
      throw new IllegalArgumentException(
          "rows and values differ in length: " + rows.length + " vs " + values.length);
    }
    for (int j = 0; j < terms; j++) {
      if (columnStart[j + 1] < columnStart[j]) {
        throw new IllegalArgumentException("column offsets decrease at column " + j);
      }
      for (int e = columnStart[j]; e < columnStart[j + 1]; e++) {
        if (rows[e] < 0 || rows[e] >= terms || (e > columnStart[j] && rows[e] <= rows[e - 1])) {
          throw new IllegalArgumentException(
              "rows of column " + j + " must be strictly increasing in [0, " + terms + ")");
        }
        if (Float.isFinite(values[e]) == false) {
          throw new IllegalArgumentException(
              "entry (" + rows[e] + ", " + j + ") is " + values[e] + "; values must be finite");
        }
      }
    }
    this.terms = terms;
    this.columnStart = columnStart;
    this.rows = rows;
    this.values = values;
    boolean diag = true;
    for (int j = 0; j < terms && diag; j++) {
      for (int e = columnStart[j]; e < columnStart[j + 1]; e++) {
        diag &= rows[e] == j;
      }
    }
    this.diagonal = diag;
  }

  /** The diagonal matrix {@code D} with {@code diagonal} on its diagonal. */
  public static TermMatrix diagonal(float[] diagonal) {
    int n = diagonal.length;
    int[] start = new int[n + 1];
    int[] rows = new int[n];
    for (int i = 0; i < n; i++) {
      start[i + 1] = i + 1;
      rows[i] = i;
    }
    return new TermMatrix(n, start, rows, diagonal.clone());
  }

  /**
   * The dense matrix with {@code columnMajor[j * terms + i]} = {@code W[i][j]}; zero entries are
   * kept, so every column has {@code terms} entries.
   */
  public static TermMatrix dense(int terms, float[] columnMajor) {
    if ((long) terms * terms != columnMajor.length) {
      throw new IllegalArgumentException(
          "expected " + terms + "² = " + (long) terms * terms + " values, got " + columnMajor.length);
    }
    int[] start = new int[terms + 1];
    int[] rows = new int[columnMajor.length];
    for (int j = 0; j < terms; j++) {
      start[j + 1] = (j + 1) * terms;
      for (int i = 0; i < terms; i++) {
        rows[j * terms + i] = i;
      }
    }
    return new TermMatrix(terms, start, rows, columnMajor.clone());
  }

  /** Number of rows and columns. */
  public int terms() {
    return terms;
  }

  /** Number of stored entries. */
  public int entries() {
    return rows.length;
  }

  /** Number of stored entries in column {@code j}. */
  public int columnEntries(int j) {
    return columnStart[j + 1] - columnStart[j];
  }

  /** {@code W[i][j]}, 0 where no entry is stored. */
  public float get(int i, int j) {
    int e = Arrays.binarySearch(rows, columnStart[j], columnStart[j + 1], i);
    return e >= 0 ? values[e] : 0f;
  }

  /** True if every stored entry is on the diagonal. */
  public boolean isDiagonal() {
    return diagonal;
  }

  int[] columnStart() {
    return columnStart;
  }

  int[] rows() {
    return rows;
  }

  float[] values() {
    return values;
  }

  /**
   * {@code W d} as a sparse vector (exact zeros left out).
   *
   * @throws IllegalArgumentException if {@code d} has a term outside the matrix
   */
  public TermVector multiply(TermVector d) {
    int[] ids = d.ids();
    float[] w = d.weights();
    if (ids.length > 0 && ids[ids.length - 1] >= terms) {
      throw new IllegalArgumentException(
          "term id " + ids[ids.length - 1] + " is outside this matrix's " + terms + " terms");
    }
    if (diagonal) { // W d is d re-weighted: no scratch over the whole dictionary
      int[] outIds = new int[ids.length];
      float[] outWeights = new float[ids.length];
      int m = 0;
      for (int k = 0; k < ids.length; k++) {
        int e = columnStart[ids[k]];
        float v = e < columnStart[ids[k] + 1] ? (float) ((double) values[e] * w[k]) : 0f;
        if (v != 0f) {
          outIds[m] = ids[k];
          outWeights[m++] = v;
        }
      }
      return m == 0 ? TermVector.EMPTY : new TermVector(Arrays.copyOf(outIds, m), Arrays.copyOf(outWeights, m));
    }
    double[] sum = new double[terms];
    boolean[] touched = new boolean[terms];
    int[] touchedList = new int[Math.min(terms, entriesOf(ids))];
    int n = 0;
    for (int k = 0; k < ids.length; k++) {
      int j = ids[k];
      for (int e = columnStart[j]; e < columnStart[j + 1]; e++) {
        int i = rows[e];
        if (touched[i] == false) {
          touched[i] = true;
          touchedList[n++] = i;
        }
        sum[i] += (double) values[e] * w[k];
      }
    }
    Arrays.sort(touchedList, 0, n);
    int[] outIds = new int[n];
    float[] outWeights = new float[n];
    int m = 0;
    for (int k = 0; k < n; k++) {
      float v = (float) sum[touchedList[k]];
      if (v != 0f) {
        outIds[m] = touchedList[k];
        outWeights[m++] = v;
      }
    }
    return m == 0
        ? TermVector.EMPTY
        : new TermVector(Arrays.copyOf(outIds, m), Arrays.copyOf(outWeights, m));
  }

  private int entriesOf(int[] columns) {
    long n = 0;
    for (int j : columns) {
      n += columnStart[j + 1] - columnStart[j];
    }
    return (int) Math.min(Integer.MAX_VALUE, n);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TermMatrix m
        && terms == m.terms
        && Arrays.equals(columnStart, m.columnStart)
        && Arrays.equals(rows, m.rows)
        && Arrays.equals(values, m.values);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(rows) + Arrays.hashCode(values);
  }
}
