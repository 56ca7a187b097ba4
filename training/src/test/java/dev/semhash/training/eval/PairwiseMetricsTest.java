package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class PairwiseMetricsTest {

  @Test
  void aucByHand() {
    // Relevant: a (0.9), c (0.5), e (0.2). Non-relevant: b (0.5), d (0.1).
    // Pairs (rel, non-rel): a>b 1, a>d 1, c=b 1/2, c>d 1, e<b 0, e>d 1 -> 4.5 of 6 = 0.75.
    double[] scores = {0.9, 0.5, 0.5, 0.1, 0.2};
    boolean[] relevant = {true, false, true, false, true};
    assertEquals(0.75, PairwiseMetrics.auc(scores, relevant), 1e-12);
    // All equal: every pair a tie -> 1/2.
    assertEquals(0.5, PairwiseMetrics.auc(new double[] {1, 1, 1}, new boolean[] {true, false, false}), 1e-12);
    // Perfect and reversed.
    assertEquals(1.0, PairwiseMetrics.auc(new double[] {3, 2, 1}, new boolean[] {true, true, false}), 1e-12);
    assertEquals(0.0, PairwiseMetrics.auc(new double[] {1, 2, 3}, new boolean[] {true, true, false}), 1e-12);
  }

  @Test
  void aucMatchesPairCountingOnRandomInput() {
    Random random = new Random(7);
    for (int iter = 0; iter < 200; iter++) {
      int n = 2 + random.nextInt(30);
      double[] scores = new double[n];
      boolean[] relevant = new boolean[n];
      for (int i = 0; i < n; i++) {
        scores[i] = random.nextInt(5); // many ties
        relevant[i] = random.nextBoolean();
      }
      relevant[0] = true;
      relevant[1] = false;
      double wins = 0;
      int pairs = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (relevant[i] && relevant[j] == false) {
            pairs++;
            wins += scores[i] > scores[j] ? 1 : scores[i] == scores[j] ? 0.5 : 0;
          }
        }
      }
      assertEquals(wins / pairs, PairwiseMetrics.auc(scores, relevant), 1e-12);
    }
  }

  @Test
  void aucRejectsBadInput() {
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> PairwiseMetrics.auc(new double[] {1, Double.NaN}, new boolean[] {true, false}));
    assertTrue(nan.getMessage().contains("NaN"), nan.getMessage());
    IllegalArgumentException oneClass =
        assertThrows(
            IllegalArgumentException.class,
            () -> PairwiseMetrics.auc(new double[] {1, 2}, new boolean[] {true, true}));
    assertTrue(oneClass.getMessage().contains("non-relevant"), oneClass.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> PairwiseMetrics.auc(new double[] {1, 2}, new boolean[] {true}));
    assertThrows(
        IllegalArgumentException.class, () -> PairwiseMetrics.auc(new double[0], new boolean[0]));
  }

  @Test
  void rankLossOfASingleTripleByHand() {
    // One query, two documents, document 0 relevant: every sampled triple is (0, 0, 1).
    TripleSample sample = TripleSample.draw(new int[][] {{0}}, 2, 100, 1L);
    assertEquals(100, sample.size());
    assertEquals(0.0, sample.rankLoss((q, d) -> d == 0 ? 2 : 1), 0); // ordered right
    assertEquals(1.0, sample.rankLoss((q, d) -> d == 0 ? 1 : 2), 0); // ordered wrong
    assertEquals(0.5, sample.rankLoss((q, d) -> 3), 0); // tie counts one half
  }

  @Test
  void rankLossSamplesUniformlyOverTriples() {
    // Query 0: relevant {0}, non-relevant {1, 2, 3} -> 3 triples.
    // Query 1: relevant {1, 2}, non-relevant {0, 3} -> 4 triples. Query 2: every doc relevant -> 0.
    // Scorer: query 0 scores doc 2 above doc 0 (1 wrong triple of 3); query 1 orders all right.
    // True share of wrong triples = 1 / 7 = 0.142857.
    int[][] rel = {{0}, {2, 1}, {0, 1, 2, 3}};
    PairScorer scorer =
        (q, d) -> {
          if (q == 0) {
            return d == 2 ? 5 : d == 0 ? 4 : 0;
          }
          return (d == 1 || d == 2) ? 1 : 0;
        };
    TripleSample sample = TripleSample.draw(rel, 4, 200_000, 42L);
    int[] perQuery = new int[3];
    for (int t = 0; t < sample.size(); t++) {
      perQuery[sample.query(t)]++;
      int q = sample.query(t);
      assertTrue(contains(rel[q], sample.relevant(t)));
      assertTrue(contains(rel[q], sample.nonRelevant(t)) == false);
    }
    assertEquals(0, perQuery[2]);
    // Query 0 holds 3 of 7 triples: expected 85,714 of 200,000; sd ~ 221.
    assertEquals(200_000 * 3 / 7.0, perQuery[0], 1500);
    // Standard deviation of the estimate ~ sqrt(1/7 * 6/7 / 200000) = 0.00078.
    assertEquals(1 / 7.0, sample.rankLoss(scorer), 0.005);
  }

  @Test
  void sampleIsFixedBySeed() {
    int[][] rel = {{0, 5}, {3}, {1, 2, 4}};
    TripleSample a = TripleSample.draw(rel, 10, 1000, 9L);
    TripleSample b = TripleSample.draw(rel, 10, 1000, 9L);
    TripleSample c = TripleSample.draw(rel, 10, 1000, 10L);
    boolean differs = false;
    for (int t = 0; t < 1000; t++) {
      assertEquals(a.query(t), b.query(t));
      assertEquals(a.relevant(t), b.relevant(t));
      assertEquals(a.nonRelevant(t), b.nonRelevant(t));
      differs |= a.nonRelevant(t) != c.nonRelevant(t) || a.query(t) != c.query(t);
    }
    assertTrue(differs);
  }

  @Test
  void tripleSampleRejectsBadInput() {
    assertThrows(IllegalArgumentException.class, () -> TripleSample.draw(new int[0][], 3, 10, 1L));
    assertThrows(IllegalArgumentException.class, () -> TripleSample.draw(new int[][] {{0}}, 3, 0, 1L));
    IllegalArgumentException outside =
        assertThrows(
            IllegalArgumentException.class, () -> TripleSample.draw(new int[][] {{3}}, 3, 10, 1L));
    assertTrue(outside.getMessage().contains("outside [0, 3)"), outside.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> TripleSample.draw(new int[][] {{1, 1}}, 3, 10, 1L));
    IllegalArgumentException noTriple =
        assertThrows(
            IllegalArgumentException.class,
            () -> TripleSample.draw(new int[][] {{}, {0, 1}}, 2, 10, 1L));
    assertTrue(noTriple.getMessage().contains("undefined"), noTriple.getMessage());
    TripleSample sample = TripleSample.draw(new int[][] {{0}}, 2, 10, 1L);
    IllegalArgumentException nan =
        assertThrows(IllegalArgumentException.class, () -> sample.rankLoss((q, d) -> Double.NaN));
    assertTrue(nan.getMessage().contains("NaN"), nan.getMessage());
  }

  private static boolean contains(int[] values, int v) {
    for (int x : values) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }
}
