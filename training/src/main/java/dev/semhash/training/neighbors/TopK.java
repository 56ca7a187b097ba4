package dev.semhash.training.neighbors;

/**
 * Keeps the {@code k} best (ord, score) pairs: higher score first, equal scores by lower ordinal.
 * A binary heap with the worst kept pair at the root. Reusable through {@link #clear()}.
 */
final class TopK {
  private final int k;
  private final int[] ords;
  private final double[] scores;
  private int size;

  TopK(int k) {
    this.k = k;
    this.ords = new int[k];
    this.scores = new double[k];
  }

  void clear() {
    size = 0;
  }

  int size() {
    return size;
  }

  /** True if (a, sa) ranks below (b, sb). */
  private static boolean worse(int a, double sa, int b, double sb) {
    return sa < sb || (sa == sb && a > b);
  }

  void offer(int ord, double score) {
    if (k == 0) {
      return;
    }
    if (size < k) {
      int i = size++;
      ords[i] = ord;
      scores[i] = score;
      siftUp(i);
    } else if (worse(ords[0], scores[0], ord, score)) {
      ords[0] = ord;
      scores[0] = score;
      siftDown(0);
    }
  }

  private void siftUp(int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (worse(ords[i], scores[i], ords[parent], scores[parent])) {
        swap(i, parent);
        i = parent;
      } else {
        return;
      }
    }
  }

  private void siftDown(int i) {
    while (true) {
      int left = 2 * i + 1;
      if (left >= size) {
        return;
      }
      int worst = left;
      int right = left + 1;
      if (right < size && worse(ords[right], scores[right], ords[left], scores[left])) {
        worst = right;
      }
      if (worse(ords[worst], scores[worst], ords[i], scores[i])) {
        swap(i, worst);
        i = worst;
      } else {
        return;
      }
    }
  }

  private void swap(int i, int j) {
    int o = ords[i];
    ords[i] = ords[j];
    ords[j] = o;
    double s = scores[i];
    scores[i] = scores[j];
    scores[j] = s;
  }

  /** Drains the heap into {@code outOrds}/{@code outScores}, best first; returns the count. */
  int drainBestFirst(int[] outOrds, float[] outScores) {
    int n = size;
    for (int i = n - 1; i >= 0; i--) {
      outOrds[i] = ords[0];
      outScores[i] = (float) scores[0];
      ords[0] = ords[size - 1];
      scores[0] = scores[size - 1];
      size--;
      siftDown(0);
    }
    return n;
  }
}
