package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.search.Combination;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Whole-collection reranking of a first stage's top hits, as RerankQuery ranks them. */
class FirstStageRerankTest {
  @Test
  void reranksTheTopCandidatesByHand() {
    double[] bm25 = {5, 9, 1, 7, 3, 9};
    double[] model = {0, 2, 10, 4, 6, 8};
    double[] out = new double[6];
    // document 1 is excluded (the query itself): the top 3 candidates are 5 (9), 3 (7) and 0 (5),
    // so f = 1, .5, 0 and m = 1, .5, 0 over them (model 8, 4, 0)
    new FirstStageRerank(3, Combination.INTERPOLATE, 0.5f).score(bm25, model, new int[] {1}, out);
    assertEquals(2.5, out[5], 1e-6); // 1 + 1 + 0.5 × 1
    assertEquals(1.75, out[3], 1e-6); // 1 + 0.5 + 0.5 × 0.5
    assertEquals(1.0, out[0], 1e-6); // 1 + 0 + 0
    assertEquals(-8.0, out[2], 1e-12); // below the reranked hits, in BM25 order
    assertEquals(-6.0, out[4], 1e-12);
  }

  @Test
  void replaceRanksTheTopHitsByModelAlone() {
    double[] bm25 = {5, 4, 3, 2};
    double[] model = {0, 1, 3, 100};
    double[] out = new double[4];
    new FirstStageRerank(3, Combination.REPLACE, 0f).score(bm25, model, new int[0], out);
    assertArrayEquals(new double[] {1, 1 + 1.0 / 3, 2, -3}, out, 1e-6); // document 3 is past the window
  }

  @Test
  void equalFirstStageScoresAreTakenInOrdinalOrder() {
    assertArrayEquals(new int[] {0, 2}, new FirstStageRerank(2, Combination.INTERPOLATE, 1f)
        .topHits(new double[] {2, 2, 2, 2}, new int[] {1}));
    assertArrayEquals(new int[] {1, 3}, new FirstStageRerank(2, Combination.INTERPOLATE, 1f)
        .topHits(new double[] {1, 3, 2, 3}, new int[0]));
    assertArrayEquals(new int[] {0, 1}, new FirstStageRerank(5, Combination.INTERPOLATE, 1f)
        .topHits(new double[] {1, 3, 2}, new int[] {2}));
  }

  @Test
  void weightZeroKeepsTheFirstStageOrderAndTheWindowHoldsTheBestCandidates() {
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(40);
      double[] first = new double[n];
      double[] model = new double[n];
      for (int d = 0; d < n; d++) {
        first[d] = random.nextInt(6); // many ties
        model[d] = random.nextGaussian();
      }
      int[] excluded = IntStream.range(0, n).filter(d -> random.nextInt(5) == 0).toArray();
      int depth = 1 + random.nextInt(n + 2);
      double[] out = new double[n];
      new FirstStageRerank(depth, Combination.INTERPOLATE, 0f).score(first, model, excluded, out);
      Integer[] candidates = IntStream.range(0, n).filter(d -> Arrays.binarySearch(excluded, d) < 0).boxed().toArray(Integer[]::new);
      Integer[] byFirst = candidates.clone();
      Arrays.sort(byFirst, Comparator.<Integer>comparingDouble(d -> -first[d]).thenComparing(d -> d));
      Integer[] byOut = candidates.clone();
      Arrays.sort(byOut, Comparator.<Integer>comparingDouble(d -> -out[d]).thenComparing(d -> d));
      assertArrayEquals(byFirst, byOut, "round " + round);
      long window = Arrays.stream(candidates).filter(d -> out[d] >= 1).count();
      long matched = Arrays.stream(candidates).filter(d -> first[d] > 0).count();
      assertEquals(Math.min(depth, matched), window, "round " + round);

      double[] weighted = new double[n];
      new FirstStageRerank(depth, Combination.INTERPOLATE, 3f).score(first, model, excluded, weighted);
      for (int a : candidates) {
        for (int b : candidates) {
          if (out[a] >= 1 && out[b] < 1) {
            assertTrue(weighted[a] > weighted[b] && first[a] >= first[b], "round " + round);
          }
        }
      }
    }
  }

  @Test
  void badInputsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new FirstStageRerank(0, Combination.INTERPOLATE, 1f));
    assertThrows(IllegalArgumentException.class, () -> new FirstStageRerank(10, Combination.INTERPOLATE, -1f));
    assertThrows(IllegalArgumentException.class, () -> new FirstStageRerank(10, Combination.INTERPOLATE, Float.NaN));
    FirstStageRerank rerank = new FirstStageRerank(10, Combination.INTERPOLATE, 1f);
    assertThrows(IllegalArgumentException.class, () -> rerank.score(new double[3], new double[2], new int[0], new double[3]));
    assertThrows(IllegalArgumentException.class,
        () -> rerank.score(new double[] {1, Double.NaN}, new double[2], new int[0], new double[2]));
    assertThrows(IllegalArgumentException.class, () -> rerank.score(new double[3], new double[3], new int[] {2, 1}, new double[3]));
  }
}
