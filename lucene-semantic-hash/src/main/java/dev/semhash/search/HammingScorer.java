package dev.semhash.search;

import java.io.IOException;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TwoPhaseIterator;

/** Scores the documents of an iterator by {@link HammingScore} of their distance, times a boost. */
final class HammingScorer extends Scorer {
  /** The Hamming distance of the document an iterator is positioned on. */
  interface Distance {
    int distance() throws IOException;
  }

  private final DocIdSetIterator approximation;
  private final DocIdSetIterator iterator;
  private final TwoPhaseIterator twoPhase;
  private final Distance distance;
  private final int bits;
  private final float boost;

  /** A scorer over an exact iterator. */
  HammingScorer(DistanceIterator iterator, int bits, float boost) {
    this.approximation = iterator;
    this.iterator = iterator;
    this.twoPhase = null;
    this.distance = iterator;
    this.bits = bits;
    this.boost = boost;
  }

  /** A scorer over a two-phase iterator; distances are valid once {@code matches()} returned true. */
  HammingScorer(VerifyingTwoPhase twoPhase, int bits, float boost) {
    this.approximation = twoPhase.approximation();
    this.iterator = TwoPhaseIterator.asDocIdSetIterator(twoPhase);
    this.twoPhase = twoPhase;
    this.distance = twoPhase;
    this.bits = bits;
    this.boost = boost;
  }

  @Override
  public int docID() {
    return approximation.docID();
  }

  @Override
  public DocIdSetIterator iterator() {
    return iterator;
  }

  @Override
  public TwoPhaseIterator twoPhaseIterator() {
    return twoPhase;
  }

  @Override
  public float score() throws IOException {
    return boost * HammingScore.of(distance.distance(), bits);
  }

  @Override
  public float getMaxScore(int upTo) {
    return boost;
  }
}
