package dev.semhash.training.eval;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The result of {@link HammingRankingEvaluator#evaluate}: label-based measures of Hamming ranking,
 * each averaged over all test queries.
 *
 * @param queries number of test queries
 * @param trainDocs number of ranked training documents
 * @param bits code length
 * @param ks the cut-offs, increasing
 * @param precision mean Prec@k for each {@code ks[i]}
 * @param ndcg mean NDCG@k for each {@code ks[i]}
 * @param radius the Hamming radius
 * @param precisionWithinRadius mean precision of the training documents within {@code radius}
 *     (a query with none scores 0)
 * @param emptyRadiusShare share of queries with no training document within {@code radius}
 * @param ceiling mean Prec@k of a perfect ranking for each {@code ks[i]}: a query with fewer than
 *     k relevant training documents cannot reach 1
 * @param byLabel the same measures for the queries of each label, ordered by label
 * @param tiedPrecision for each {@code ks[i]}, the mean Prec@k over every order of the documents
 *     that tie at the cut-off's distance: the worst, the expected (a random order's mean) and the
 *     best; {@link #precision} is one of those orders, the training order
 */
public record HammingEvaluation(
    int queries,
    int trainDocs,
    int bits,
    int[] ks,
    double[] precision,
    double[] ndcg,
    int radius,
    double precisionWithinRadius,
    double emptyRadiusShare,
    double[] ceiling,
    List<LabelPrecision> byLabel,
    TiedPrecision[] tiedPrecision) {

  /**
   * Prec@k under the orders of the documents tied at the cut-off's Hamming distance. A 32-bit code
   * puts hundreds of training documents at the distance where the top 100 fills up, so the order
   * among them, which the codes do not decide, moves Prec@100: {@code worst} puts the irrelevant
   * ones first, {@code best} the relevant ones, and {@code expected} is the mean over all orders
   * (tie-aware precision, McSherry and Najork, ECIR 2008), the figure that depends on the codes
   * alone.
   */
  public record TiedPrecision(double worst, double expected, double best) {}

  public HammingEvaluation {
    ks = ks.clone();
    tiedPrecision = tiedPrecision.clone();
    precision = precision.clone();
    ndcg = ndcg.clone();
    ceiling = ceiling.clone();
    byLabel = List.copyOf(byLabel);
  }

  @Override
  public double[] ceiling() {
    return ceiling.clone();
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
  public double[] ndcg() {
    return ndcg.clone();
  }

  @Override
  public TiedPrecision[] tiedPrecision() {
    return tiedPrecision.clone();
  }

  /** Mean Prec@k under the orders of tied documents; {@code k} must be one of {@link #ks}. */
  public TiedPrecision tiedPrecisionAt(int k) {
    return tiedPrecision[indexOf(k)];
  }

  /** Mean Prec@k; {@code k} must be one of {@link #ks}. */
  public double precisionAt(int k) {
    return precision[indexOf(k)];
  }

  /** Mean NDCG@k; {@code k} must be one of {@link #ks}. */
  public double ndcgAt(int k) {
    return ndcg[indexOf(k)];
  }

  /** Mean Prec@k of a perfect ranking; {@code k} must be one of {@link #ks}. */
  public double ceilingAt(int k) {
    return ceiling[indexOf(k)];
  }

  private int indexOf(int k) {
    return indexOf(ks, k);
  }

  static int indexOf(int[] ks, int k) {
    for (int i = 0; i < ks.length; i++) {
      if (ks[i] == k) {
        return i;
      }
    }
    throw new IllegalArgumentException(
        "cut-off " + k + " was not evaluated; evaluated cut-offs: " + Arrays.toString(ks));
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%d-bit codes, %d queries over %d training docs:", bits, queries, trainDocs));
    for (int i = 0; i < ks.length; i++) {
      sb.append(String.format(Locale.ROOT, " Prec@%d %.4f NDCG@%d %.4f,", ks[i], precision[i], ks[i], ndcg[i]));
    }
    sb.append(
        String.format(
            Locale.ROOT,
            " Prec(r<=%d) %.4f (%.1f%% of queries with none within the radius)",
            radius,
            precisionWithinRadius,
            100 * emptyRadiusShare));
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HammingEvaluation e
        && queries == e.queries
        && trainDocs == e.trainDocs
        && bits == e.bits
        && Arrays.equals(ks, e.ks)
        && Arrays.equals(precision, e.precision)
        && Arrays.equals(ndcg, e.ndcg)
        && radius == e.radius
        && Double.compare(precisionWithinRadius, e.precisionWithinRadius) == 0
        && Double.compare(emptyRadiusShare, e.emptyRadiusShare) == 0
        && Arrays.equals(ceiling, e.ceiling)
        && byLabel.equals(e.byLabel)
        && Arrays.equals(tiedPrecision, e.tiedPrecision);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(precision) * 31 + Arrays.hashCode(ndcg) + Double.hashCode(precisionWithinRadius);
  }
}
