package dev.semhash.training.eval;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A fixed random sample of (query, relevant document, non-relevant document) triples, drawn once
 * with a seed so that every model is measured on the same triples, and the <b>rank loss</b>
 * measured on it: the share of triples a model orders wrongly.
 *
 * <p><b>Sampling.</b> Triples are drawn uniformly from all triples of all queries, with
 * replacement: a query is picked with probability proportional to (its relevant documents) ×
 * (its non-relevant documents), then a relevant and a non-relevant document uniformly. A query
 * with no relevant or no non-relevant document has no triple.
 *
 * <p><b>Ties.</b> A triple whose two documents get the same score counts one half: a model that
 * gives every document the same score has rank loss 0.5, like a random one. A NaN score is an
 * error.
 *
 * <pre class="prettyprint">
 * TripleSample sample = TripleSample.draw(relevantDocs, numTrainDocs, 100_000, 42L);
 * double loss = sample.rankLoss((q, d) -&gt; cosine(test[q], train[d]));
 * </pre>
 */
public final class TripleSample {
  private final int[] queries;
  private final int[] positives;
  private final int[] negatives;

  private TripleSample(int[] queries, int[] positives, int[] negatives) {
    this.queries = queries;
    this.positives = positives;
    this.negatives = negatives;
  }

  /**
   * Draws {@code size} triples.
   *
   * @param relevantDocs for each query, the ordinals of its relevant documents (each in {@code [0,
   *     numDocs)}, no duplicates, any order)
   * @param numDocs number of candidate documents; every other document is non-relevant
   * @param size number of triples, at least 1
   * @param seed random seed
   * @throws IllegalArgumentException on an empty query list, a bad document ordinal or duplicate,
   *     {@code size <= 0}, or when no query has both a relevant and a non-relevant document
   */
  public static TripleSample draw(int[][] relevantDocs, int numDocs, int size, long seed) {
    return draw(relevantDocs, null, numDocs, size, seed);
  }

  /**
   * Draws {@code size} triples, never using a query's excluded documents (for instance the query
   * document itself when documents are ranked against each other).
   *
   * @param excludedDocs for each query, documents that are not candidates (no duplicates, none
   *     relevant); null if none are
   * @see #draw(int[][], int, int, long)
   */
  public static TripleSample draw(
      int[][] relevantDocs, int[][] excludedDocs, int numDocs, int size, long seed) {
    if (relevantDocs.length == 0) {
      throw new IllegalArgumentException("no query given; rank loss needs at least one query");
    }
    if (numDocs <= 0) {
      throw new IllegalArgumentException("numDocs must be positive, got " + numDocs);
    }
    if (size <= 0) {
      throw new IllegalArgumentException("sample size must be positive, got " + size);
    }
    if (excludedDocs != null && excludedDocs.length != relevantDocs.length) {
      throw new IllegalArgumentException(
          relevantDocs.length + " relevant lists but " + excludedDocs.length + " excluded lists; give one per query");
    }
    int[][] sorted = new int[relevantDocs.length][];
    int[][] notCandidates = new int[relevantDocs.length][];
    double[] cumulative = new double[relevantDocs.length];
    double total = 0;
    for (int q = 0; q < relevantDocs.length; q++) {
      int[] rel = relevantDocs[q].clone();
      Arrays.sort(rel);
      for (int i = 0; i < rel.length; i++) {
        if (rel[i] < 0 || rel[i] >= numDocs) {
          throw new IllegalArgumentException(
              "query " + q + " lists relevant document " + rel[i] + ", outside [0, " + numDocs + ")");
        }
        if (i > 0 && rel[i] == rel[i - 1]) {
          throw new IllegalArgumentException(
              "query " + q + " lists relevant document " + rel[i] + " twice");
        }
      }
      sorted[q] = rel;
      int[] excluded = excludedDocs == null ? new int[0] : excludedDocs[q];
      notCandidates[q] = union(q, rel, excluded, numDocs);
      total += (double) rel.length * (numDocs - notCandidates[q].length);
      cumulative[q] = total;
    }
    if (total == 0) {
      throw new IllegalArgumentException(
          "no query has both a relevant and a non-relevant document; rank loss is undefined");
    }
    SplittableRandom random = new SplittableRandom(seed);
    int[] qs = new int[size];
    int[] pos = new int[size];
    int[] neg = new int[size];
    for (int t = 0; t < size; t++) {
      double u = random.nextDouble() * total;
      int q = upperBound(cumulative, u);
      int[] rel = sorted[q];
      qs[t] = q;
      pos[t] = rel[random.nextInt(rel.length)];
      neg[t] = nthNonRelevant(notCandidates[q], random.nextInt(numDocs - notCandidates[q].length));
    }
    return new TripleSample(qs, pos, neg);
  }

  /** The sorted union of the relevant (sorted) and excluded documents; they must not overlap. */
  private static int[] union(int q, int[] rel, int[] excluded, int numDocs) {
    int[] all = new int[rel.length + excluded.length];
    System.arraycopy(rel, 0, all, 0, rel.length);
    System.arraycopy(excluded, 0, all, rel.length, excluded.length);
    Arrays.sort(all);
    for (int i = 0; i < all.length; i++) {
      if (all[i] < 0 || all[i] >= numDocs) {
        throw new IllegalArgumentException(
            "query " + q + " excludes document " + all[i] + ", outside [0, " + numDocs + ")");
      }
      if (i > 0 && all[i] == all[i - 1]) {
        throw new IllegalArgumentException(
            "query " + q + ": document " + all[i] + " is excluded twice or both relevant and excluded");
      }
    }
    return all;
  }

  /** First index whose cumulative weight exceeds {@code u}; skips zero-weight queries. */
  private static int upperBound(double[] cumulative, double u) {
    int lo = 0;
    int hi = cumulative.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulative[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** The {@code n}-th (0-based) document not in the sorted list {@code rel}. */
  private static int nthNonRelevant(int[] rel, int n) {
    int doc = n;
    for (int r : rel) {
      if (r <= doc) {
        doc++;
      } else {
        break;
      }
    }
    return doc;
  }

  /** Number of triples. */
  public int size() {
    return queries.length;
  }

  /** Query of triple {@code t}. */
  public int query(int t) {
    return queries[t];
  }

  /** Relevant document of triple {@code t}. */
  public int relevant(int t) {
    return positives[t];
  }

  /** Non-relevant document of triple {@code t}. */
  public int nonRelevant(int t) {
    return negatives[t];
  }

  /**
   * Share of triples where {@code scorer} gives the non-relevant document a higher score than the
   * relevant one, ties counting one half.
   *
   * @throws IllegalArgumentException if a score is NaN
   */
  public double rankLoss(PairScorer scorer) {
    double wrong = 0;
    for (int t = 0; t < queries.length; t++) {
      double p = scorer.score(queries[t], positives[t]);
      double n = scorer.score(queries[t], negatives[t]);
      if (Double.isNaN(p) || Double.isNaN(n)) {
        throw new IllegalArgumentException(
            "NaN score for query " + queries[t] + " and document "
                + (Double.isNaN(p) ? positives[t] : negatives[t]));
      }
      if (n > p) {
        wrong += 1;
      } else if (n == p) {
        wrong += 0.5;
      }
    }
    return wrong / queries.length;
  }
}
