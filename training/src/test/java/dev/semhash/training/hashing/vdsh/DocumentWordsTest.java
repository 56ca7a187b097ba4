package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import org.junit.jupiter.api.Test;

class DocumentWordsTest {
  private static SparseMatrix counts() {
    SparseMatrix.Builder b = new SparseMatrix.Builder(5);
    b.addRow(new SparseVector(new int[] {0, 3, 4}, new float[] {2, 1, 7}));
    b.addRow(new SparseVector(new int[] {1, 2}, new float[] {0, 3})); // an explicit zero count
    b.addRow(new SparseVector(new int[0], new float[0]));
    return b.build();
  }

  @Test
  void uniqueKeepsEachPresentWordOnceAndCountsKeepTheCounts() {
    SparseMatrix counts = counts();
    assertSame(counts, DocumentWords.COUNTS.targets(counts));
    SparseMatrix unique = DocumentWords.UNIQUE.targets(counts);
    assertEquals(3, unique.numRows());
    assertEquals(5, unique.numColumns());
    assertArrayEquals(new int[] {0, 3, 4}, unique.row(0).indices());
    assertArrayEquals(new float[] {1, 1, 1}, unique.row(0).values());
    assertArrayEquals(new int[] {2}, unique.row(1).indices(), "a zero count is no word");
    assertEquals(0, unique.row(2).indices().length);
  }

  @Test
  void parsesTheCommandLineNamesAndSaysWhatToChoose() {
    assertEquals(DocumentWords.UNIQUE, DocumentWords.parse("Unique"));
    assertEquals("counts", DocumentWords.COUNTS.cliName());
    assertEquals("'all' is not a choice of document words; choose unique or counts",
        assertThrows(IllegalArgumentException.class, () -> DocumentWords.parse("all")).getMessage());
  }
}
