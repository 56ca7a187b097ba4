package dev.semhash.search;

import java.util.Arrays;
import org.apache.lucene.util.ArrayUtil;

/**
 * Keeps the {@code k} nearest documents offered in increasing doc id order, ordered by distance
 * and then doc id. Because a later document loses every tie, a document can enter only if its
 * distance is strictly below that of the current k-th nearest; {@link #threshold()} exposes that
 * bound so the scan loop can reject almost every code with one integer comparison and never
 * allocates per document.
 *
 * <p>Entries are packed as {@code distance << 32 | doc} in a max-heap of longs, so the root is the
 * entry to evict; the heap grows on demand up to k, so a huge k costs no more than the hits.
 */
final class NearestCodes {
  private final int k;
  private final int noBound;
  private long[] heap = new long[16]; // 1-based max-heap
  private int size;
  private int threshold;

  /**
   * @param k how many to keep, at least 1
   * @param bits the code length; every distance is at most {@code bits}
   */
  NearestCodes(int k, int bits) {
    this.k = k;
    this.noBound = bits + 1;
    this.threshold = noBound;
  }

  /** Distances strictly below this can enter; {@code bits + 1} while fewer than k are held. */
  int threshold() {
    return threshold;
  }

  int size() {
    return size;
  }

  /**
   * Offers a document larger than every document offered before. Callers check {@code distance <
   * threshold()} first; offers at or above it are ignored.
   */
  void offer(int distance, int doc) {
    if (distance >= threshold) {
      return;
    }
    long entry = ((long) distance << 32) | doc;
    if (size < k) {
      if (size + 1 == heap.length) {
        heap = ArrayUtil.grow(heap, size + 2);
      }
      heap[++size] = entry;
      upHeap(size);
      if (size == k) {
        threshold = (int) (heap[1] >>> 32);
      }
    } else {
      heap[1] = entry;
      downHeap(1);
      threshold = (int) (heap[1] >>> 32);
    }
  }

  /**
   * Adds every entry of {@code other}, keeping the k nearest by (distance, doc). Unlike {@link
   * #offer}, the other's documents may precede this one's; used to merge leaves searched apart.
   */
  void merge(NearestCodes other) {
    long[] all = Arrays.copyOfRange(heap, 1, size + 1 + other.size);
    System.arraycopy(other.heap, 1, all, size, other.size);
    Arrays.sort(all);
    size = 0;
    threshold = noBound;
    for (int i = 0; i < Math.min(all.length, k); i++) {
      // sorted by (distance, doc): each entry is kept, as offer would
      if (size + 1 == heap.length) {
        heap = ArrayUtil.grow(heap, size + 2);
      }
      heap[++size] = all[i];
      upHeap(size);
    }
    if (size == k) {
      threshold = (int) (heap[1] >>> 32);
    }
  }

  /** The kept entries sorted by doc id: {@code docs[i]} is at {@code distances[i]}. */
  void sortedByDoc(int[] docs, int[] distances) {
    long[] byDoc = new long[size];
    for (int i = 0; i < size; i++) {
      long e = heap[i + 1];
      byDoc[i] = ((e & 0xFFFFFFFFL) << 32) | (e >>> 32);
    }
    Arrays.sort(byDoc);
    for (int i = 0; i < size; i++) {
      docs[i] = (int) (byDoc[i] >>> 32);
      distances[i] = (int) byDoc[i];
    }
  }

  private void upHeap(int i) {
    long entry = heap[i];
    while (i > 1 && heap[i >>> 1] < entry) {
      heap[i] = heap[i >>> 1];
      i >>>= 1;
    }
    heap[i] = entry;
  }

  private void downHeap(int i) {
    long entry = heap[i];
    while (true) {
      int child = i << 1;
      if (child > size) {
        break;
      }
      if (child < size && heap[child + 1] > heap[child]) {
        child++;
      }
      if (heap[child] <= entry) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = entry;
  }
}
