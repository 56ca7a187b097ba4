package dev.semhash.training.eval;

import java.util.Arrays;

/**
 * Hamming-ranking precision of the test queries that carry one label, beside the best any ranking
 * could reach for them: where a model loses, and whether the loss was avoidable. A query with
 * several labels counts once under each.
 *
 * @param label the label
 * @param queries test queries carrying it
 * @param ks the cut-offs, increasing (those of the {@link HammingEvaluation})
 * @param precision mean Prec@k of those queries for each {@code ks[i]}
 * @param ceiling mean Prec@k a perfect ranking would give them: min(k, training documents sharing
 *     a label with the query) / k
 */
public record LabelPrecision(String label, int queries, int[] ks, double[] precision, double[] ceiling) {

  public LabelPrecision {
    ks = ks.clone();
    precision = precision.clone();
    ceiling = ceiling.clone();
  }

  @Override
  public int[] ks() {
    return ks.clone();
  }

  @Override
  public double[] precision() {
    return precision.clone();
  }

  @Override
  public double[] ceiling() {
    return ceiling.clone();
  }

  /** Mean Prec@k of this label's queries; {@code k} must be one of {@link #ks}. */
  public double precisionAt(int k) {
    return precision[HammingEvaluation.indexOf(ks, k)];
  }

  /** Mean perfect-ranking Prec@k of this label's queries; {@code k} must be one of {@link #ks}. */
  public double ceilingAt(int k) {
    return ceiling[HammingEvaluation.indexOf(ks, k)];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LabelPrecision p
        && label.equals(p.label)
        && queries == p.queries
        && Arrays.equals(ks, p.ks)
        && Arrays.equals(precision, p.precision)
        && Arrays.equals(ceiling, p.ceiling);
  }

  @Override
  public int hashCode() {
    return label.hashCode() * 31 + Arrays.hashCode(precision);
  }
}
