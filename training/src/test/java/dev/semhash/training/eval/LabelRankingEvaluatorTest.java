package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LabelRankingEvaluatorTest {

  private static final double LOG2_3 = Math.log(3) / Math.log(2);

  @Test
  void handComputedScoresWithTiesAndSharedLabelGains() {
    // Training documents and their labels; query 0 {A, B}, query 1 {C}:
    //   d0 {A}   d1 {A, B}   d2 {C}   d3 {B}
    List<Set<String>> train = List.of(Set.of("A"), Set.of("A", "B"), Set.of("C"), Set.of("B"));
    List<Set<String>> test = List.of(Set.of("A", "B"), Set.of("C"));
    // Query 0 scores d0 .5, d1 .9, d2 .7, d3 .5 -> d1 d2 d0 (d0 before d3: the tie keeps order),
    //   gains 2 0 1 -> P@3 = 2/3, DCG = 2 + 1/2; ideal gains 2 1 1 -> 2 + 1/log2 3 + 1/2;
    //   three relevant documents -> ceiling 1.
    // Query 1 scores every document 0 -> d0 d1 d2, gains 0 0 1 -> P@3 = 1/3, DCG = 1/2, ideal 1;
    //   one relevant -> ceiling 1/3.
    LabelRankingEvaluation r =
        new LabelRankingEvaluator(train)
            .evaluate(
                test,
                (q, s) -> {
                  double[] scores = q == 0 ? new double[] {.5, .9, .7, .5} : new double[4];
                  System.arraycopy(scores, 0, s, 0, 4);
                },
                3,
                1,
                ProgressReporter.NONE,
                "fixed scores");
    assertEquals(2, r.queries());
    assertEquals(4, r.documents());
    assertEquals(3, r.k());
    assertEquals((2 / 3.0 + 1 / 3.0) / 2, r.precision(), 1e-12);
    assertEquals((1 + 1 / 3.0) / 2, r.ceiling(), 1e-12);
    double ndcg0 = (2 + 0.5) / (2 + 1 / LOG2_3 + 0.5);
    double ndcg1 = 0.5 / 1;
    assertEquals((ndcg0 + ndcg1) / 2, r.ndcg(), 1e-12);
  }

  @Test
  void theThreadCountDoesNotChangeTheFigures() {
    Random random = new Random(20261128L);
    for (int round = 0; round < 20; round++) {
      int n = 1 + random.nextInt(300);
      int queries = 1 + random.nextInt(200);
      List<Set<String>> train = randomLabels(random, n);
      List<Set<String>> test = randomLabels(random, queries);
      long seed = random.nextLong();
      QueryScorer scorer =
          (q, s) -> {
            Random r = new Random(seed + q);
            for (int d = 0; d < s.length; d++) {
              s[d] = r.nextInt(5); // few values: many ties
            }
          };
      int k = 1 + random.nextInt(20);
      LabelRankingEvaluator evaluator = new LabelRankingEvaluator(train);
      LabelRankingEvaluation one = evaluator.evaluate(test, scorer, k, 1, ProgressReporter.NONE, "x");
      LabelRankingEvaluation two = evaluator.evaluate(test, scorer, k, 2, ProgressReporter.NONE, "x");
      assertEquals(one, two);
      assertTrue(one.precision() <= one.ceiling() + 1e-12, "no ranking beats the perfect one");
    }
  }

  @Test
  void aNaNScoreIsRefusedNamingTheDocumentAndQuery() {
    LabelRankingEvaluator evaluator = new LabelRankingEvaluator(List.of(Set.of("A"), Set.of("B")));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                evaluator.evaluate(
                    List.of(Set.of("A")),
                    (q, s) -> {
                      s[0] = 1;
                      s[1] = Double.NaN;
                    },
                    1,
                    1,
                    ProgressReporter.NONE,
                    "broken scorer"));
    assertEquals(
        "broken scorer scored training document 1 NaN for query 0; a score must be a number", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new LabelRankingEvaluator(List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> evaluator.evaluate(List.of(), (q, s) -> {}, 1, 1, ProgressReporter.NONE, "x"));
  }

  private static List<Set<String>> randomLabels(Random random, int n) {
    String[] names = {"a", "b", "c", "d", "e"};
    List<Set<String>> labels = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      labels.add(random.nextInt(6) == 0 ? Set.of() : Set.of(names[random.nextInt(names.length)]));
    }
    return labels;
  }
}
