package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RankingMetricsTest {
  // The ranking used throughout: grades by rank 1..5 are 0, 1, 0, 2, 1.
  // The query has 4 judged relevant documents with grades 2, 1, 1, 1 (and one judged 0), so one
  // relevant document (grade 1) was not retrieved.
  private static final int[] GAINS = {0, 1, 0, 2, 1};
  private static final int[] JUDGED = {2, 1, 1, 1, 0};
  private static final double EPS = 1e-12;

  @Test
  void precision() {
    // Top 3 holds one relevant document (rank 2): 1/3.
    assertEquals(1 / 3.0, RankingMetrics.precision(GAINS, 3), EPS);
    // Top 5 holds three (ranks 2, 4, 5): 3/5.
    assertEquals(3 / 5.0, RankingMetrics.precision(GAINS, 5), EPS);
    // The list has only 5 documents; P@10 still divides by 10 (trec_eval): 3/10.
    assertEquals(3 / 10.0, RankingMetrics.precision(GAINS, 10), EPS);
    assertEquals(0.0, RankingMetrics.precision(GAINS, 1), EPS);
  }

  @Test
  void recall() {
    // 1 of 4 relevant in the top 3; 3 of 4 in the top 5 and in the top 100.
    assertEquals(0.25, RankingMetrics.recall(GAINS, 3, 4), EPS);
    assertEquals(0.75, RankingMetrics.recall(GAINS, 5, 4), EPS);
    assertEquals(0.75, RankingMetrics.recall(GAINS, 100, 4), EPS);
    assertEquals(0.0, RankingMetrics.recall(new int[] {0, 0}, 2, 0), EPS);
  }

  @Test
  void averagePrecision() {
    // Relevant at ranks 2, 4, 5: P@2 = 1/2, P@4 = 2/4, P@5 = 3/5; the 4th relevant document was
    // never retrieved and adds 0. AP = (0.5 + 0.5 + 0.6) / 4 = 0.4.
    assertEquals(0.4, RankingMetrics.averagePrecision(GAINS, 4), EPS);
    // Perfect ranking of 2 relevant: (1/1 + 2/2) / 2 = 1.
    assertEquals(1.0, RankingMetrics.averagePrecision(new int[] {1, 1, 0}, 2), EPS);
    assertEquals(0.0, RankingMetrics.averagePrecision(new int[] {0, 0}, 0), EPS);
  }

  @Test
  void reciprocalRank() {
    // First relevant document at rank 2: 1/2 for any cut-off >= 2, 0 for a cut-off of 1.
    assertEquals(0.5, RankingMetrics.reciprocalRank(GAINS, 10), EPS);
    assertEquals(0.5, RankingMetrics.reciprocalRank(GAINS, 2), EPS);
    assertEquals(0.0, RankingMetrics.reciprocalRank(GAINS, 1), EPS);
    assertEquals(0.0, RankingMetrics.reciprocalRank(new int[] {0, 0, 0}, 10), EPS);
  }

  @Test
  void ndcg() {
    // DCG@5 = 1/log2(3) + 2/log2(5) + 1/log2(6)
    //       = 0.6309297536 + 0.8613531161 + 0.3868528072 = 1.8791356770
    // IDCG@5 from the judged grades sorted 2, 1, 1, 1, 0:
    //       = 2/log2(2) + 1/log2(3) + 1/log2(4) + 1/log2(5) = 2 + 0.6309297536 + 0.5 + 0.4306765581
    //       = 3.5616063117
    // nDCG@5 = 1.8791356770 / 3.5616063117 = 0.5276090372
    assertEquals(1.8791356769527852, RankingMetrics.dcg(GAINS, 5), 1e-12);
    assertEquals(0.5276090371944975, RankingMetrics.ndcg(GAINS, 5, JUDGED), 1e-12);
    // nDCG@3 = (1/log2(3)) / (2 + 1/log2(3) + 1/log2(4)) = 0.6309297536 / 3.1309297536 = 0.2015151419
    assertEquals(0.20151514190050246, RankingMetrics.ndcg(GAINS, 3, JUDGED), 1e-12);
    // The ideal ranking scores 1; no relevant judgement scores 0.
    assertEquals(1.0, RankingMetrics.ndcg(new int[] {2, 1, 1, 1}, 10, JUDGED), 1e-12);
    assertEquals(0.0, RankingMetrics.ndcg(new int[] {0, 0}, 10, new int[] {0}), EPS);
  }

  @Test
  void emptyRankingScoresZero() {
    int[] none = {};
    assertEquals(0.0, RankingMetrics.precision(none, 10), EPS);
    assertEquals(0.0, RankingMetrics.recall(none, 10, 3), EPS);
    assertEquals(0.0, RankingMetrics.averagePrecision(none, 3), EPS);
    assertEquals(0.0, RankingMetrics.ndcg(none, 10, new int[] {1}), EPS);
  }

  @Test
  void rejectsNonPositiveCutoff() {
    for (int k : new int[] {0, -3}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> RankingMetrics.precision(GAINS, k));
      assertTrue(e.getMessage().contains("cut-off k must be positive"), e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> RankingMetrics.recall(GAINS, k, 4));
      assertThrows(IllegalArgumentException.class, () -> RankingMetrics.ndcg(GAINS, k, JUDGED));
      assertThrows(IllegalArgumentException.class, () -> RankingMetrics.reciprocalRank(GAINS, k));
      assertThrows(IllegalArgumentException.class, () -> RankingMetrics.dcg(GAINS, k));
    }
  }

  @Test
  void rejectsInconsistentRelevantCount() {
    // Three relevant documents retrieved but only two said to exist.
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RankingMetrics.averagePrecision(GAINS, 2));
    assertTrue(e.getMessage().contains("numRelevant is 2"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RankingMetrics.recall(GAINS, 5, -1));
  }

  @Test
  void rejectsNegativeGrade() {
    assertThrows(IllegalArgumentException.class, () -> RankingMetrics.precision(new int[] {-1}, 1));
  }
}
