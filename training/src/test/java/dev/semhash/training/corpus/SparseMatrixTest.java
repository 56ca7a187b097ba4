package dev.semhash.training.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.SparseVector;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class SparseMatrixTest {

  static List<SparseVector> randomRows(Random random, int rows, int columns, double density) {
    List<SparseVector> out = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      List<Integer> idx = new ArrayList<>();
      for (int c = 0; c < columns; c++) {
        if (random.nextDouble() < density) {
          idx.add(c);
        }
      }
      int[] indices = idx.stream().mapToInt(Integer::intValue).toArray();
      float[] values = new float[indices.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextFloat() * 4 - 2;
      }
      out.add(new SparseVector(indices, values));
    }
    return out;
  }

  @Test
  void rowsRoundTrip() {
    Random random = new Random(42);
    List<SparseVector> rows = randomRows(random, 200, 60, 0.1);
    SparseMatrix m = SparseMatrix.ofRows(rows, 60);
    assertEquals(200, m.numRows());
    assertEquals(60, m.numColumns());
    assertEquals(rows.stream().mapToInt(SparseVector::size).sum(), m.nonZeros());
    for (int r = 0; r < rows.size(); r++) {
      assertEquals(rows.get(r), m.row(r));
      assertEquals(rows.get(r).size(), m.rowEnd(r) - m.rowStart(r));
      float[] dense = new float[60];
      m.copyRowTo(r, dense);
      for (int i = 0; i < rows.get(r).size(); i++) {
        assertEquals(rows.get(r).values()[i], dense[rows.get(r).indices()[i]]);
      }
    }
  }

  @Test
  void serializationRoundTrips() throws IOException {
    SparseMatrix m = SparseMatrix.ofRows(randomRows(new Random(3), 150, 1000, 0.02), 1000);
    ByteBuffersDataOutput out = new ByteBuffersDataOutput();
    m.write(out);
    assertEquals(m, SparseMatrix.read(new ByteArrayDataInput(out.toArrayCopy())));
    SparseMatrix empty = SparseMatrix.ofRows(List.of(), 5);
    ByteBuffersDataOutput out2 = new ByteBuffersDataOutput();
    empty.write(out2);
    assertEquals(empty, SparseMatrix.read(new ByteArrayDataInput(out2.toArrayCopy())));
  }

  @Test
  void truncatedOrCorruptDataIsDetected() throws IOException {
    SparseMatrix m = SparseMatrix.ofRows(randomRows(new Random(5), 20, 30, 0.3), 30);
    ByteBuffersDataOutput out = new ByteBuffersDataOutput();
    m.write(out);
    byte[] bytes = out.toArrayCopy();
    byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 3);
    assertThrows(
        EOFException.class,
        () -> SparseMatrix.read(new ByteBuffersDataInput(List.of(ByteBuffer.wrap(truncated)))));
    // Claim fewer columns than the rows use.
    ByteBuffersDataOutput bad = new ByteBuffersDataOutput();
    bad.writeVInt(1);
    bad.writeVInt(2);
    bad.writeVInt(1);
    bad.writeVInt(1);
    bad.writeVInt(5);
    bad.writeInt(Float.floatToIntBits(1f));
    IOException e =
        assertThrows(IOException.class, () -> SparseMatrix.read(new ByteArrayDataInput(bad.toArrayCopy())));
    assertTrue(e.getMessage().contains("bad column 5"), e.getMessage());
  }

  @Test
  void transposeMovesEveryEntry() {
    List<SparseVector> rows = randomRows(new Random(11), 80, 25, 0.15);
    SparseMatrix m = SparseMatrix.ofRows(rows, 25);
    SparseMatrix t = m.transpose();
    assertEquals(25, t.numRows());
    assertEquals(80, t.numColumns());
    assertEquals(m.nonZeros(), t.nonZeros());
    for (int c = 0; c < 25; c++) {
      SparseVector column = t.row(c);
      for (int i = 0; i < column.size(); i++) {
        int r = column.indices()[i];
        SparseVector row = rows.get(r);
        int pos = java.util.Arrays.binarySearch(row.indices(), c);
        assertTrue(pos >= 0);
        assertEquals(row.values()[pos], column.values()[i]);
      }
    }
    assertEquals(m, t.transpose());
  }

  @Test
  void normalizeRowsGivesUnitRowsAndKeepsEmptyRows() {
    List<SparseVector> rows = new ArrayList<>(randomRows(new Random(13), 30, 20, 0.3));
    rows.add(SparseVector.EMPTY);
    SparseMatrix n = SparseMatrix.ofRows(rows, 20).normalizeRows();
    for (int r = 0; r < rows.size(); r++) {
      double expected = rows.get(r).size() == 0 ? 0 : 1;
      assertEquals(expected, n.row(r).norm(), 1e-6);
      assertArrayEquals(rows.get(r).normalized().values(), n.row(r).values(), 1e-6f);
    }
    assertEquals(1, n.emptyRows());
  }

  @Test
  void columnOutOfRangeIsRejected() {
    SparseVector v = new SparseVector(new int[] {0, 9}, new float[] {1, 2});
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SparseMatrix.ofRows(List.of(v), 9));
    assertTrue(e.getMessage().contains("column 9"), e.getMessage());
  }
}
