package dev.semhash.rerank.search;

import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;

/**
 * What a {@link RerankQuery} rewrites to: a fixed set of documents (global doc ids, increasing)
 * with their final scores, valid only for the reader it was computed on.
 */
final class RerankedHitsQuery extends Query {
  private final RerankQuery original;
  private final int[] docs;
  private final RerankScores scores;
  private final LeafReader[] leaves; // the segments searched, by their leaf ord
  private final int[] docBases; // their doc bases in the reader the hits were computed on

  RerankedHitsQuery(RerankQuery original, int[] docs, RerankScores scores, IndexReader reader) {
    this.original = original;
    this.docs = docs;
    this.scores = scores;
    this.leaves = new LeafReader[reader.leaves().size()];
    this.docBases = new int[leaves.length];
    for (LeafReaderContext leaf : reader.leaves()) {
      leaves[leaf.ord] = leaf.reader();
      docBases[leaf.ord] = leaf.docBase;
    }
  }

  /**
   * The doc base the segment of {@code context} had when the hits were computed. Segments are
   * recognised by identity, so the query also runs on a searcher over one of the segments.
   */
  private int docBaseOf(LeafReaderContext context) {
    if (context.ord < leaves.length && leaves[context.ord] == context.reader()) {
      return docBases[context.ord];
    }
    for (int i = 0; i < leaves.length; i++) {
      if (leaves[i] == context.reader()) {
        return docBases[i];
      }
    }
    throw new IllegalStateException(
        "this reranked query was rewritten against another index reader; rewrite the RerankQuery with the searcher that runs it");
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) throws IOException {
    for (LeafReaderContext context : searcher.getIndexReader().leaves()) {
      docBaseOf(context); // fail now, not in the middle of collection
    }
    return new Weight(this) {
      @Override
      public Explanation explain(LeafReaderContext context, int doc) {
        int i = Arrays.binarySearch(docs, docBaseOf(context) + doc);
        if (i < 0) {
          return Explanation.noMatch("not among the top " + original.topN() + " hits of the first stage " + original.firstStage());
        }
        Explanation e = scores.explain(i, modelName(original.model()));
        if (boost != 1f) {
          return Explanation.match(boost * e.getValue().floatValue(), "product of:", e, Explanation.match(boost, "boost"));
        }
        return e;
      }

      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext context) {
        int docBase = docBaseOf(context);
        int lo = lowerBound(docBase);
        int hi = lowerBound(docBase + context.reader().maxDoc());
        if (lo == hi) {
          return null;
        }
        return new ScorerSupplier() {
          @Override
          public Scorer get(long leadCost) {
            return new HitsScorer(docBase, lo, hi, boost);
          }

          @Override
          public long cost() {
            return hi - lo;
          }
        };
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false;
      }
    };
  }

  private static String modelName(dev.semhash.rerank.model.RerankModel model) {
    return model.method()
        + (model.kind() == dev.semhash.rerank.model.RerankModel.Kind.TERM_MATRIX
            ? " (term matrix over " + model.dictionary().size() + " terms)"
            : " (" + model.dimension() + " dimensions)");
  }

  private int lowerBound(int doc) {
    int i = Arrays.binarySearch(docs, doc);
    return i >= 0 ? i : -i - 1;
  }

  private final class HitsScorer extends Scorer {
    private final int docBase;
    private final int lo;
    private final int hi;
    private final float boost;
    private int index;

    HitsScorer(int docBase, int lo, int hi, float boost) {
      this.docBase = docBase;
      this.lo = lo;
      this.hi = hi;
      this.boost = boost;
      this.index = lo - 1;
    }

    @Override
    public int docID() {
      return index < lo ? -1 : index >= hi ? DocIdSetIterator.NO_MORE_DOCS : docs[index] - docBase;
    }

    @Override
    public float score() {
      return boost * scores.score(index);
    }

    @Override
    public float getMaxScore(int upTo) {
      float max = 0;
      for (int i = Math.max(index, lo); i < hi && docs[i] - docBase <= upTo; i++) {
        max = Math.max(max, boost * scores.score(i));
      }
      return max;
    }

    @Override
    public DocIdSetIterator iterator() {
      return new DocIdSetIterator() {
        @Override
        public int docID() {
          return HitsScorer.this.docID();
        }

        @Override
        public int nextDoc() {
          index++;
          return docID();
        }

        @Override
        public int advance(int target) {
          // no overflow for target = NO_MORE_DOCS in a segment with a doc base above 0
          int key = (int) Math.min((long) docBase + target, Integer.MAX_VALUE);
          int i = Arrays.binarySearch(docs, Math.max(index + 1, lo), hi, key);
          index = i >= 0 ? i : -i - 1;
          return docID();
        }

        @Override
        public long cost() {
          return hi - lo;
        }
      };
    }
  }

  @Override
  public void visit(QueryVisitor visitor) {
    // a highlighter that rewrites first must still find the first stage's terms
    original.visit(visitor);
  }

  @Override
  public String toString(String field) {
    return "reranked(" + docs.length + " hits of " + original.toString(field) + ")";
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && other instanceof RerankedHitsQuery o
        && Arrays.equals(leaves, o.leaves)
        && original.equals(o.original)
        && Arrays.equals(docs, o.docs);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * classHash() + original.hashCode()) + Arrays.hashCode(docs);
  }
}
