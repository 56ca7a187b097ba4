package dev.semhash.training.reference;

import dev.semhash.training.eval.QueryScorer;

/**
 * Scores each training document by the chance that it shares a label with the query, as a
 * one-vs-rest classifier sees the query: with independent label probabilities p_l, P(share) = 1 −
 * Π_{l ∈ labels(d)} (1 − p_l). The score is its monotone transform −log Π (1 − p_l) = Σ
 * softplus(z_l) over the document's labels, computed from the logits z_l so that near-certain
 * labels keep their order. A training document without labels scores 0. Ranking by this score
 * maximises the expected Prec@k if the probabilities are right: it is what a hashing method that
 * learned the classifier and stored each training document's labels could do.
 *
 * <pre class="prettyprint">
 * QueryScorer scorer = new LabelPosteriorScorer(testLogits, corpus.trainLabels());
 * </pre>
 */
public final class LabelPosteriorScorer implements QueryScorer {
  private final double[][] queryLogits;
  private final int[][] trainLabels;

  /**
   * @param queryLogits each query's logit per label (not copied)
   * @param trainLabels each training document's label ids, indices into a query's logits (not
   *     copied)
   */
  public LabelPosteriorScorer(double[][] queryLogits, int[][] trainLabels) {
    this.queryLogits = queryLogits;
    this.trainLabels = trainLabels;
  }

  @Override
  public void score(int query, double[] scores) {
    double[] z = queryLogits[query];
    double[] softplus = new double[z.length];
    for (int l = 0; l < z.length; l++) {
      softplus[l] = Math.max(z[l], 0) + Math.log1p(Math.exp(-Math.abs(z[l])));
    }
    for (int d = 0; d < trainLabels.length; d++) {
      double s = 0;
      for (int l : trainLabels[d]) {
        s += softplus[l];
      }
      scores[d] = s;
    }
  }
}
