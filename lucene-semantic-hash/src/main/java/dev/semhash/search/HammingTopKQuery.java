package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;

/**
 * The exact {@code k} nearest documents to a query code by Hamming distance in {@code field},
 * ties broken by smaller doc id, scored {@link HammingScore#of (bits - d) / bits} like {@link
 * HammingRadiusQuery}. An optional filter is applied before selecting (pre-filtering): the result
 * is the k nearest among the live documents that match the filter and have a code.
 *
 * <p>The search runs when the query is rewritten, over all leaves, like Lucene's kNN vector
 * queries; it then becomes a query that matches exactly those documents with their scores, valid
 * for that reader only, which composes with other clauses like any query (as a FILTER it restricts
 * to the k nearest overall; to pick the k nearest within a set, pass that set as the filter).
 * Leaves are searched one after another on the calling thread, sharing the running k-th distance,
 * unless {@link #withLeafConcurrency()} asks for the searcher's executor.
 *
 * <pre class="prettyprint">
 * Query q = new HammingTopKQuery("code", queryCodeBytes, 100,
 *     new TermQuery(new Term("category", "news")));
 * TopDocs nearest = searcher.search(q, 100);
 * </pre>
 */
public final class HammingTopKQuery extends Query {
  /** A filter this many times sparser than the codes is iterated rather than turned into bits. */
  static final int SPARSE_FILTER = 16;

  private final String field;
  private final QueryCode code;
  private final int k;
  private final Query filter;
  private final boolean leafConcurrency;

  /**
   * @param field the field holding the codes
   * @param code the query code, {@code bits / 8} bytes in the bit order of {@link HammingCodes}
   * @param k how many nearest documents to find, at least 1
   * @param filter only documents it matches are candidates; null for all documents
   * @throws IllegalArgumentException if the field or code is null, the code is empty or k &lt; 1
   */
  public HammingTopKQuery(String field, byte[] code, int k, Query filter) {
    this(field, QueryCode.ofBytes(code), k, filter, false);
  }

  /**
   * @param field the field holding the codes
   * @param words the query code packed into words as {@link HammingCodes#toWords} does
   * @param bits the code length, a positive multiple of 8
   * @param k how many nearest documents to find, at least 1
   * @param filter only documents it matches are candidates; null for all documents
   * @throws IllegalArgumentException if the field or code is null, {@code bits} is not a positive
   *     multiple of 8, {@code words} has the wrong length or bits set past {@code bits}, or k &lt; 1
   */
  public HammingTopKQuery(String field, long[] words, int bits, int k, Query filter) {
    this(field, QueryCode.ofWords(words, bits), k, filter, false);
  }

  private HammingTopKQuery(
      String field, QueryCode code, int k, Query filter, boolean leafConcurrency) {
    this.field = QueryCode.requireField(field);
    this.code = code;
    if (k < 1) {
      throw new IllegalArgumentException(
          "k is " + k + "; ask for at least one nearest document (k >= 1)");
    }
    this.k = k;
    this.filter = filter;
    this.leafConcurrency = leafConcurrency;
  }

  /**
   * The same query, but searching leaves as tasks on the searcher's executor (if it has one) and
   * merging their k nearest. Faster on many large segments with idle cores; slower otherwise,
   * since leaves no longer share the k-th distance that lets most codes be rejected at once.
   */
  public HammingTopKQuery withLeafConcurrency() {
    return new HammingTopKQuery(field, code, k, filter, true);
  }

  public String getField() {
    return field;
  }

  /** A copy of the query code as bytes. */
  public byte[] getCode() {
    return HammingCodes.toBytes(code.words(), code.bits());
  }

  public int getBits() {
    return code.bits();
  }

  public int getK() {
    return k;
  }

  /** The pre-filter, or null. */
  public Query getFilter() {
    return filter;
  }

  long[] words() {
    return code.words();
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    IndexReader reader = searcher.getIndexReader();
    Weight filterWeight = null;
    if (filter != null) {
      Query rewritten = searcher.rewrite(filter);
      if (rewritten instanceof MatchNoDocsQuery) {
        return new MatchNoDocsQuery("the filter of " + this + " matches no document");
      }
      filterWeight = searcher.createWeight(rewritten, ScoreMode.COMPLETE_NO_SCORES, 1f);
    }
    NearestCodes nearest;
    if (leafConcurrency && reader.leaves().size() > 1) {
      nearest = searchConcurrently(searcher, filterWeight);
    } else {
      nearest = new NearestCodes(k, code.bits());
      for (LeafReaderContext leaf : reader.leaves()) {
        searchLeaf(leaf, filterWeight, nearest);
      }
    }
    if (nearest.size() == 0) {
      return new MatchNoDocsQuery("no live document has a code in field '" + field + "'");
    }
    int[] docs = new int[nearest.size()];
    int[] distances = new int[nearest.size()];
    nearest.sortedByDoc(docs, distances);
    return new HammingHitsQuery(this, reader, docs, distances);
  }

  private NearestCodes searchConcurrently(IndexSearcher searcher, Weight filterWeight)
      throws IOException {
    List<Callable<NearestCodes>> tasks = new ArrayList<>();
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      tasks.add(
          () -> {
            NearestCodes leafNearest = new NearestCodes(k, code.bits());
            searchLeaf(leaf, filterWeight, leafNearest);
            return leafNearest;
          });
    }
    NearestCodes nearest = new NearestCodes(k, code.bits());
    for (NearestCodes leafNearest : searcher.getTaskExecutor().invokeAll(tasks)) {
      nearest.merge(leafNearest);
    }
    return nearest;
  }

  /** Offers the leaf's candidates, in doc id order, to {@code nearest}. */
  private void searchLeaf(
      LeafReaderContext leaf, Weight filterWeight, NearestCodes nearest)
      throws IOException {
    HammingCodes codes = HammingCodes.of(leaf.reader(), field, code.bits());
    if (codes == null || codes.size() == 0) {
      return;
    }
    Bits live = leaf.reader().getLiveDocs();
    if (filterWeight == null) {
      scan(codes, live, leaf.docBase, nearest);
      return;
    }
    ScorerSupplier supplier = filterWeight.scorerSupplier(leaf);
    if (supplier == null) {
      return;
    }
    if (supplier.cost() < codes.size() / SPARSE_FILTER) {
      // Few candidates: compute only their distances.
      DocIdSetIterator it = supplier.get(supplier.cost()).iterator();
      long[] query = code.words();
      int[] distance = new int[1];
      for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
        if (live != null && live.get(doc) == false) {
          continue;
        }
        int ord = codes.ordOf(doc);
        if (ord >= 0) {
          codes.distances(query, ord, ord + 1, distance);
          nearest.offer(distance[0], leaf.docBase + doc);
        }
      }
      return;
    }
    Scorer scorer = supplier.get(Long.MAX_VALUE);
    FixedBitSet accepted = new FixedBitSet(leaf.reader().maxDoc());
    DocIdSetIterator it = scorer.iterator();
    for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
      if (live == null || live.get(doc)) {
        accepted.set(doc);
      }
    }
    scan(codes, accepted, leaf.docBase, nearest);
  }

  /**
   * The hot loop: one fused pass over the codes that calls back only for codes that can enter the
   * k nearest, its bound shrinking with the k-th distance.
   */
  private void scan(HammingCodes codes, Bits accepted, int docBase, NearestCodes nearest)
      throws IOException {
    codes.scan(
        code.words(),
        0,
        codes.size(),
        nearest.threshold() - 1,
        (ord, distance) -> {
          int doc = codes.docAt(ord);
          if (accepted == null || accepted.get(doc)) {
            nearest.offer(distance, docBase + doc);
          }
          return nearest.threshold() - 1;
        });
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost)
      throws IOException {
    // Searchers rewrite first; this serves callers that build weights by hand.
    return searcher.rewrite(this).createWeight(searcher, scoreMode, boost);
  }

  @Override
  public void visit(QueryVisitor visitor) {
    if (visitor.acceptField(field)) {
      visitor.visitLeaf(this);
    }
    if (filter != null) {
      filter.visit(visitor.getSubVisitor(BooleanClause.Occur.FILTER, this));
    }
  }

  @Override
  public String toString(String defaultField) {
    StringBuilder sb = new StringBuilder();
    if (field.equals(defaultField) == false) {
      sb.append(field).append(':');
    }
    sb.append("hamming-top-k[").append(code.toHex()).append(", k=").append(k);
    if (filter != null) {
      sb.append(", filter=").append(filter.toString(defaultField));
    }
    return sb.append(']').toString();
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && field.equals(((HammingTopKQuery) other).field)
        && code.equals(((HammingTopKQuery) other).code)
        && k == ((HammingTopKQuery) other).k
        && Objects.equals(filter, ((HammingTopKQuery) other).filter)
        && leafConcurrency == ((HammingTopKQuery) other).leafConcurrency;
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), field, code, k, filter, leafConcurrency);
  }
}
