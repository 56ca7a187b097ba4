package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;
import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;

/**
 * Matches every document whose code in {@code field} is within Hamming distance {@code radius} of a
 * query code, scored {@link HammingScore#of (bits - d) / bits} (times the boost). Documents without
 * a code do not match.
 *
 * <p>Per segment, if the codes carry multi-index hash tables ({@link HammingCodes#substringIndex()})
 * and probing them is expected to cost less than scanning, the matches are found by multi-index
 * hashing ({@link MultiIndexProber}); otherwise the codes are scanned with the bulk {@link
 * HammingCodes#distances}, lazily in chunks, or one document at a time as a two-phase check when a
 * much sparser clause leads a conjunction. Every path matches exactly the documents a linear scan
 * would. Deleted documents are removed by Lucene's live docs like for any other query.
 *
 * <pre class="prettyprint">
 * Query q = new BooleanQuery.Builder()
 *     .add(new HammingRadiusQuery("code", queryCodeBytes, 3), BooleanClause.Occur.MUST)
 *     .add(new TermQuery(new Term("category", "news")), BooleanClause.Occur.FILTER)
 *     .build();
 * TopDocs hits = searcher.search(q, 10);
 * </pre>
 */
public final class HammingRadiusQuery extends Query {

  /**
   * How segments are searched. {@link #AUTO} is the right choice for search; the others exist so
   * that benchmarks and tests can compare the paths, which always return the same hits.
   */
  public enum Strategy {
    /** Probe where tables exist and probing is cheaper, else scan (two-phase under a sparse lead). */
    AUTO,
    /** Always the chunked bulk scan. */
    SCAN,
    /** Always the per-document two-phase check. */
    TWO_PHASE,
    /** Probe wherever tables exist, else scan. */
    PROBE
  }

  /** A lead clause this many times sparser than the codes makes the two-phase check worthwhile. */
  static final int TWO_PHASE_SPARSITY = 32;

  private final String field;
  private final QueryCode code;
  private final int radius;
  private final Strategy strategy;

  /**
   * @param field the field holding the codes
   * @param code the query code, {@code bits / 8} bytes in the bit order of {@link HammingCodes}
   * @param radius the largest Hamming distance that matches, {@code 0 <= radius <= bits}
   * @throws IllegalArgumentException if the field or code is null, the code is empty, or the
   *     radius is out of range
   */
  public HammingRadiusQuery(String field, byte[] code, int radius) {
    this(field, QueryCode.ofBytes(code), radius, Strategy.AUTO);
  }

  /**
   * @param field the field holding the codes
   * @param words the query code packed into words as {@link HammingCodes#toWords} does
   * @param bits the code length, a positive multiple of 8
   * @param radius the largest Hamming distance that matches, {@code 0 <= radius <= bits}
   * @throws IllegalArgumentException if the field or code is null, {@code bits} is not a positive
   *     multiple of 8, {@code words} has the wrong length or bits set past {@code bits}, or the
   *     radius is out of range
   */
  public HammingRadiusQuery(String field, long[] words, int bits, int radius) {
    this(field, QueryCode.ofWords(words, bits), radius, Strategy.AUTO);
  }

  HammingRadiusQuery(String field, QueryCode code, int radius, Strategy strategy) {
    this.field = QueryCode.requireField(field);
    this.code = code;
    if (radius < 0 || radius > code.bits()) {
      throw new IllegalArgumentException(
          "radius "
              + radius
              + " is outside [0, "
              + code.bits()
              + "] for a "
              + code.bits()
              + "-bit code; use a radius between 0 and the code length");
    }
    this.radius = radius;
    this.strategy = Objects.requireNonNull(strategy);
  }

  /** The same query searched with another strategy (for benchmarks and tests; same hits). */
  public HammingRadiusQuery withStrategy(Strategy strategy) {
    return new HammingRadiusQuery(field, code, radius, strategy);
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

  public int getRadius() {
    return radius;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new RadiusWeight(boost);
  }

  private final class RadiusWeight extends Weight {
    private final float boost;

    RadiusWeight(float boost) {
      super(HammingRadiusQuery.this);
      this.boost = boost;
    }

    @Override
    public ScorerSupplier scorerSupplier(LeafReaderContext context) throws IOException {
      HammingCodes codes = HammingCodes.of(context.reader(), field, code.bits());
      if (codes == null || codes.size() == 0) {
        return null;
      }
      // the scan strategies never read the hash tables, so they do not open them
      boolean scanOnly = strategy == Strategy.SCAN || strategy == Strategy.TWO_PHASE;
      SubstringIndex index = scanOnly ? null : codes.substringIndex();
      boolean probe =
          index != null
              && switch (strategy) {
                case AUTO ->
                    MultiIndexProber.cheaperThanScan(index, radius, codes.size(), codes.words());
                case PROBE -> true;
                case SCAN, TWO_PHASE -> false;
              };
      return new ScorerSupplier() {
        @Override
        public Scorer get(long leadCost) throws IOException {
          long[] query = code.words();
          if (probe) {
            MultiIndexProber.Hits hits = MultiIndexProber.search(codes, index, query, radius);
            int[] docs = hits.ords; // turned into doc ids in place
            for (int i = 0; i < hits.count; i++) {
              docs[i] = codes.docAt(docs[i]);
            }
            return new HammingScorer(
                new HitsIterator(docs, hits.distances, 0, hits.count, 0), code.bits(), boost);
          }
          boolean sparseLead = leadCost < codes.size() / TWO_PHASE_SPARSITY;
          if (strategy == Strategy.TWO_PHASE || (strategy == Strategy.AUTO && sparseLead)) {
            return new HammingScorer(new VerifyingTwoPhase(codes, query, radius), code.bits(), boost);
          }
          return new HammingScorer(new ScanIterator(codes, query, radius), code.bits(), boost);
        }

        @Override
        public long cost() {
          if (probe) {
            double expected = MultiIndexProber.expectedCandidates(index, radius, codes.size());
            return Math.max(1, (long) Math.min(expected, codes.size()));
          }
          return codes.size();
        }
      };
    }

    @Override
    public Explanation explain(LeafReaderContext context, int doc) throws IOException {
      HammingCodes codes = HammingCodes.of(context.reader(), field, code.bits());
      int ord = codes == null ? -1 : codes.ordOf(doc);
      if (ord < 0) {
        return Explanation.noMatch("document has no code in field '" + field + "'");
      }
      int[] distance = new int[1];
      codes.distances(code.words(), ord, ord + 1, distance);
      int d = distance[0];
      if (d > radius) {
        return Explanation.noMatch(
            "Hamming distance " + d + " to the query code exceeds the radius " + radius);
      }
      return Explanation.match(
          boost * HammingScore.of(d, code.bits()),
          describe(d, code.bits(), boost) + ", Hamming distance " + d + " <= radius " + radius);
    }

    @Override
    public boolean isCacheable(LeafReaderContext ctx) {
      return DocValues.isCacheable(ctx, field);
    }
  }

  /** The explanation text of a hit's score, shared with the top-k query. */
  static String describe(int distance, int bits, float boost) {
    String formula = "(" + bits + " bits - Hamming distance " + distance + ") / " + bits;
    return "score = " + (boost == 1f ? formula : boost + " * " + formula);
  }

  @Override
  public void visit(QueryVisitor visitor) {
    if (visitor.acceptField(field)) {
      visitor.visitLeaf(this);
    }
  }

  @Override
  public String toString(String defaultField) {
    StringBuilder sb = new StringBuilder();
    if (field.equals(defaultField) == false) {
      sb.append(field).append(':');
    }
    return sb.append("hamming[")
        .append(code.toHex())
        .append(", radius=")
        .append(radius)
        .append(']')
        .toString();
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && field.equals(((HammingRadiusQuery) other).field)
        && code.equals(((HammingRadiusQuery) other).code)
        && radius == ((HammingRadiusQuery) other).radius
        && strategy == ((HammingRadiusQuery) other).strategy;
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), field, code, radius, strategy);
  }
}
