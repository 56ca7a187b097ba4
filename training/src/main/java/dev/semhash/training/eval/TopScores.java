package dev.semhash.training.eval;

import java.util.PriorityQueue;

/** The indices of the largest scores, best first, ties by smaller index. */
public final class TopScores {
  private TopScores() {}

  /**
   * The indices of the (at most) {@code k} largest finite-or-positive-infinite scores of {@code
   * scores}; entries equal to negative infinity are never taken.
   */
  public static int[] top(double[] scores, int k) {
    if (k <= 0) {
      return new int[0];
    }
    // min-heap of the best k so far: worst (smallest score, then largest index) on top
    PriorityQueue<Integer> heap = new PriorityQueue<>(k, (a, b) -> {
      int cmp = Double.compare(scores[a], scores[b]);
      return cmp != 0 ? cmp : Integer.compare(b, a);
    });
    for (int i = 0; i < scores.length; i++) {
      if (scores[i] == Double.NEGATIVE_INFINITY) {
        continue;
      }
      if (heap.size() < k) {
        heap.add(i);
      } else {
        int worst = heap.peek();
        if (scores[i] > scores[worst]) {
          heap.poll();
          heap.add(i);
        }
      }
    }
    int[] out = new int[heap.size()];
    for (int i = out.length - 1; i >= 0; i--) {
      out[i] = heap.poll();
    }
    return out;
  }
}
