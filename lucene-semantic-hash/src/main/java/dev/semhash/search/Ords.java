package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.io.IOException;

/** Doc-id to ordinal searches over {@link HammingCodes}, whose ordinals are in doc id order. */
final class Ords {
  private Ords() {}

  /**
   * The first ordinal at or after {@code fromOrd} whose document is at least {@code target}, or
   * {@code codes.size()} if there is none. Gallops from {@code fromOrd} and then bisects, so short
   * skips (the common case when another clause leads) cost a few {@code docAt} calls.
   */
  static int firstOrdAtOrAfter(HammingCodes codes, int fromOrd, int target) throws IOException {
    int size = codes.size();
    int lo = fromOrd; // every ordinal below lo has a document below target
    int hi = fromOrd;
    long bound = 1;
    while (hi < size && codes.docAt(hi) < target) {
      lo = hi + 1;
      hi = (int) Math.min(fromOrd + bound, size);
      bound <<= 1;
    }
    // now hi == size or docAt(hi) >= target
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (codes.docAt(mid) < target) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
