package dev.semhash.search;

import java.util.Arrays;

/** Iterates precomputed hits of one segment: increasing doc ids and their distances. */
final class HitsIterator extends DistanceIterator {
  private final int[] docs;
  private final int[] distances;
  private final int from;
  private final int to;
  private int index;
  private int doc = -1;

  /** Hits {@code [from, to)} of the arrays, whose docs are segment doc ids minus {@code docBase}. */
  HitsIterator(int[] docs, int[] distances, int from, int to) {
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
    return doc = (++index < to ? docs[index] : NO_MORE_DOCS);
  }

  @Override
  public int advance(int target) {
    int start = Math.max(index + 1, from);
    if (start >= to) {
      index = to;
      return doc = NO_MORE_DOCS;
    }
    int i = Arrays.binarySearch(docs, start, to, target);
    index = i >= 0 ? i : -1 - i;
    return doc = (index < to ? docs[index] : NO_MORE_DOCS);
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
