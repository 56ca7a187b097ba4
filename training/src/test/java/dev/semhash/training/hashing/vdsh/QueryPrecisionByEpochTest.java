package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Per-epoch query precision on means whose codes and rankings are worked out by hand. */
class QueryPrecisionByEpochTest {
  private static final int BITS = 8;

  private static SparseMatrix rows(int n) {
    return SparseMatrix.ofRows(Collections.nCopies(n, SparseVector.EMPTY), 3);
  }

  /**
   * 200 documents: 0-99 of label 1, 100-199 of label 0. Two queries of label 0. An epoch's means
   * put every bit of a document of label 1 at 1 and of label 0 at 3 (medians 2), and query q at
   * {@code query[q]}: 3 codes it all ones, at distance 0 from the 100 documents of label 0
   * (Prec@100 1), 1 all zeros, at distance 0 from those of label 1 (0).
   */
  private static EpochScorer.Means epoch(float query0, float query1, SparseMatrix documents) {
    return (inputs, rows) -> {
      float[] out = new float[rows.length * BITS];
      for (int i = 0; i < rows.length; i++) {
        float v = inputs == documents ? (rows[i] < 100 ? 1f : 3f) : (rows[i] == 0 ? query0 : query1);
        Arrays.fill(out, i * BITS, (i + 1) * BITS, v);
      }
      return out;
    };
  }

  @Test
  void scoresEachEpochAndKeepsTheFirstBest() {
    SparseMatrix documents = rows(200);
    int[][] documentLabels = new int[200][];
    for (int r = 0; r < 200; r++) {
      documentLabels[r] = new int[] {r < 100 ? 1 : 0};
    }
    QueryPrecisionByEpoch scorer =
        new QueryPrecisionByEpoch(documents, documentLabels, rows(2), new int[][] {{0}, {0}}, BITS, Binarization.MEDIAN, 2, 42L);
    assertTrue(Double.isNaN(scorer.best()));
    assertEquals(0, scorer.bestEpoch());
    assertEquals(0.0, scorer.score(1, epoch(1f, 1f, documents)), 0.0);
    assertEquals(0.5, scorer.score(2, epoch(3f, 1f, documents)), 0.0);
    assertEquals(1.0, scorer.score(3, epoch(3f, 3f, documents)), 0.0);
    assertEquals(1.0, scorer.score(4, epoch(3f, 3f, documents)), 0.0);
    assertEquals(0.5, scorer.score(5, epoch(1f, 3f, documents)), 0.0);
    assertEquals(List.of(0.0, 0.5, 1.0, 1.0, 0.5), scorer.scores());
    assertEquals(1.0, scorer.best(), 0.0);
    assertEquals(3, scorer.bestEpoch());
  }

  @Test
  void refusesEpochsOutOfOrder() {
    SparseMatrix documents = rows(200);
    int[][] labels = new int[200][];
    Arrays.fill(labels, new int[] {0});
    QueryPrecisionByEpoch scorer =
        new QueryPrecisionByEpoch(documents, labels, rows(2), new int[][] {{0}, {0}}, BITS, Binarization.MEDIAN, 1, 42L);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> scorer.score(2, epoch(1f, 1f, documents)));
    assertEquals("epoch 2 scored after 0 epochs; use a new scorer for each training run", e.getMessage());
  }

  @Test
  void refusesLabelsThatDoNotMatchTheRows() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new QueryPrecisionByEpoch(rows(3), new int[][] {{0}, {0}}, rows(1), new int[][] {{0}}, BITS,
            Binarization.MEDIAN, 1, 42L));
    assertEquals("scoring each epoch needs one label list per row of the documents, got 2 for 3 rows", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new QueryPrecisionByEpoch(rows(1), new int[][] {{0}}, rows(1), null, BITS, Binarization.MEDIAN, 1, 42L));
    assertEquals("scoring each epoch needs one label list per row of the queries, got none for 1 rows", e.getMessage());
  }
}
