package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.index.HammingCodes;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HammingRankingEvaluatorTest {

  private static long[] code8(int bits) {
    return HammingCodes.toWords(new byte[] {(byte) bits}, 0, 1);
  }

  // Six 8-bit training codes and their labels; distances to query 0 (code 00000000) and to
  // query 1 (code 11111111):
  //   t0 00000011 {A}    d0 = 2  d1 = 6
  //   t1 00000001 {C}    d0 = 1  d1 = 7
  //   t2 00000000 {A,B}  d0 = 0  d1 = 8
  //   t3 00000001 {A}    d0 = 1  d1 = 7
  //   t4 11110000 {A}    d0 = 4  d1 = 4
  //   t5 00000111 {C}    d0 = 3  d1 = 5
  private static final long[][] TRAIN = {
    code8(0b11), code8(0b1), code8(0), code8(0b1), code8(0b11110000), code8(0b111)
  };
  private static final List<Set<String>> TRAIN_LABELS =
      List.of(Set.of("A"), Set.of("C"), Set.of("A", "B"), Set.of("A"), Set.of("A"), Set.of("C"));
  private static final long[][] TEST = {code8(0), code8(0xFF)};
  private static final List<Set<String>> TEST_LABELS = List.of(Set.of("A", "B"), Set.of("C"));

  @Test
  void handComputedExampleWithTiesAndAnEmptyRadius() {
    // Query 0 {A,B}: ranking t2(0) t1(1) t3(1) t0(2) t5(3) t4(4); t1 and t3 tie at distance 1 and
    // t1 comes first (training order). Shared labels (gains): 2 0 1 1 0 1.
    //   P@1 = 1, P@2 = 1/2, P@3 = 2/3, P@4 = 3/4, P@5 = 3/5.
    //   Ideal gains 2 1 1 1 0 0. DCG@2 = 2, IDCG@2 = 2 + 1/log2(3) -> NDCG@2 = 0.7601875334
    //   DCG@3 = 2 + 1/log2(4) = 2.5, IDCG@3 = 2 + 1/log2(3) + 1/log2(4) -> 0.7984848581
    //   DCG@5 = DCG@4 = 2.5 + 1/log2(5), IDCG@5 = IDCG@4 = IDCG@3 + 1/log2(5) -> 0.8228524721
    //   Radius 2: t2 t1 t3 t0, three relevant -> 3/4.
    // Query 1 {C}: ranking t4(4) t5(5) t0(6) t1(7) t3(7) t2(8), t1 before t3 by training order.
    //   Gains 0 1 0 1 0 0. P@1 = 0, P@2 = 1/2, P@3 = 1/3, P@4 = 1/2, P@5 = 2/5.
    //   IDCG@k>=2 = 1 + 1/log2(3). NDCG@2 = NDCG@3 = (1/log2(3)) / IDCG = 0.3868528072,
    //   NDCG@4 = NDCG@5 = (1/log2(3) + 1/log2(5)) / IDCG = 0.6509209298.
    //   Nothing within radius 2 -> scores 0 (and counts as an empty radius).
    // Means: P = 0.5, 0.5, 0.5, 0.625, 0.5; NDCG = 0.5, 0.5735201703, 0.5926688327,
    //   0.7368867009, 0.7368867009; radius precision = (0.75 + 0) / 2 = 0.375; empty share 1/2.
    HammingRankingEvaluator evaluator = new HammingRankingEvaluator(8, TRAIN, TRAIN_LABELS);
    HammingEvaluation r =
        evaluator.evaluate(TEST, TEST_LABELS, new int[] {5, 1, 3, 2, 4}, 2, 1, ProgressReporter.NONE);
    assertArrayEquals(new int[] {1, 2, 3, 4, 5}, r.ks());
    assertArrayEquals(new double[] {0.5, 0.5, 0.5, 0.625, 0.5}, r.precision(), 1e-12);
    assertArrayEquals(
        new double[] {
          0.5, 0.5735201703332051, 0.5926688326670195, 0.7368867009380486, 0.7368867009380486
        },
        r.ndcg(),
        1e-12);
    assertEquals(0.375, r.precisionWithinRadius(), 1e-12);
    assertEquals(0.5, r.emptyRadiusShare(), 0);
    assertEquals(0.625, r.precisionAt(4), 1e-12);
    assertEquals(2, r.queries());
    assertEquals(6, r.trainDocs());
    // Ceilings: query 0 has 4 relevant training documents (t0 t2 t3 t4) -> min(k, 4) / k =
    //   1 1 1 1 4/5; query 1 has 2 (t1 t5) -> 1 1 2/3 1/2 2/5. Means 1 1 5/6 3/4 3/5.
    assertArrayEquals(new double[] {1, 1, 5 / 6.0, 0.75, 0.6}, r.ceiling(), 1e-12);
    // By label: A and B are query 0's alone, C query 1's.
    assertEquals(List.of("A", "B", "C"), r.byLabel().stream().map(LabelPrecision::label).toList());
    LabelPrecision a = r.byLabel().get(0);
    assertEquals(1, a.queries());
    assertArrayEquals(new double[] {1, 0.5, 2 / 3.0, 0.75, 0.6}, a.precision(), 1e-12);
    assertArrayEquals(new double[] {1, 1, 1, 1, 0.8}, a.ceiling(), 1e-12);
    assertEquals(new LabelPrecision("B", 1, a.ks(), a.precision(), a.ceiling()), r.byLabel().get(1));
    LabelPrecision c = r.byLabel().get(2);
    assertArrayEquals(new double[] {0, 0.5, 1 / 3.0, 0.5, 0.4}, c.precision(), 1e-12);
    assertArrayEquals(new double[] {1, 1, 2 / 3.0, 0.5, 0.4}, c.ceiling(), 1e-12);
    // Query 1 reaches 1/3 of a possible 2/3 at k = 3, and all it can at k = 5.
    assertEquals(2 / 3.0, c.ceilingAt(3), 1e-12);
    assertEquals(c.ceilingAt(5), c.precisionAt(5), 1e-12);
  }

  @Test
  void precisionOverTheOrdersOfTiedDocumentsByHand() {
    // Query 0 {A,B}, k = 2: t2 (distance 0, relevant), then one of t1 (no) and t3 (yes), tied at
    //   distance 1: worst 1/2, expected (1 + 1/2) / 2 = 3/4, best 1; training order takes t1: 1/2.
    //   k = 4: t2 t1 t3 t0 fill the top exactly, no tie is cut: 3/4 under every order.
    // Query 1 {C}, k = 2: t4 (4, no) and t5 (5, yes), no tie cut: 1/2. k = 4: t4 t5 t0 (6, no),
    //   then one of t1 (yes) and t3 (no) at distance 7: worst 1/4, expected 3/8, best 1/2;
    //   training order takes t1: 1/2.
    // Means: k = 2: 1/2, 5/8, 3/4; k = 4: 1/2, 9/16, 5/8, with P@4 (training order) the best.
    HammingEvaluation r =
        new HammingRankingEvaluator(8, TRAIN, TRAIN_LABELS)
            .evaluate(TEST, TEST_LABELS, new int[] {2, 4}, 2, 1, ProgressReporter.NONE);
    assertTied(0.5, 0.625, 0.75, r.tiedPrecisionAt(2));
    assertTied(0.5, 0.5625, 0.625, r.tiedPrecisionAt(4));
    assertEquals(0.5, r.precisionAt(2), 0);
    assertEquals(0.625, r.precisionAt(4), 0);
    // k = 10 > 6 training documents: all of them are ranked, so no order matters: 4/10 and 2/10.
    HammingEvaluation all =
        new HammingRankingEvaluator(8, TRAIN, TRAIN_LABELS)
            .evaluate(TEST, TEST_LABELS, new int[] {10}, 2, 1, ProgressReporter.NONE);
    assertTied(0.3, 0.3, 0.3, all.tiedPrecisionAt(10));
  }

  private static void assertTied(double worst, double expected, double best, HammingEvaluation.TiedPrecision actual) {
    assertEquals(worst, actual.worst(), 1e-12, "worst");
    assertEquals(expected, actual.expected(), 1e-12, "expected");
    assertEquals(best, actual.best(), 1e-12, "best");
  }

  @Test
  void tiedPrecisionIsTheRangeAndMeanOverEveryTrainingOrder() {
    // The evaluator breaks ties by training order, so ranking every permutation of the training
    // documents visits every order of the tied ones: for one query, the worst and best over the
    // permutations and their mean are exactly the tie range and the expected precision.
    Random random = new Random(20261207L);
    for (int iter = 0; iter < 40; iter++) {
      int n = 1 + random.nextInt(6);
      long[][] train = new long[n][];
      List<Set<String>> trainLabels = randomLabels(random, n);
      for (int i = 0; i < n; i++) {
        train[i] = perturb(random, new long[1], 8, 2 + random.nextInt(3)); // few bits vary: many ties
      }
      long[][] test = {perturb(random, new long[1], 8, 3)};
      List<Set<String>> testLabels = randomLabels(random, 1);
      int k = 1 + random.nextInt(n + 1);
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      double sum = 0;
      int count = 0;
      for (int[] order : permutations(n)) {
        long[][] permuted = new long[n][];
        List<Set<String>> permutedLabels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          permuted[i] = train[order[i]];
          permutedLabels.add(trainLabels.get(order[i]));
        }
        double p = new HammingRankingEvaluator(8, permuted, permutedLabels)
            .evaluate(test, testLabels, new int[] {k}, 0, 1, ProgressReporter.NONE)
            .precisionAt(k);
        min = Math.min(min, p);
        max = Math.max(max, p);
        sum += p;
        count++;
      }
      HammingEvaluation.TiedPrecision tied = new HammingRankingEvaluator(8, train, trainLabels)
          .evaluate(test, testLabels, new int[] {k}, 0, 1, ProgressReporter.NONE)
          .tiedPrecisionAt(k);
      assertEquals(min, tied.worst(), 1e-12, "iteration " + iter);
      assertEquals(max, tied.best(), 1e-12, "iteration " + iter);
      assertEquals(sum / count, tied.expected(), 1e-12, "iteration " + iter);
    }
  }

  private static List<int[]> permutations(int n) {
    List<int[]> out = new ArrayList<>();
    permute(new int[n], new boolean[n], 0, out);
    return out;
  }

  private static void permute(int[] prefix, boolean[] used, int at, List<int[]> out) {
    if (at == prefix.length) {
      out.add(prefix.clone());
      return;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (used[i] == false) {
        used[i] = true;
        prefix[at] = i;
        permute(prefix, used, at + 1, out);
        used[i] = false;
      }
    }
  }

  @Test
  void cutoffBeyondTrainingSetDividesByK() {
    // Query 0 at k = 10: 4 relevant among the 6 ranked -> 4/10; query 1: 2 relevant -> 2/10.
    HammingEvaluation r =
        new HammingRankingEvaluator(8, TRAIN, TRAIN_LABELS)
            .evaluate(TEST, TEST_LABELS, new int[] {10}, 0, 1, ProgressReporter.NONE);
    assertEquals(0.3, r.precisionAt(10), 1e-12);
    // NDCG@10 ranks every training document. Query 0 adds t4 (gain 1) at rank 6:
    //   DCG = 2 + 1/log2(4) + 1/log2(5) + 1/log2(7) = 3.2868837452, IDCG = 3.5616063117 -> 0.9228655437
    // Query 1: (1/log2(3) + 1/log2(5)) / (1 + 1/log2(3)) = 0.6509209298. Mean 0.7868932367.
    assertEquals(0.7868932367451345, r.ndcgAt(10), 1e-12);
    // Radius 0: query 0 has t2 (relevant) -> 1; query 1 has nothing -> 0.
    assertEquals(0.5, r.precisionWithinRadius(), 1e-12);
  }

  @Test
  void matchesNaiveImplementationOnRandomCodes() {
    Random random = new Random(20260101L);
    for (int iter = 0; iter < 60; iter++) {
      int bits = new int[] {8, 16, 24, 64, 72, 128}[random.nextInt(6)];
      int words = (bits + 63) / 64;
      int nTrain = 1 + random.nextInt(250);
      int nTest = 1 + random.nextInt(40);
      // Few bits vary, so many codes tie.
      long[] base = randomCode(random, bits, words, bits);
      int varying = 1 + random.nextInt(Math.min(bits, 12));
      long[][] train = new long[nTrain][];
      long[][] test = new long[nTest][];
      for (int i = 0; i < nTrain; i++) {
        train[i] = perturb(random, base, bits, varying);
      }
      for (int i = 0; i < nTest; i++) {
        test[i] = perturb(random, base, bits, varying);
      }
      List<Set<String>> trainLabels = randomLabels(random, nTrain);
      List<Set<String>> testLabels = randomLabels(random, nTest);
      int[] ks = {1 + random.nextInt(20), 1 + random.nextInt(300), 100};
      int radius = random.nextInt(4);
      HammingEvaluation fast =
          new HammingRankingEvaluator(bits, train, trainLabels)
              .evaluate(test, testLabels, ks, radius, 1 + random.nextInt(2), ProgressReporter.NONE);
      for (int k : ks) {
        assertEquals(naivePrecision(train, trainLabels, test, testLabels, k), fast.precisionAt(k), 1e-9);
        assertEquals(naiveNdcg(train, trainLabels, test, testLabels, k), fast.ndcgAt(k), 1e-9);
      }
      assertEquals(
          naiveRadius(train, trainLabels, test, testLabels, radius), fast.precisionWithinRadius(), 1e-9);
      for (int k : ks) {
        assertEquals(naiveCeiling(trainLabels, testLabels, k), fast.ceilingAt(k), 1e-9);
        assertTrue(fast.precisionAt(k) <= fast.ceilingAt(k) + 1e-12);
        HammingEvaluation.TiedPrecision tied = fast.tiedPrecisionAt(k);
        assertTrue(tied.worst() <= fast.precisionAt(k) + 1e-12 && fast.precisionAt(k) <= tied.best() + 1e-12, tied.toString());
        assertTrue(tied.worst() <= tied.expected() + 1e-12 && tied.expected() <= tied.best() + 1e-12, tied.toString());
        // Each query counts once per label, so the label means weighted by their query counts
        // and label counts give back the overall mean.
        double weighted = 0;
        for (LabelPrecision p : fast.byLabel()) {
          assertTrue(p.precisionAt(k) <= p.ceilingAt(k) + 1e-12, p.label());
          weighted += p.queries() * p.precisionAt(k);
        }
        double perLabelSum = 0;
        for (int q = 0; q < nTest; q++) {
          perLabelSum += testLabels.get(q).size() * naivePrecision(train, trainLabels,
              new long[][] {test[q]}, List.of(testLabels.get(q)), k);
        }
        assertEquals(perLabelSum, weighted, 1e-9);
      }
    }
  }

  @Test
  void resultDoesNotDependOnThreadCount() {
    Random random = new Random(5);
    long[][] train = new long[3000][];
    long[][] test = new long[300][];
    for (int i = 0; i < train.length; i++) {
      train[i] = randomCode(random, 32, 1, 32);
    }
    for (int i = 0; i < test.length; i++) {
      test[i] = randomCode(random, 32, 1, 32);
    }
    List<Set<String>> trainLabels = randomLabels(random, train.length);
    List<Set<String>> testLabels = randomLabels(random, test.length);
    HammingRankingEvaluator evaluator = new HammingRankingEvaluator(32, train, trainLabels);
    AtomicLong steps = new AtomicLong();
    ProgressReporter counting =
        (task, total, unit) ->
            new ProgressReporter.Progress() {
              @Override
              public void step(long n) {
                steps.addAndGet(n);
              }

              @Override
              public void close() {}
            };
    HammingEvaluation one = evaluator.evaluate(test, testLabels, new int[] {10, 100}, 2, 1, counting);
    HammingEvaluation two = evaluator.evaluate(test, testLabels, new int[] {10, 100}, 2, 2, counting);
    assertEquals(one, two);
    assertEquals(600, steps.get());
  }

  @Test
  void rejectsBadInput() {
    IllegalArgumentException wrongWords =
        assertThrows(
            IllegalArgumentException.class,
            () -> new HammingRankingEvaluator(128, TRAIN, TRAIN_LABELS));
    assertTrue(wrongWords.getMessage().contains("training code 0 has 1 words"), wrongWords.getMessage());
    IllegalArgumentException tail =
        assertThrows(
            IllegalArgumentException.class,
            () -> new HammingRankingEvaluator(8, new long[][] {{1L}}, List.of(Set.of("A"))));
    assertTrue(tail.getMessage().contains("beyond bit 8"), tail.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> new HammingRankingEvaluator(8, new long[0][], List.of()));
    assertThrows(
        IllegalArgumentException.class, () -> new HammingRankingEvaluator(8, TRAIN, List.of()));
    assertThrows(IllegalArgumentException.class, () -> new HammingRankingEvaluator(0, TRAIN, TRAIN_LABELS));
    HammingRankingEvaluator evaluator = new HammingRankingEvaluator(8, TRAIN, TRAIN_LABELS);
    IllegalArgumentException k =
        assertThrows(
            IllegalArgumentException.class,
            () -> evaluator.evaluate(TEST, TEST_LABELS, new int[] {0, 5}, 2, 1, ProgressReporter.NONE));
    assertTrue(k.getMessage().contains("cut-off k must be positive"), k.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> evaluator.evaluate(TEST, TEST_LABELS, new int[] {5}, -1, 1, ProgressReporter.NONE));
    assertThrows(
        IllegalArgumentException.class,
        () -> evaluator.evaluate(TEST, TEST_LABELS, new int[] {5}, 2, 0, ProgressReporter.NONE));
    assertThrows(
        IllegalArgumentException.class,
        () -> evaluator.evaluate(new long[0][], List.of(), ProgressReporter.NONE));
    IllegalArgumentException missing =
        assertThrows(IllegalArgumentException.class, () -> evaluator.evaluate(TEST, TEST_LABELS, new int[] {5}, 2, 1, ProgressReporter.NONE).precisionAt(7));
    assertTrue(missing.getMessage().contains("not evaluated"), missing.getMessage());
  }

  // ---- naive reference: full sort with a comparator, metrics from RankingMetrics ----

  private static Integer[] naiveRanking(long[][] train, long[] query) {
    Integer[] order = new Integer[train.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order,
        Comparator.<Integer>comparingInt(i -> HammingCodes.distance(query, train[i]))
            .thenComparingInt(i -> i));
    return order;
  }

  private static int shared(Set<String> a, Set<String> b) {
    int n = 0;
    for (String s : a) {
      n += b.contains(s) ? 1 : 0;
    }
    return n;
  }

  private static double naivePrecision(
      long[][] train, List<Set<String>> trainLabels, long[][] test, List<Set<String>> testLabels, int k) {
    double sum = 0;
    for (int q = 0; q < test.length; q++) {
      Integer[] order = naiveRanking(train, test[q]);
      int[] gains = new int[order.length];
      for (int r = 0; r < order.length; r++) {
        gains[r] = shared(testLabels.get(q), trainLabels.get(order[r]));
      }
      sum += RankingMetrics.precision(gains, k);
    }
    return sum / test.length;
  }

  private static double naiveCeiling(
      List<Set<String>> trainLabels, List<Set<String>> testLabels, int k) {
    double sum = 0;
    for (Set<String> query : testLabels) {
      long relevant = trainLabels.stream().filter(l -> shared(query, l) > 0).count();
      sum += Math.min(k, relevant) / (double) k;
    }
    return sum / testLabels.size();
  }

  private static double naiveNdcg(
      long[][] train, List<Set<String>> trainLabels, long[][] test, List<Set<String>> testLabels, int k) {
    double sum = 0;
    for (int q = 0; q < test.length; q++) {
      Integer[] order = naiveRanking(train, test[q]);
      int[] gains = new int[order.length];
      int[] all = new int[order.length];
      for (int r = 0; r < order.length; r++) {
        gains[r] = shared(testLabels.get(q), trainLabels.get(order[r]));
        all[r] = shared(testLabels.get(q), trainLabels.get(r));
      }
      sum += RankingMetrics.ndcg(gains, k, all);
    }
    return sum / test.length;
  }

  private static double naiveRadius(
      long[][] train, List<Set<String>> trainLabels, long[][] test, List<Set<String>> testLabels, int radius) {
    double sum = 0;
    for (int q = 0; q < test.length; q++) {
      int within = 0;
      int relevant = 0;
      for (int i = 0; i < train.length; i++) {
        if (HammingCodes.distance(test[q], train[i]) <= radius) {
          within++;
          relevant += shared(testLabels.get(q), trainLabels.get(i)) > 0 ? 1 : 0;
        }
      }
      sum += within == 0 ? 0 : relevant / (double) within;
    }
    return sum / test.length;
  }

  private static long[] randomCode(Random random, int bits, int words, int setBits) {
    long[] code = new long[words];
    for (int b = 0; b < bits; b++) {
      if (random.nextBoolean()) {
        code[b / 64] |= 1L << (63 - b % 64);
      }
    }
    return code;
  }

  private static long[] perturb(Random random, long[] base, int bits, int varying) {
    long[] code = base.clone();
    for (int b = 0; b < varying; b++) {
      if (random.nextBoolean()) {
        code[b / 64] ^= 1L << (63 - b % 64);
      }
    }
    return code;
  }

  private static List<Set<String>> randomLabels(Random random, int n) {
    String[] names = {"a", "b", "c", "d", "e"};
    List<Set<String>> labels = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int count = random.nextInt(4);
      java.util.Set<String> set = new java.util.HashSet<>();
      for (int j = 0; j < count; j++) {
        set.add(names[random.nextInt(names.length)]);
      }
      labels.add(Set.copyOf(set));
    }
    return labels;
  }
}
