package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.io.IOException;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.TwoPhaseIterator;

/**
 * Radius matching as a two-phase iterator: the approximation is every document with a code, and
 * {@link #matches()} computes the one distance. Used when a much sparser clause leads, so only the
 * codes of the documents it proposes are compared.
 */
final class VerifyingTwoPhase extends TwoPhaseIterator implements HammingScorer.Distance {
  private final OrdIterator ords;
  private final HammingCodes codes;
  private final long[] query;
  private final int radius;
  private final int[] one = new int[1];

  VerifyingTwoPhase(HammingCodes codes, long[] query, int radius) {
    this(new OrdIterator(codes), codes, query, radius);
  }

  private VerifyingTwoPhase(OrdIterator ords, HammingCodes codes, long[] query, int radius) {
    super(ords);
    this.ords = ords;
    this.codes = codes;
    this.query = query;
    this.radius = radius;
  }

  @Override
  public boolean matches() throws IOException {
    codes.distances(query, ords.ord, ords.ord + 1, one);
    return one[0] <= radius;
  }

  @Override
  public float matchCost() {
    return 2f * codes.words() + 2f;
  }

  @Override
  public int distance() {
    return one[0];
  }

  /** Every document with a code, tracking its ordinal. */
  static final class OrdIterator extends DocIdSetIterator {
    private final HammingCodes codes;
    private final int size;
    int ord = -1;
    private int doc = -1;

    OrdIterator(HammingCodes codes) {
      this.codes = codes;
      this.size = codes.size();
    }

    @Override
    public int docID() {
      return doc;
    }

    @Override
    public int nextDoc() throws IOException {
      return doc = (++ord < size ? codes.docAt(ord) : NO_MORE_DOCS);
    }

    @Override
    public int advance(int target) throws IOException {
      ord = Ords.firstOrdAtOrAfter(codes, ord + 1, target);
      return doc = (ord < size ? codes.docAt(ord) : NO_MORE_DOCS);
    }

    @Override
    public long cost() {
      return size;
    }
  }
}
