package dev.semhash.training.reference;

import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.eval.QueryScorer;
import java.util.Arrays;

/**
 * Scores each training document by the cosine of its sparse vector (TF-IDF in the hashing corpus)
 * with the query's, exhaustively: the ranking that binary codes of the same vectors approximate.
 * The training matrix is read through its transpose, so a query costs the lengths of its terms'
 * posting lists rather than a pass over every vector. A zero vector has cosine 0 to everything.
 *
 * <pre class="prettyprint">
 * QueryScorer scorer = new SparseCosineScorer(corpus.train(), corpus.test());
 * </pre>
 */
public final class SparseCosineScorer implements QueryScorer {
  private final SparseMatrix byTerm;
  private final double[] trainNorms;
  private final SparseMatrix queries;

  /**
   * @param train one row per training document
   * @param queries one row per query, over the same columns
   * @throws IllegalArgumentException if the column counts differ
   */
  public SparseCosineScorer(SparseMatrix train, SparseMatrix queries) {
    if (train.numColumns() != queries.numColumns()) {
      throw new IllegalArgumentException(
          "training vectors have " + train.numColumns() + " columns but queries " + queries.numColumns()
              + "; vectorize both with one vocabulary");
    }
    this.byTerm = train.transpose();
    this.trainNorms = norms(train);
    this.queries = queries;
  }

  @Override
  public void score(int query, double[] scores) {
    Arrays.fill(scores, 0);
    int[] termDocs = byTerm.columns();
    float[] termValues = byTerm.values();
    double queryNorm = 0;
    for (int k = queries.rowStart(query); k < queries.rowEnd(query); k++) {
      int term = queries.columns()[k];
      double x = queries.values()[k];
      queryNorm += x * x;
      for (int j = byTerm.rowStart(term); j < byTerm.rowEnd(term); j++) {
        scores[termDocs[j]] += x * termValues[j];
      }
    }
    queryNorm = Math.sqrt(queryNorm);
    for (int d = 0; d < scores.length; d++) {
      double norms = queryNorm * trainNorms[d];
      scores[d] = norms == 0 ? 0 : scores[d] / norms;
    }
  }

  private static double[] norms(SparseMatrix m) {
    double[] norms = new double[m.numRows()];
    for (int r = 0; r < norms.length; r++) {
      double sum = 0;
      for (int k = m.rowStart(r); k < m.rowEnd(r); k++) {
        sum += (double) m.values()[k] * m.values()[k];
      }
      norms[r] = Math.sqrt(sum);
    }
    return norms;
  }
}
