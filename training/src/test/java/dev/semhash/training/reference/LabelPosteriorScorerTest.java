package dev.semhash.training.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LabelPosteriorScorerTest {

  @Test
  void scoresAreMinusTheLogOfTheChanceToShareNoLabel() {
    // logits 0 and ln 3: p = 1/2 and 3/4. A document with label 0 shares none with chance 1/2
    // (score ln 2), with label 1 1/4 (ln 4), with both 1/8 (ln 8); without labels it scores 0.
    double[][] logits = {{0, Math.log(3)}};
    int[][] train = {{0}, {1}, {0, 1}, {}};
    double[] scores = new double[4];
    new LabelPosteriorScorer(logits, train).score(0, scores);
    assertArrayEquals(new double[] {Math.log(2), Math.log(4), Math.log(8), 0}, scores, 1e-12);
  }

  @Test
  void ranksAsTheChanceToShareALabelOverRandomPosteriors() {
    Random random = new Random(20261128L);
    for (int round = 0; round < 200; round++) {
      int labels = 1 + random.nextInt(6);
      double[] z = new double[labels];
      double[] p = new double[labels];
      for (int l = 0; l < labels; l++) {
        z[l] = random.nextGaussian() * 4;
        p[l] = 1 / (1 + Math.exp(-z[l]));
      }
      int n = 2 + random.nextInt(20);
      int[][] train = new int[n][];
      double[] share = new double[n];
      for (int d = 0; d < n; d++) {
        train[d] = random.ints(0, labels).distinct().limit(random.nextInt(labels + 1)).sorted().toArray();
        double none = 1;
        for (int l : train[d]) {
          none *= 1 - p[l];
        }
        share[d] = 1 - none;
      }
      double[] scores = new double[n];
      new LabelPosteriorScorer(new double[][] {z}, train).score(0, scores);
      for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
          if (share[a] < share[b] - 1e-9) {
            assertEquals(true, scores[a] < scores[b], "order of documents " + a + " and " + b);
          }
        }
      }
    }
  }

  @Test
  void nearCertainLabelsKeepTheirOrder() {
    // 1 - p underflows to the same 0 in double for both, the logits still tell them apart
    double[][] logits = {{40, 50}};
    double[] scores = new double[2];
    new LabelPosteriorScorer(logits, new int[][] {{0}, {1}}).score(0, scores);
    assertEquals(true, scores[0] < scores[1]);
    assertEquals(40, scores[0], 1e-9);
  }
}
