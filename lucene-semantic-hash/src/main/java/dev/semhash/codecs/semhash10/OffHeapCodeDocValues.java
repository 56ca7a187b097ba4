package dev.semhash.codecs.semhash10;

import dev.semhash.index.CodeDocValues;
import dev.semhash.index.HammingCodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.store.RandomAccessInput;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.packed.DirectMonotonicReader;

/**
 * Binary doc values over the codes of one segment. Dense fields iterate doc ids directly; sparse
 * fields walk the monotonic ordinal-to-doc table, galloping on {@code advance}.
 */
final class OffHeapCodeDocValues extends CodeDocValues {
  private final OffHeapCodes source;
  private final int maxDoc;
  private final int count;
  private final int bytesPerCode;
  private final RandomAccessInput codes;
  private final DirectMonotonicReader docs;
  private final BytesRef value;
  private int doc = -1;
  private int ord = -1;
  // first ordinal whose doc id is greater than the current doc id
  private int next = 0;

  OffHeapCodeDocValues(
      OffHeapCodes source,
      CodesEntry entry,
      int maxDoc,
      RandomAccessInput codes,
      DirectMonotonicReader docs) {
    this.source = source;
    this.maxDoc = maxDoc;
    this.count = entry.count();
    this.bytesPerCode = entry.bytesPerCode();
    this.codes = codes;
    this.docs = docs;
    this.value = new BytesRef(new byte[bytesPerCode]);
  }

  @Override
  public HammingCodes hammingCodes() {
    try {
      return source.newHammingCodes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public BytesRef binaryValue() throws IOException {
    codes.readBytes((long) ord * bytesPerCode, value.bytes, 0, bytesPerCode);
    return value;
  }

  @Override
  public int docID() {
    return doc;
  }

  @Override
  public int nextDoc() throws IOException {
    if (next >= count) {
      ord = -1;
      next = count;
      return doc = NO_MORE_DOCS;
    }
    ord = next++;
    return doc = docAt(ord);
  }

  @Override
  public int advance(int target) throws IOException {
    int i = firstAtLeast(target);
    if (i >= count) {
      ord = -1;
      next = count;
      return doc = NO_MORE_DOCS;
    }
    ord = i;
    next = i + 1;
    return doc = docAt(i);
  }

  @Override
  public boolean advanceExact(int target) throws IOException {
    int i = firstAtLeast(target);
    doc = target;
    if (i < count && docAt(i) == target) {
      ord = i;
      next = i + 1;
      return true;
    }
    ord = -1;
    next = i;
    return false;
  }

  @Override
  public long cost() {
    return count;
  }

  private int docAt(int i) {
    return docs == null ? i : (int) docs.get(i);
  }

  /**
   * The first ordinal whose doc id is at least {@code target}, searching from the current position
   * (which may be {@code target} itself: advanceExact must be repeatable).
   */
  private int firstAtLeast(int target) {
    int lo = ord >= 0 ? ord : next;
    if (docs == null) {
      return Math.max(lo, Math.min(target, maxDoc));
    }
    if (lo >= count || docs.get(lo) >= target) {
      return lo;
    }
    // gallop: docs[lo] < target; find hi with docs[hi] >= target or hi = count
    long step = 1; // long: doubling past 2^30 must not wrap in a segment of over 2^30 codes
    int hi = lo + 1;
    while (hi < count && docs.get(hi) < target) {
      lo = hi;
      step <<= 1;
      hi = (int) Math.min(lo + step, count);
    }
    // docs[lo] < target <= docs[hi] (or hi == count)
    long found = docs.binarySearch(lo + 1, hi, target);
    return (int) (found >= 0 ? found : -1 - found);
  }
}
