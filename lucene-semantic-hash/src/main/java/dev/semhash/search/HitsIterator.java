package dev.semhash.search;

import java.util.Arrays;

/** Iterates precomputed hits of one segment: increasing doc ids and their distances. */
final class HitsIterator extends DistanceIterator {
  private final int[] docs;
  private final int[] distances;
  private final int from;
  private final int to;
  private final int docBase;
  private int index;
  private int doc = -1;

  /**
   * Hits {@code [from, to)} of the arrays, whose docs are the segment's doc ids plus {@code
   * docBase} (0 for segment doc ids, the leaf's doc base for top-level ones).
   */
  HitsIterator(int[] docs, int[] distances, int from, int to, int docBase) {
    this.docBase = docBase;
    this.docs = docs;
    this.distances = distances;
    this.from = from;
    this.to = to;
    this.index = from - 1;
  }

  @Override
  public int docID() {
    return doc;
  }

  @Override
  public int nextDoc() {
    return doc = (++index < to ? docs[index] - docBase : NO_MORE_DOCS);
  }

  @Override
  public int advance(int target) {
    int start = Math.max(index + 1, from);
    // in long: target + docBase overflows for targets such as NO_MORE_DOCS
    long key = (long) target + docBase;
    if (start >= to || key > docs[to - 1]) {
      index = to;
      return doc = NO_MORE_DOCS;
    }
    int i = Arrays.binarySearch(docs, start, to, (int) key);
    index = i >= 0 ? i : -1 - i;
    return doc = (index < to ? docs[index] - docBase : NO_MORE_DOCS);
  }

  @Override
  public long cost() {
    return to - from;
  }

  @Override
  public int distance() {
    return distances[index];
  }
}
