package dev.semhash.training.eval;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The label sets of two document lists (for instance training and test documents) as bit masks over
 * one shared label dictionary, so that the number of labels two documents share is a few {@link
 * Long#bitCount} calls. That number is the relevance grade of label-based evaluation: a document is
 * relevant to a query if they share at least one label, and nDCG's gain is the number shared (with
 * single-label data this is 0 or 1, so the gain is binary by itself).
 */
final class LabelSets {
  private final long[][] first;
  private final long[][] second;

  private LabelSets(long[][] first, long[][] second) {
    this.first = first;
    this.second = second;
  }

  static LabelSets of(
      List<? extends Collection<String>> first, List<? extends Collection<String>> second) {
    Map<String, Integer> ids = new HashMap<>();
    for (List<? extends Collection<String>> list : List.of(first, second)) {
      for (Collection<String> labels : list) {
        for (String label : labels) {
          ids.putIfAbsent(label, ids.size());
        }
      }
    }
    int words = Math.max(1, (ids.size() + 63) >>> 6);
    return new LabelSets(masks(first, ids, words), masks(second, ids, words));
  }

  private static long[][] masks(
      List<? extends Collection<String>> labelSets, Map<String, Integer> ids, int words) {
    long[][] masks = new long[labelSets.size()][words];
    for (int i = 0; i < masks.length; i++) {
      for (String label : labelSets.get(i)) {
        int id = ids.get(label);
        masks[i][id >>> 6] |= 1L << (id & 63);
      }
    }
    return masks;
  }

  /** Number of labels shared by document {@code i} of the first list and {@code j} of the second. */
  int shared(int i, int j) {
    long[] a = first[i];
    long[] b = second[j];
    int n = 0;
    for (int w = 0; w < a.length; w++) {
      n += Long.bitCount(a[w] & b[w]);
    }
    return n;
  }

  /** Number of labels of document {@code j} of the second list. */
  int sizeOfSecond(int j) {
    int n = 0;
    for (long w : second[j]) {
      n += Long.bitCount(w);
    }
    return n;
  }
}
