package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;

/**
 * What a {@link HammingTopKQuery} rewrites to: its precomputed hits (top-level doc ids and Hamming
 * distances) for one reader, scored like the radius query. It is only valid on the segments it
 * was computed on, which it checks: any reader over those same segment readers works (QueryUtils,
 * for one, searches single segments on their own), any other fails.
 */
final class HammingHitsQuery extends Query {
  private final HammingTopKQuery source;
  private final int[] docs; // top-level doc ids, increasing
  private final int[] distances;
  private final int[] segmentStarts; // hits of leaf i are [segmentStarts[i], segmentStarts[i + 1])
  // identities of the segment readers searched, by their leaf ord: not the readers themselves, which
  // a query cache holding this query as a key would keep reachable after they are closed
  private final Object[] leaves;
  private final int[] docBases;

  HammingHitsQuery(HammingTopKQuery source, IndexReader reader, int[] docs, int[] distances) {
    this.source = source;
    this.docs = docs;
    this.distances = distances;
    this.segmentStarts = segmentStarts(reader.leaves(), docs);
    this.leaves = new Object[reader.leaves().size()];
    this.docBases = new int[leaves.length];
    for (LeafReaderContext leaf : reader.leaves()) {
      leaves[leaf.ord] = leaf.reader().getContext().id();
      docBases[leaf.ord] = leaf.docBase;
    }
  }

  /** The ord the segment of {@code context} had when the hits were computed. */
  private int leafOf(LeafReaderContext context) {
    Object id = context.reader().getContext().id();
    if (context.ord < leaves.length && leaves[context.ord] == id) {
      return context.ord;
    }
    for (int i = 0; i < leaves.length; i++) {
      if (leaves[i] == id) {
        return i;
      }
    }
    throw new IllegalStateException(
        "this rewritten HammingTopKQuery belongs to another reader; rewrite the HammingTopKQuery"
            + " with the searcher it runs on");
  }

  private static int[] segmentStarts(List<LeafReaderContext> leaves, int[] docs) {
    int[] starts = new int[leaves.size() + 1];
    for (int i = 0; i < leaves.size(); i++) {
      int at = Arrays.binarySearch(docs, leaves.get(i).docBase);
      starts[i] = at >= 0 ? at : -1 - at;
    }
    starts[leaves.size()] = docs.length;
    return starts;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    for (LeafReaderContext context : searcher.getIndexReader().leaves()) {
      leafOf(context); // fail now, not in the middle of collection
    }
    int bits = source.getBits();
    return new Weight(this) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext context) {
        int leaf = leafOf(context);
        int from = segmentStarts[leaf];
        int to = segmentStarts[leaf + 1];
        if (from == to) {
          return null;
        }
        return new DefaultScorerSupplier(
            new HammingScorer(
                new HitsIterator(docs, distances, from, to, docBases[leaf]), bits, boost));
      }

      @Override
      public int count(LeafReaderContext context) {
        int leaf = leafOf(context);
        return segmentStarts[leaf + 1] - segmentStarts[leaf];
      }

      @Override
      public Explanation explain(LeafReaderContext context, int doc) throws IOException {
        String within = "the k=" + source.getK() + " nearest";
        int leaf = leafOf(context);
        int i = Arrays.binarySearch(docs, segmentStarts[leaf], segmentStarts[leaf + 1], docBases[leaf] + doc);
        if (i >= 0) {
          int d = distances[i];
          int rank = 1;
          for (int j = 0; j < docs.length; j++) {
            if (distances[j] < d || (distances[j] == d && j < i)) {
              rank++;
            }
          }
          return Explanation.match(
              boost * HammingScore.of(d, bits),
              HammingRadiusQuery.describe(d, bits, boost)
                  + ", Hamming distance "
                  + d
                  + ", rank "
                  + rank
                  + " of "
                  + within);
        }
        HammingCodes codes = HammingCodes.of(context.reader(), source.getField(), bits);
        int ord = codes == null ? -1 : codes.ordOf(doc);
        if (ord < 0) {
          return Explanation.noMatch("document has no code in field '" + source.getField() + "'");
        }
        int[] d = new int[1];
        codes.distances(source.words(), ord, ord + 1, d);
        int farthest = Arrays.stream(distances).max().orElse(-1);
        return Explanation.noMatch(
            "not among "
                + within
                + (source.getFilter() == null ? "" : " matching the filter")
                + ": Hamming distance "
                + d[0]
                + ", the farthest of the "
                + docs.length
                + " hits is at distance "
                + farthest
                + " (deleted documents and later doc ids lose ties)");
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return true;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    source.visit(visitor);
  }

  @Override
  public String toString(String field) {
    return source.toString(field) + "=>" + docs.length + " hits";
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && Arrays.equals(leaves, ((HammingHitsQuery) other).leaves)
        && source.equals(((HammingHitsQuery) other).source)
        && Arrays.equals(docs, ((HammingHitsQuery) other).docs)
        && Arrays.equals(distances, ((HammingHitsQuery) other).distances);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        classHash(), Arrays.hashCode(leaves), source, Arrays.hashCode(docs), Arrays.hashCode(distances));
  }
}
