package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;

/** Codes in heap arrays with an optional substring index: a test stand-in for the format. */
final class InMemoryCodes extends HammingCodes {
  private final int bits;
  private final int[] docs;
  private final long[][] codes;
  private final SubstringIndex index;

  InMemoryCodes(int bits, int[] docs, long[][] codes, SubstringIndex index) {
    this.bits = bits;
    this.docs = docs;
    this.codes = codes;
    this.index = index;
  }

  @Override
  public int bits() {
    return bits;
  }

  @Override
  public int size() {
    return docs.length;
  }

  @Override
  public int docAt(int ord) {
    return docs[ord];
  }

  @Override
  public int ordOf(int doc) {
    int i = java.util.Arrays.binarySearch(docs, doc);
    return i >= 0 ? i : -1;
  }

  @Override
  public void readCode(int ord, long[] dest) {
    System.arraycopy(codes[ord], 0, dest, 0, codes[ord].length);
  }

  @Override
  public void distances(long[] query, int fromOrd, int toOrd, int[] distances) {
    if (fromOrd < 0 || toOrd > docs.length || fromOrd > toOrd) {
      throw new IndexOutOfBoundsException(fromOrd + ".." + toOrd + " of " + docs.length);
    }
    for (int ord = fromOrd; ord < toOrd; ord++) {
      distances[ord - fromOrd] = HammingCodes.distance(codes[ord], query);
    }
  }

  @Override
  public SubstringIndex substringIndex() {
    return index;
  }
}
