package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScoredRankingEvaluatorTest {
  // Five documents, two queries.
  // q0: relevant {1, 3}, excluded {0} (the query document itself).
  //     scores d0 9 (excluded), d1 0.5, d2 0.8, d3 0.5, d4 0.1
  //     ranking d2, d1, d3 (tie with d1, larger ordinal last), d4; relevant at ranks 2 and 3.
  //     AP = (1/2 + 2/3) / 2 = 0.5833333; P@10 = 2/10.
  //     AUC over (rel, non-rel) pairs: d1<d2 0, d1>d4 1, d3<d2 0, d3>d4 1 -> 2/4 = 0.5.
  //     Its 4 triples: 2 wrong.
  // q1: relevant {4}. scores d0 0.5, d4 0.3, d1 = d2 = d3 = 0.
  //     ranking d0, d4, d1, d2, d3 -> AP = 1/2; P@10 = 1/10; AUC: loses to d0, beats 3 -> 3/4.
  //     Its 4 triples: 1 wrong.
  // Means: MAP (0.5833333 + 0.5) / 2 = 0.5416667; P@10 0.15; AUC 0.625.
  // Rank loss: 8 equally likely triples, 3 wrong -> 0.375 (estimated from the sample).
  private static final double[][] SCORES = {{9, 0.5, 0.8, 0.5, 0.1}, {0.5, 0, 0, 0, 0.3}};
  private static final QueryScorer SCORER =
      (q, scores) -> System.arraycopy(SCORES[q], 0, scores, 0, scores.length);

  @Test
  void handComputedExample() {
    ScoredRankingEvaluator evaluator =
        new ScoredRankingEvaluator(5, new int[][] {{3, 1}, {4}}, new int[][] {{0}, {}});
    ScoredRankingEvaluation r = evaluator.evaluate(SCORER, 200_000, 3L, 1, ProgressReporter.NONE);
    assertEquals(2, r.queries());
    assertEquals(2, r.rankedQueries());
    assertEquals((7 / 12.0 + 0.5) / 2, r.map(), 1e-12);
    assertEquals(0.15, r.precisionAt10(), 1e-12);
    assertEquals(0.625, r.auc(), 1e-12);
    // Standard deviation of the estimate: sqrt(0.375 * 0.625 / 200000) ~ 0.0011.
    assertEquals(0.375, r.rankLoss(), 0.006);
    // Exactly the loss of the same sample scored pair by pair.
    TripleSample sample =
        TripleSample.draw(new int[][] {{3, 1}, {4}}, new int[][] {{0}, {}}, 5, 200_000, 3L);
    assertEquals(sample.rankLoss((q, d) -> SCORES[q][d]), r.rankLoss(), 0);
    for (int t = 0; t < sample.size(); t++) {
      assertTrue(sample.query(t) != 0 || sample.nonRelevant(t) != 0, "excluded doc sampled");
    }
  }

  @Test
  void relevanceBySharedLabel() {
    int[][] relevant =
        ScoredRankingEvaluator.relevantBySharedLabel(
            List.of(Set.of("a"), Set.of("b", "c"), Set.of("z")),
            List.of(Set.of("a", "b"), Set.of("c"), Set.of("a"), Set.of()));
    assertArrayEquals(new int[] {0, 2}, relevant[0]);
    assertArrayEquals(new int[] {0, 1}, relevant[1]);
    assertArrayEquals(new int[] {}, relevant[2]);
  }

  @Test
  void matchesNaiveComputationOnRandomScores() {
    Random random = new Random(11);
    for (int iter = 0; iter < 30; iter++) {
      int numDocs = 2 + random.nextInt(200);
      int queries = 1 + random.nextInt(20);
      double[][] scores = new double[queries][numDocs];
      int[][] relevant = new int[queries][];
      for (int q = 0; q < queries; q++) {
        List<Integer> rel = new ArrayList<>();
        for (int d = 0; d < numDocs; d++) {
          scores[q][d] = random.nextInt(8) / 4.0; // many ties
          if (random.nextInt(4) == 0) {
            rel.add(d);
          }
        }
        relevant[q] = rel.stream().mapToInt(Integer::intValue).toArray();
      }
      if (Arrays.stream(relevant).allMatch(r -> r.length == 0 || r.length == numDocs)) {
        continue;
      }
      ScoredRankingEvaluation r =
          new ScoredRankingEvaluator(numDocs, relevant, null)
              .evaluate(
                  (q, s) -> System.arraycopy(scores[q], 0, s, 0, numDocs),
                  1000,
                  iter,
                  1 + random.nextInt(2),
                  ProgressReporter.NONE);
      double map = 0, p10 = 0, auc = 0;
      int ranked = 0, aucQueries = 0;
      for (int q = 0; q < queries; q++) {
        if (relevant[q].length == 0) {
          continue;
        }
        int qq = q;
        Integer[] order = new Integer[numDocs];
        for (int d = 0; d < numDocs; d++) {
          order[d] = d;
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(d -> -scores[qq][d]).thenComparingInt(d -> d));
        Set<Integer> rel = new java.util.HashSet<>();
        for (int d : relevant[q]) {
          rel.add(d);
        }
        int[] gains = new int[numDocs];
        boolean[] flags = new boolean[numDocs];
        for (int i = 0; i < numDocs; i++) {
          gains[i] = rel.contains(order[i]) ? 1 : 0;
          flags[i] = rel.contains(i);
        }
        ranked++;
        map += RankingMetrics.averagePrecision(gains, relevant[q].length);
        p10 += RankingMetrics.precision(gains, 10);
        if (relevant[q].length < numDocs) {
          aucQueries++;
          auc += PairwiseMetrics.auc(scores[q], flags);
        }
      }
      assertEquals(map / ranked, r.map(), 1e-9);
      assertEquals(p10 / ranked, r.precisionAt10(), 1e-9);
      assertEquals(auc / aucQueries, r.auc(), 1e-9);
      TripleSample sample = TripleSample.draw(relevant, numDocs, 1000, iter);
      assertEquals(sample.rankLoss((q, d) -> scores[q][d]), r.rankLoss(), 1e-12);
    }
  }

  @Test
  void rejectsBadInput() {
    IllegalArgumentException both =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ScoredRankingEvaluator(5, new int[][] {{1}}, new int[][] {{1}}));
    assertTrue(both.getMessage().contains("both relevant and excluded"), both.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new ScoredRankingEvaluator(5, new int[0][], null));
    assertThrows(IllegalArgumentException.class, () -> new ScoredRankingEvaluator(0, new int[][] {{}}, null));
    IllegalArgumentException outside =
        assertThrows(IllegalArgumentException.class, () -> new ScoredRankingEvaluator(5, new int[][] {{5}}, null));
    assertTrue(outside.getMessage().contains("outside [0, 5)"), outside.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> new ScoredRankingEvaluator(5, new int[][] {{1, 1}}, null));
    ScoredRankingEvaluator evaluator = new ScoredRankingEvaluator(5, new int[][] {{3, 1}, {4}}, null);
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                evaluator.evaluate(
                    (q, s) -> s[2] = q == 1 ? Double.NaN : 0, 10, 1L, 1, ProgressReporter.NONE));
    assertTrue(nan.getMessage().contains("document 2 for query 1 is NaN"), nan.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> evaluator.evaluate(SCORER, 0, 1L, 1, ProgressReporter.NONE));
    assertThrows(
        IllegalArgumentException.class,
        () -> evaluator.evaluate(SCORER, 10, 1L, 0, ProgressReporter.NONE));
  }
}
