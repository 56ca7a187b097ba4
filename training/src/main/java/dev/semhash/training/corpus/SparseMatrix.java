package dev.semhash.training.corpus;

import dev.semhash.text.SparseVector;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;

/**
 * An immutable sparse float matrix in compressed sparse row (CSR) form: the non-zeros of row
 * {@code r} are the positions {@code rowStart(r) <= i < rowEnd(r)} of {@link #columns()} and
 * {@link #values()}, columns strictly increasing within a row. A corpus's documents are its rows,
 * by ordinal; a row may be empty (a document with no vocabulary term).
 *
 * <pre class="prettyprint">
 * SparseMatrix m = SparseMatrix.ofRows(List.of(v0, v1), vocabulary.size());
 * float[] dense = new float[m.numColumns()];
 * m.copyRowTo(1, dense);
 * for (int i = m.rowStart(1); i &lt; m.rowEnd(1); i++) { use(m.columns()[i], m.values()[i]); }
 * </pre>
 */
public final class SparseMatrix {
  private final int numColumns;
  private final int[] rowPointers;
  private final int[] columns;
  private final float[] values;

  private SparseMatrix(int numColumns, int[] rowPointers, int[] columns, float[] values) {
    this.numColumns = numColumns;
    this.rowPointers = rowPointers;
    this.columns = columns;
    this.values = values;
  }

  /** A matrix whose rows are {@code rows}, each with every index below {@code numColumns}. */
  public static SparseMatrix ofRows(List<SparseVector> rows, int numColumns) {
    Builder b = new Builder(numColumns);
    for (SparseVector row : rows) {
      b.addRow(row);
    }
    return b.build();
  }

  /** Number of rows. */
  public int numRows() {
    return rowPointers.length - 1;
  }

  /** Number of columns; every column index is below it. */
  public int numColumns() {
    return numColumns;
  }

  /** Number of stored entries. */
  public int nonZeros() {
    return rowPointers[rowPointers.length - 1];
  }

  /** First position of row {@code r} in {@link #columns()} and {@link #values()}. */
  public int rowStart(int r) {
    return rowPointers[r];
  }

  /** One past the last position of row {@code r}. */
  public int rowEnd(int r) {
    return rowPointers[r + 1];
  }

  /** Number of stored entries of row {@code r}. */
  public int rowSize(int r) {
    return rowPointers[r + 1] - rowPointers[r];
  }

  /** Column indices of all rows, concatenated; shared, do not modify. */
  public int[] columns() {
    return columns;
  }

  /** Values of all rows, concatenated; shared, do not modify. */
  public float[] values() {
    return values;
  }

  /** Row {@code r} as a vector (copies). */
  public SparseVector row(int r) {
    int from = rowPointers[r];
    int to = rowPointers[r + 1];
    return new SparseVector(
        Arrays.copyOfRange(columns, from, to), Arrays.copyOfRange(values, from, to));
  }

  /**
   * Writes row {@code r} into {@code dense} (length at least {@link #numColumns()}), setting only
   * its non-zero positions; clear {@code dense} first when reusing it.
   */
  public void copyRowTo(int r, float[] dense) {
    for (int i = rowPointers[r]; i < rowPointers[r + 1]; i++) {
      dense[columns[i]] = values[i];
    }
  }

  /** The transpose: row {@code c} holds column {@code c} of this matrix, rows in increasing order. */
  public SparseMatrix transpose() {
    int[] counts = new int[numColumns + 1];
    for (int i = 0; i < nonZeros(); i++) {
      counts[columns[i] + 1]++;
    }
    for (int c = 0; c < numColumns; c++) {
      counts[c + 1] += counts[c];
    }
    int[] next = Arrays.copyOf(counts, numColumns);
    int[] tColumns = new int[nonZeros()];
    float[] tValues = new float[nonZeros()];
    for (int r = 0; r < numRows(); r++) {
      for (int i = rowPointers[r]; i < rowPointers[r + 1]; i++) {
        int pos = next[columns[i]]++;
        tColumns[pos] = r;
        tValues[pos] = values[i];
      }
    }
    return new SparseMatrix(numRows(), counts, tColumns, tValues);
  }

  /** The matrix with every non-empty row scaled to unit Euclidean length. */
  public SparseMatrix normalizeRows() {
    float[] scaled = new float[values.length];
    for (int r = 0; r < numRows(); r++) {
      double sumSq = 0;
      for (int i = rowPointers[r]; i < rowPointers[r + 1]; i++) {
        sumSq += (double) values[i] * values[i];
      }
      double norm = Math.sqrt(sumSq);
      for (int i = rowPointers[r]; i < rowPointers[r + 1]; i++) {
        scaled[i] = norm == 0 ? values[i] : (float) (values[i] / norm);
      }
    }
    return new SparseMatrix(numColumns, rowPointers, columns, scaled);
  }

  /** Number of rows without any stored entry. */
  public int emptyRows() {
    int empty = 0;
    for (int r = 0; r < numRows(); r++) {
      if (rowPointers[r] == rowPointers[r + 1]) {
        empty++;
      }
    }
    return empty;
  }

  /**
   * Writes the matrix: vint rows, vint columns, vint non-zeros, then per row its vint size and
   * per entry the vint gap to the previous column (the first: the column) and the float bits as an
   * int. {@link #read} reads it back.
   */
  public void write(DataOutput out) throws IOException {
    out.writeVInt(numRows());
    out.writeVInt(numColumns);
    out.writeVInt(nonZeros());
    for (int r = 0; r < numRows(); r++) {
      out.writeVInt(rowSize(r));
      int previous = 0;
      for (int i = rowPointers[r]; i < rowPointers[r + 1]; i++) {
        out.writeVInt(columns[i] - previous);
        previous = columns[i];
        out.writeInt(Float.floatToIntBits(values[i]));
      }
    }
  }

  /**
   * Reads a matrix written by {@link #write}.
   *
   * @throws IOException if the data is inconsistent (sizes, column order or range, non-finite
   *     values)
   */
  public static SparseMatrix read(DataInput in) throws IOException {
    int rows = in.readVInt();
    int cols = in.readVInt();
    int nnz = in.readVInt();
    if (rows < 0 || cols < 0 || nnz < 0) {
      throw new IOException("corrupt sparse matrix: " + rows + " x " + cols + ", " + nnz + " entries");
    }
    int[] pointers = new int[rows + 1];
    int[] columns = new int[nnz];
    float[] values = new float[nnz];
    int pos = 0;
    for (int r = 0; r < rows; r++) {
      int size = in.readVInt();
      if (size < 0 || size > nnz - pos) {
        throw new IOException("corrupt sparse matrix: row " + r + " claims " + size + " entries");
      }
      int previous = 0;
      for (int i = 0; i < size; i++, pos++) {
        int gap = in.readVInt();
        int column = previous + gap;
        if ((i > 0 && gap <= 0) || gap < 0 || column >= cols) {
          throw new IOException("corrupt sparse matrix: bad column " + column + " in row " + r);
        }
        columns[pos] = column;
        previous = column;
        values[pos] = Float.intBitsToFloat(in.readInt());
        if (Float.isFinite(values[pos]) == false) {
          throw new IOException("corrupt sparse matrix: value " + values[pos] + " in row " + r);
        }
      }
      pointers[r + 1] = pos;
    }
    if (pos != nnz) {
      throw new IOException("corrupt sparse matrix: " + pos + " entries but header says " + nnz);
    }
    return new SparseMatrix(cols, pointers, columns, values);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SparseMatrix m
        && numColumns == m.numColumns
        && Arrays.equals(rowPointers, m.rowPointers)
        && Arrays.equals(columns, m.columns)
        && Arrays.equals(values, m.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(rowPointers) * 31 + Arrays.hashCode(columns);
  }

  @Override
  public String toString() {
    return "SparseMatrix(" + numRows() + " x " + numColumns + ", " + nonZeros() + " non-zeros)";
  }

  /** Appends rows one at a time. Not thread-safe. */
  public static final class Builder {
    private final int numColumns;
    private int[] pointers = new int[17];
    private int[] columns = new int[64];
    private float[] values = new float[64];
    private int rows;
    private int nnz;

    public Builder(int numColumns) {
      if (numColumns < 0) {
        throw new IllegalArgumentException("numColumns must be non-negative, got " + numColumns);
      }
      this.numColumns = numColumns;
    }

    /** Appends {@code row} as the next row. */
    public Builder addRow(SparseVector row) {
      int[] idx = row.indices();
      if (idx.length > 0 && idx[idx.length - 1] >= numColumns) {
        throw new IllegalArgumentException(
            "row " + rows + " has column " + idx[idx.length - 1] + " but the matrix has "
                + numColumns + " columns");
      }
      if ((long) nnz + idx.length > Integer.MAX_VALUE - 16) {
        throw new IllegalArgumentException(
            "more than 2^31 non-zeros: split the corpus or shrink the vocabulary");
      }
      if (nnz + idx.length > columns.length) {
        int capacity = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(nnz + idx.length, columns.length * 3L / 2));
        columns = Arrays.copyOf(columns, capacity);
        values = Arrays.copyOf(values, capacity);
      }
      System.arraycopy(idx, 0, columns, nnz, idx.length);
      System.arraycopy(row.values(), 0, values, nnz, idx.length);
      nnz += idx.length;
      if (rows + 2 > pointers.length) {
        pointers = Arrays.copyOf(pointers, pointers.length * 2);
      }
      pointers[++rows] = nnz;
      return this;
    }

    public SparseMatrix build() {
      return new SparseMatrix(
          numColumns,
          Arrays.copyOf(pointers, rows + 1),
          Arrays.copyOf(columns, nnz),
          Arrays.copyOf(values, nnz));
    }
  }
}
