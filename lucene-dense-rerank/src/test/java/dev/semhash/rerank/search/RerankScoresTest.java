package dev.semhash.rerank.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.lucene.search.Explanation;
import org.junit.jupiter.api.Test;

class RerankScoresTest {
  private static final float EPS = 1e-6f;

  @Test
  void minMaxByHand() {
    MinMax r = MinMax.of(new float[] {2, 4, 6, 3});
    assertEquals(0f, r.normalize(2), EPS);
    assertEquals(0.5f, r.normalize(4), EPS);
    assertEquals(1f, r.normalize(6), EPS);
    assertEquals(0.25f, r.normalize(3), EPS);
    // all equal, and a single score: nothing to tell apart, everything normalises to 0
    assertEquals(0f, MinMax.of(new float[] {5, 5, 5}).normalize(5));
    assertEquals(0f, MinMax.of(new float[] {-1}).normalize(-1));
    // only the used entries count
    MinMax used = MinMax.of(new float[] {100, 1, 3}, new boolean[] {false, true, true});
    assertEquals(1f, used.min());
    assertEquals(3f, used.max());
    assertEquals(null, MinMax.of(new float[] {1}, new boolean[] {false}));
    assertThrows(IllegalArgumentException.class, () -> MinMax.of(new float[] {1, Float.NaN}));
    assertThrows(IllegalArgumentException.class, () -> MinMax.of(new float[0]));
  }

  @Test
  void interpolationByHand() {
    // first stage 10, 8, 6 -> f = 1, 0.5, 0; model 0.1, 0.9, 0.5 -> m = 0, 1, 0.5
    RerankScores s = RerankScores.compute(
        new float[] {10, 8, 6}, new float[] {0.1f, 0.9f, 0.5f}, new boolean[] {true, true, true}, true, Combination.INTERPOLATE, 0.5f);
    assertEquals(1 + 1 + 0.5f * 0, s.score(0), EPS);
    assertEquals(1 + 0.5f + 0.5f * 1, s.score(1), EPS);
    assertEquals(1 + 0 + 0.5f * 0.5f, s.score(2), EPS);
    RerankScores replace = RerankScores.compute(
        new float[] {10, 8, 6}, new float[] {0.1f, 0.9f, 0.5f}, new boolean[] {true, true, true}, true, Combination.REPLACE, 0f);
    assertEquals(1f, replace.score(0), EPS);
    assertEquals(2f, replace.score(1), EPS);
    assertEquals(1.5f, replace.score(2), EPS);
  }

  @Test
  void hitsWithoutVectorRankBelowInFirstStageOrder() {
    // hit 1 and 3 have no vector; their model scores (garbage) are ignored
    RerankScores s = RerankScores.compute(
        new float[] {10, 9, 6, 2}, new float[] {3, Float.NaN, 7, Float.NaN}, new boolean[] {true, false, true, false},
        true, Combination.INTERPOLATE, 1f);
    assertEquals(1 + 1 + 0, s.score(0), EPS); // m = 0
    assertEquals(1 + 0.5f + 1, s.score(2), EPS); // f = 0.5, m = 1
    assertEquals(0.5f * 7 / 8, s.score(1), EPS);
    assertEquals(0f, s.score(3), EPS);
    assertTrue(s.score(1) > s.score(3) && s.score(0) > s.score(1));
    assertTrue(s.explain(1, "tiny").getDescription().contains("no rerank vector"));
  }

  @Test
  void allEqualModelScoresKeepFirstStageOrderWhenInterpolated() {
    RerankScores s = RerankScores.compute(
        new float[] {3, 2, 1}, new float[] {0.7f, 0.7f, 0.7f}, new boolean[] {true, true, true}, true, Combination.INTERPOLATE, 2f);
    assertEquals(2f, s.score(0), EPS);
    assertEquals(1.5f, s.score(1), EPS);
    assertEquals(1f, s.score(2), EPS);
  }

  @Test
  void queryWithoutKnownTermKeepsFirstStageOrder() {
    RerankScores s = RerankScores.compute(
        new float[] {4, 2, 3}, new float[3], new boolean[] {false, false, false}, false, Combination.REPLACE, 0f);
    assertTrue(s.fallback());
    assertEquals(2f, s.score(0), EPS);
    assertEquals(1f, s.score(1), EPS);
    assertEquals(1.5f, s.score(2), EPS);
    Explanation e = s.explain(2, "tiny");
    assertTrue(e.getDescription().contains("first-stage order kept: the query has no term known"), e.toString());
    assertEquals(1.5f, e.getValue().floatValue(), EPS);
  }

  @Test
  void explanationAddsUp() {
    RerankScores s = RerankScores.compute(
        new float[] {10, 8, 6}, new float[] {0.1f, 0.9f, 0.5f}, new boolean[] {true, true, true}, true, Combination.INTERPOLATE, 0.5f);
    Explanation e = s.explain(1, "tiny");
    float sum = 0;
    for (Explanation d : e.getDetails()) {
      sum += d.getValue().floatValue();
    }
    assertEquals(s.score(1), sum, EPS);
    assertTrue(e.toString().contains("first-pass score 8.0"), e.toString());
    assertTrue(e.toString().contains("model score 0.9 of tiny"), e.toString());
  }

  @Test
  void badArguments() {
    assertThrows(IllegalArgumentException.class, () -> RerankScores.compute(
        new float[] {1}, new float[] {1}, new boolean[] {true}, true, Combination.INTERPOLATE, -1f));
    assertThrows(IllegalArgumentException.class, () -> RerankScores.compute(
        new float[] {1}, new float[] {1}, new boolean[] {true}, true, Combination.INTERPOLATE, Float.NaN));
    assertThrows(IllegalArgumentException.class, () -> RerankScores.compute(
        new float[] {1, 2}, new float[] {1}, new boolean[] {true}, true, Combination.INTERPOLATE, 1f));
    assertThrows(IllegalArgumentException.class, () -> RerankScores.compute(
        new float[] {1}, new float[] {Float.NaN}, new boolean[] {true}, true, Combination.REPLACE, 1f));
    assertEquals(Combination.INTERPOLATE, Combination.parse(" Interpolate"));
    assertThrows(IllegalArgumentException.class, () -> Combination.parse("sum"));
  }
}
