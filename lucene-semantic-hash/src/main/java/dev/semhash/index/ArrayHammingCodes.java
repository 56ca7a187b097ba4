package dev.semhash.index;

import java.io.IOException;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.ArrayUtil;
import org.apache.lucene.util.BytesRef;

/** Codes read from any {@link BinaryDocValues} into heap arrays: the portable, slower path. */
final class ArrayHammingCodes extends HammingCodes {
  private final int bits;
  private final int words;
  private final int[] docs;
  private final long[] codes;

  private ArrayHammingCodes(int bits, int[] docs, long[] codes) {
    this.bits = bits;
    this.words = (bits + 63) >>> 6;
    this.docs = docs;
    this.codes = codes;
  }

  static ArrayHammingCodes load(BinaryDocValues values, int maxDoc, String field, int expectedBits)
      throws IOException {
    int words = (expectedBits + 63) >>> 6;
    int[] docs = new int[16];
    long[] codes = new long[16 * words];
    int n = 0;
    for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
      BytesRef code = values.binaryValue();
      if (code.length * 8 != expectedBits) {
        throw wrongLength(field, code.length * 8, expectedBits);
      }
      docs = ArrayUtil.grow(docs, n + 1);
      codes = ArrayUtil.grow(codes, (n + 1) * words);
      System.arraycopy(toWords(code), 0, codes, n * words, words);
      docs[n++] = doc;
    }
    return new ArrayHammingCodes(
        expectedBits, ArrayUtil.copyOfSubArray(docs, 0, n), ArrayUtil.copyOfSubArray(codes, 0, n * words));
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
    System.arraycopy(codes, ord * words, dest, 0, words);
  }

  @Override
  public void distances(long[] query, int fromOrd, int toOrd, int[] distances) {
    for (int ord = fromOrd; ord < toOrd; ord++) {
      int d = 0;
      int base = ord * words;
      for (int w = 0; w < words; w++) {
        d += Long.bitCount(codes[base + w] ^ query[w]);
      }
      distances[ord - fromOrd] = d;
    }
  }

  @Override
  public SubstringIndex substringIndex() {
    return null;
  }
}
