package dev.semhash.training.eval;

import java.util.Arrays;

/**
 * Metrics of one ranked list, given the relevance grade of the document at each rank.
 *
 * <p>A ranking is an {@code int[] gains}: {@code gains[i]} is the grade of the document at rank
 * {@code i + 1} (0 = not relevant; for label relevance, the number of labels it shares with the
 * query). A list may be shorter than a cut-off {@code k}; the missing ranks count as non-relevant,
 * and precision still divides by {@code k} (trec_eval's convention). Every method throws {@link
 * IllegalArgumentException} on {@code k <= 0} or negative grades.
 *
 * <p>Definitions (trec_eval conventions, EVALUATION.md):
 *
 * <ul>
 *   <li>P@k = relevant documents in the top k / k.
 *   <li>Recall@k = relevant documents in the top k / all judged relevant documents R.
 *   <li>AP = (sum over relevant ranks r of P@r) / R; relevant documents never retrieved add 0.
 *   <li>RR@k = 1 / rank of the first relevant document if it is within the top k, else 0.
 *   <li>nDCG@k = DCG@k / IDCG@k, with DCG@k = sum over ranks i = 1..k of gain_i / log2(i + 1)
 *       (linear gain), and IDCG@k the DCG@k of all judged grades sorted decreasingly; 0 when there
 *       is no relevant document.
 * </ul>
 *
 * <pre class="prettyprint">
 * int[] gains = {0, 1, 0, 1};                  // relevant at ranks 2 and 4
 * double ap = RankingMetrics.averagePrecision(gains, 3);   // (1/2 + 2/4) / 3
 * </pre>
 */
public final class RankingMetrics {
  private RankingMetrics() {}

  /** Precision of the top {@code k}: relevant among them / k. */
  public static double precision(int[] gains, int k) {
    checkK(k);
    return relevantInTop(gains, k) / (double) k;
  }

  /**
   * Recall of the top {@code k}: relevant among them / {@code numRelevant}; 0 when {@code
   * numRelevant} is 0.
   */
  public static double recall(int[] gains, int k, int numRelevant) {
    checkK(k);
    checkNumRelevant(gains, Math.min(k, gains.length), numRelevant);
    return numRelevant == 0 ? 0 : relevantInTop(gains, k) / (double) numRelevant;
  }

  /**
   * Average precision of the whole list against {@code numRelevant} judged relevant documents (the
   * caller truncates the list to the evaluation depth first); 0 when {@code numRelevant} is 0.
   */
  public static double averagePrecision(int[] gains, int numRelevant) {
    checkNumRelevant(gains, gains.length, numRelevant);
    if (numRelevant == 0) {
      return 0;
    }
    double sum = 0;
    int hits = 0;
    for (int i = 0; i < gains.length; i++) {
      if (checkGain(gains[i]) > 0) {
        hits++;
        sum += hits / (double) (i + 1);
      }
    }
    return sum / numRelevant;
  }

  /** Reciprocal rank of the first relevant document within the top {@code k}, else 0. */
  public static double reciprocalRank(int[] gains, int k) {
    checkK(k);
    int n = Math.min(k, gains.length);
    for (int i = 0; i < n; i++) {
      if (checkGain(gains[i]) > 0) {
        return 1.0 / (i + 1);
      }
    }
    return 0;
  }

  /** DCG of the top {@code k}: sum of gain_i / log2(i + 1) over ranks i = 1..k. */
  public static double dcg(int[] gains, int k) {
    checkK(k);
    int n = Math.min(k, gains.length);
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += checkGain(gains[i]) * discount(i);
    }
    return sum;
  }

  /**
   * nDCG of the top {@code k}: {@link #dcg} of the ranking over the DCG of {@code judgedGains} (the
   * grades of every judged document of the query, any order) sorted decreasingly; 0 when no judged
   * grade is positive.
   */
  public static double ndcg(int[] gains, int k, int[] judgedGains) {
    checkK(k);
    int[] ideal = judgedGains.clone();
    Arrays.sort(ideal);
    double idcg = 0;
    for (int i = 0; i < Math.min(k, ideal.length); i++) {
      idcg += checkGain(ideal[ideal.length - 1 - i]) * discount(i);
    }
    return idcg == 0 ? 0 : dcg(gains, k) / idcg;
  }

  /**
   * DCG@k of the best ranking, from the number of candidate documents at each gain ({@code
   * gainHistogram[g]} documents of gain g).
   */
  static double idealDcg(int[] gainHistogram, int k) {
    double sum = 0;
    int r = 0;
    for (int gain = gainHistogram.length - 1; gain > 0 && r < k; gain--) {
      for (int c = 0; c < gainHistogram[gain] && r < k; c++, r++) {
        sum += gain * discount(r);
      }
    }
    return sum;
  }

  /** The rank discount 1 / log2(i + 2) of the 0-based position {@code i}. */
  public static double discount(int position) {
    return 1.0 / (Math.log(position + 2) / Math.log(2));
  }

  private static int relevantInTop(int[] gains, int k) {
    int n = Math.min(k, gains.length);
    int count = 0;
    for (int i = 0; i < n; i++) {
      if (checkGain(gains[i]) > 0) {
        count++;
      }
    }
    return count;
  }

  static void checkK(int k) {
    if (k <= 0) {
      throw new IllegalArgumentException("cut-off k must be positive, got " + k);
    }
  }

  private static int checkGain(int gain) {
    if (gain < 0) {
      throw new IllegalArgumentException("relevance grades must be >= 0, got " + gain);
    }
    return gain;
  }

  private static void checkNumRelevant(int[] gains, int depth, int numRelevant) {
    if (numRelevant < 0) {
      throw new IllegalArgumentException("numRelevant must be >= 0, got " + numRelevant);
    }
    int seen = relevantInTop(gains, depth);
    if (seen > numRelevant) {
      throw new IllegalArgumentException(
          "the ranking holds "
              + seen
              + " relevant documents but numRelevant is "
              + numRelevant
              + "; count every judged relevant document of the query");
    }
  }
}
