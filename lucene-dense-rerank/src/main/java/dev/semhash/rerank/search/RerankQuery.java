package dev.semhash.rerank.search;

import dev.semhash.rerank.document.StoredVectorScorer;
import dev.semhash.rerank.model.RerankModel;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.TopDocs;

/**
 * Reranks the top N hits of a first-stage query with a {@link RerankModel}, as Lucene's {@code
 * QueryRescorer} and Solr's {@code rq} do, but as a {@link Query}: it matches exactly the first
 * stage's top N documents and scores them by the model.
 *
 * <pre class="prettyprint">
 * RerankModel model = RerankModelFormat.read(Path.of("ssi.rerankmodel"));
 * Query bm25 = ...; // any query
 * Query q = new RerankQuery(bm25, model, "vitamin D and bone density", 1000,
 *     Combination.INTERPOLATE, 0.5f, "rerank");
 * TopDocs top = searcher.search(q, 10);
 * </pre>
 *
 * <p>The documents must carry the model's vector in {@code vectorField}, written at index time by
 * {@link dev.semhash.rerank.document.RerankVectorField} with the same model. The query text is
 * encoded once, when the query is built. The work happens when the searcher rewrites the query:
 * it runs the first stage for its top N (ties in the first stage by increasing doc id, as Lucene
 * collects them), reads those documents' vectors and computes the final scores ({@link
 * RerankScores}, where the arithmetic is specified):
 *
 * <ul>
 *   <li>{@link Combination#REPLACE}: {@code 1 + m}, the model score min-max normalised over the N
 *       hits; {@link Combination#INTERPOLATE}: {@code 1 + f + w × m}, with {@code f} the
 *       first-stage score normalised the same way;
 *   <li>a hit without a stored vector is never dropped: it scores {@code 0.5 × f}, below every
 *       reranked hit, in first-stage order;
 *   <li>a query with no term the model knows keeps the first-stage order ({@code 1 + f}).
 * </ul>
 *
 * Hits beyond the first N are not returned; ask for at least as many as you will show. {@link
 * org.apache.lucene.search.IndexSearcher#explain} shows the first-pass score, the model score and
 * how they were combined. Thread-safe; the rewritten query belongs to the reader it was rewritten
 * against.
 */
public final class RerankQuery extends Query {
  /** Default number of first-stage hits to rerank. */
  public static final int DEFAULT_TOP_N = 1000;

  private final Query firstStage;
  private final RerankModel model;
  private final String queryText;
  private final int topN;
  private final Combination combination;
  private final float weight;
  private final String vectorField;
  private final RerankModel.QueryVector queryVector;

  /**
   * @param firstStage the query whose top hits are reranked
   * @param model the model the documents' vectors were written with
   * @param queryText the user's query text, encoded by the model
   * @param topN how many first-stage hits to rerank (&gt; 0)
   * @param combination how model and first-stage scores are combined
   * @param weight weight of the normalised model score for {@link Combination#INTERPOLATE}
   *     (finite, &ge; 0; ignored by {@link Combination#REPLACE})
   * @param vectorField the field holding the documents' vectors
   * @throws IllegalArgumentException if {@code topN <= 0}, the weight is negative or not finite,
   *     or an argument is null
   */
  public RerankQuery(
      Query firstStage, RerankModel model, String queryText, int topN, Combination combination, float weight, String vectorField) {
    this.firstStage = Objects.requireNonNull(firstStage, "first-stage query is null");
    this.model = Objects.requireNonNull(model, "rerank model is null");
    this.queryText = Objects.requireNonNull(queryText, "query text is null");
    this.combination = Objects.requireNonNull(combination, "combination is null");
    this.vectorField = Objects.requireNonNull(vectorField, "vector field is null");
    if (topN <= 0) {
      throw new IllegalArgumentException("topN must be positive (the number of first-stage hits to rerank), got " + topN);
    }
    RerankScores.checkWeight(weight);
    this.topN = topN;
    this.weight = combination == Combination.REPLACE ? 0f : weight;
    this.queryVector = model.encodeQuery(queryText);
  }

  public Query firstStage() {
    return firstStage;
  }

  public RerankModel model() {
    return model;
  }

  public String queryText() {
    return queryText;
  }

  public int topN() {
    return topN;
  }

  public Combination combination() {
    return combination;
  }

  /** The interpolation weight; 0 for {@link Combination#REPLACE}. */
  public float weight() {
    return weight;
  }

  public String vectorField() {
    return vectorField;
  }

  @Override
  public Query rewrite(IndexSearcher searcher) throws IOException {
    TopDocs top = searcher.search(firstStage, topN);
    int n = top.scoreDocs.length;
    // doc-id order: each segment's doc values are then read forwards, and the hits are ready for
    // the rewritten query's binary searches
    long[] packed = new long[n];
    for (int i = 0; i < n; i++) {
      packed[i] = ((long) top.scoreDocs[i].doc << 32) | i;
    }
    Arrays.sort(packed);
    int[] docs = new int[n];
    float[] first = new float[n];
    float[] modelScores = new float[n];
    boolean[] hasVector = new boolean[n];
    for (int i = 0; i < n; i++) {
      docs[i] = (int) (packed[i] >>> 32);
      first[i] = top.scoreDocs[(int) packed[i]].score;
    }
    if (queryVector.isEmpty() == false) {
      score(searcher.getIndexReader().leaves(), docs, modelScores, hasVector);
    }
    RerankScores scores = RerankScores.compute(first, modelScores, hasVector, queryVector.isEmpty() == false, combination, weight);
    return new RerankedHitsQuery(this, docs, scores, searcher.getIndexReader());
  }

  /** Model scores of the hits {@code docs} (increasing), segment by segment. */
  private void score(List<LeafReaderContext> leaves, int[] docs, float[] modelScores, boolean[] hasVector)
      throws IOException {
    int i = 0;
    for (LeafReaderContext leaf : leaves) {
      int end = leaf.docBase + leaf.reader().maxDoc();
      if (i == docs.length) {
        break;
      }
      if (docs[i] >= end) {
        continue;
      }
      StoredVectorScorer scorer = StoredVectorScorer.create(leaf.reader(), vectorField, model, queryVector);
      for (; i < docs.length && docs[i] < end; i++) {
        if (scorer.advanceExact(docs[i] - leaf.docBase)) {
          hasVector[i] = true;
          modelScores[i] = scorer.score();
          if (Float.isFinite(modelScores[i]) == false) {
            throw new IllegalStateException(
                "rerank model scored document " + docs[i] + " " + modelScores[i] + "; its stored vector in field '" + vectorField
                    + "' is damaged, re-index it");
          }
        }
      }
    }
  }

  @Override
  public void visit(QueryVisitor visitor) {
    // the hits are the first stage's; its terms are this query's terms (for highlighting)
    firstStage.visit(visitor.getSubVisitor(BooleanClause.Occur.MUST, this));
  }

  @Override
  public String toString(String field) {
    return "rerank(" + firstStage.toString(field) + ", model=" + model.method() + ", text=\"" + queryText + "\", topN=" + topN
        + ", " + combination.name().toLowerCase(java.util.Locale.ROOT)
        + (combination == Combination.INTERPOLATE ? ", weight=" + weight : "") + ", field=" + vectorField + ")";
  }

  @Override
  public boolean equals(Object other) {
    return sameClassAs(other)
        && other instanceof RerankQuery o
        && firstStage.equals(o.firstStage)
        && model.fingerprint() == o.model.fingerprint()
        && queryText.equals(o.queryText)
        && topN == o.topN
        && combination == o.combination
        && Float.compare(weight, o.weight) == 0
        && vectorField.equals(o.vectorField);
  }

  @Override
  public int hashCode() {
    return Objects.hash(classHash(), firstStage, model.fingerprint(), queryText, topN, combination, weight, vectorField);
  }
}
