package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CosineRankingEvaluatorTest {

  private static final double LOG2_3 = Math.log(3) / Math.log(2);

  @Test
  void handComputedExampleWithTiesAndAZeroQuery() {
    // Training vectors and labels; cosine to query 0 = (1, 0):
    //   t0 (1, 0)   {A}  1        t1 (0, 1)  {B}  0       t2 (2, 0) {A}  1 (ties t0; t0 first)
    //   t3 (-1, 0)  {A} -1        t4 (1, 1)  {B}  0.7071
    float[][] train = {{1, 0}, {0, 1}, {2, 0}, {-1, 0}, {1, 1}};
    List<Set<String>> trainLabels =
        List.of(Set.of("A"), Set.of("B"), Set.of("A"), Set.of("A"), Set.of("B"));
    float[][] test = {{1, 0}, {0, 0}};
    List<Set<String>> testLabels = List.of(Set.of("A"), Set.of("B"));
    SemanticVectorEvaluation r =
        new CosineRankingEvaluator(train, trainLabels)
            .evaluate(test, testLabels, 3, 1, ProgressReporter.NONE);
    // Query 0 {A}: t0 t2 t4, gains 1 1 0 -> P@3 = 2/3; three relevant -> ceiling 1;
    //   NDCG@3 = (1 + 1/log2 3) / (1 + 1/log2 3 + 1/2).
    // Query 1 {B}, the zero vector: every cosine is 0, so training order t0 t1 t2, gains 0 1 0 ->
    //   P@3 = 1/3; two relevant (t1, t4) -> ceiling 2/3; NDCG@3 = (1/log2 3) / (1 + 1/log2 3).
    double ndcg0 = (1 + 1 / LOG2_3) / (1 + 1 / LOG2_3 + 0.5);
    double ndcg1 = (1 / LOG2_3) / (1 + 1 / LOG2_3);
    assertEquals(2, r.queries());
    assertEquals(5, r.documents());
    assertEquals(2, r.dimensions());
    assertEquals(3, r.k());
    assertEquals(0.5, r.precision(), 1e-12);
    assertEquals((1 + 2 / 3.0) / 2, r.ceiling(), 1e-12);
    assertEquals((ndcg0 + ndcg1) / 2, r.ndcg(), 1e-12);
  }

  /**
   * A code written as a vector of ±1 has cosine 1 − 2d/bits to another, d their Hamming distance,
   * so cosine ranking must give exactly the Hamming ranking's figures, ties included.
   */
  @Test
  void signVectorsOfCodesRankAsTheirHammingDistances() {
    Random random = new Random(20261126L);
    for (int round = 0; round < 40; round++) {
      // powers of four, so that 1/sqrt(bits) and every partial sum of the cosine are exact
      int bits = random.nextBoolean() ? 16 : 64;
      int nTrain = 1 + random.nextInt(200);
      int nTest = 1 + random.nextInt(30);
      int varying = 1 + random.nextInt(10); // few varying bits: many ties
      long base = random.nextLong();
      long[][] trainCodes = new long[nTrain][];
      long[][] testCodes = new long[nTest][];
      for (int i = 0; i < nTrain; i++) {
        trainCodes[i] = new long[] {perturb(random, base, bits, varying)};
      }
      for (int i = 0; i < nTest; i++) {
        testCodes[i] = new long[] {perturb(random, base, bits, varying)};
      }
      List<Set<String>> trainLabels = randomLabels(random, nTrain);
      List<Set<String>> testLabels = randomLabels(random, nTest);
      int k = 1 + random.nextInt(120);
      HammingEvaluation hamming =
          new HammingRankingEvaluator(bits, trainCodes, trainLabels)
              .evaluate(testCodes, testLabels, new int[] {k}, 0, 1, ProgressReporter.NONE);
      SemanticVectorEvaluation cosine =
          new CosineRankingEvaluator(signs(trainCodes, bits), trainLabels)
              .evaluate(signs(testCodes, bits), testLabels, k, 1 + random.nextInt(2), ProgressReporter.NONE);
      assertEquals(hamming.precisionAt(k), cosine.precision(), 1e-12, "round " + round);
      assertEquals(hamming.ndcgAt(k), cosine.ndcg(), 1e-12, "round " + round);
      assertEquals(hamming.ceilingAt(k), cosine.ceiling(), 1e-12, "round " + round);
      assertTrue(cosine.precision() <= cosine.ceiling() + 1e-12);
    }
  }

  @Test
  void resultDoesNotDependOnThreadCount() {
    Random random = new Random(3);
    float[][] train = randomVectors(random, 700, 12);
    float[][] test = randomVectors(random, 150, 12);
    List<Set<String>> trainLabels = randomLabels(random, train.length);
    List<Set<String>> testLabels = randomLabels(random, test.length);
    CosineRankingEvaluator evaluator = new CosineRankingEvaluator(train, trainLabels);
    assertEquals(
        evaluator.evaluate(test, testLabels, 100, 1, ProgressReporter.NONE),
        evaluator.evaluate(test, testLabels, 100, 2, ProgressReporter.NONE));
  }

  @Test
  void rejectsBadInput() {
    float[][] train = {{1, 0}, {0, 1}};
    List<Set<String>> labels = List.of(Set.of("A"), Set.of("B"));
    CosineRankingEvaluator evaluator = new CosineRankingEvaluator(train, labels);
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> evaluator.evaluate(new float[][] {{Float.NaN, 1}}, List.of(Set.of("A")), 10, 1, ProgressReporter.NONE));
    assertTrue(nan.getMessage().contains("test vector 0 has NaN at dimension 0"), nan.getMessage());
    IllegalArgumentException length =
        assertThrows(
            IllegalArgumentException.class,
            () -> evaluator.evaluate(new float[][] {{1, 0, 0}}, List.of(Set.of("A")), 10, 1, ProgressReporter.NONE));
    assertTrue(length.getMessage().contains("has 3 values, but the training vectors have 2"), length.getMessage());
    IllegalArgumentException count =
        assertThrows(IllegalArgumentException.class, () -> new CosineRankingEvaluator(train, List.of(Set.of("A"))));
    assertTrue(count.getMessage().contains("2 training vectors but 1 label sets"), count.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new CosineRankingEvaluator(new float[0][], List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> evaluator.evaluate(new float[][] {{1, 0}}, List.of(Set.of("A")), 0, 1, ProgressReporter.NONE));
    IllegalArgumentException infinite =
        assertThrows(
            IllegalArgumentException.class,
            () -> new CosineRankingEvaluator(new float[][] {{1, Float.POSITIVE_INFINITY}}, List.of(Set.of("A"))));
    assertTrue(infinite.getMessage().contains("training vector 0 has Infinity at dimension 1"), infinite.getMessage());
  }

  private static float[][] signs(long[][] codes, int bits) {
    float[][] out = new float[codes.length][bits];
    for (int i = 0; i < codes.length; i++) {
      for (int b = 0; b < bits; b++) {
        out[i][b] = (codes[i][0] >>> (63 - b) & 1) == 1 ? 1f : -1f;
      }
    }
    return out;
  }

  /** {@code base}'s top {@code bits} bits, the first {@code varying} of them flipped at random. */
  private static long perturb(Random random, long base, int bits, int varying) {
    long code = bits == 64 ? base : base & (-1L << (64 - bits));
    for (int b = 0; b < varying; b++) {
      if (random.nextBoolean()) {
        code ^= 1L << (63 - b);
      }
    }
    return code;
  }

  private static float[][] randomVectors(Random random, int n, int dim) {
    float[][] out = new float[n][dim];
    for (float[] row : out) {
      for (int j = 0; j < dim; j++) {
        row[j] = (float) random.nextGaussian();
      }
    }
    return out;
  }

  private static List<Set<String>> randomLabels(Random random, int n) {
    String[] names = {"a", "b", "c", "d", "e"};
    List<Set<String>> labels = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Set<String> set = new HashSet<>();
      for (int j = random.nextInt(4); j > 0; j--) {
        set.add(names[random.nextInt(names.length)]);
      }
      labels.add(Set.copyOf(set));
    }
    return labels;
  }
}
