package dev.semhash.training.neighbors;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.search.IndexSearcher;

/**
 * How {@link Bm25Neighbors} finds each document's neighbours.
 *
 * @param k neighbours per document (at least 1)
 * @param queryTerms the document is searched for with at most this many of its terms, those of
 *     highest tf &times; idf (at least 1, at most Lucene's clause limit)
 * @param k1 BM25 term-frequency saturation
 * @param b BM25 length normalisation, in [0, 1]
 */
public record Bm25NeighborSettings(int k, int queryTerms, float k1, float b) {

  /**
   * The thesis's setting: k = 20 neighbours, BM25 with k1 = 1.2 and b = 0.75; queries of the 32
   * most informative terms (see {@link Bm25Neighbors} for why 32).
   */
  public static final Bm25NeighborSettings DEFAULT = new Bm25NeighborSettings(20, 32, 1.2f, 0.75f);

  public Bm25NeighborSettings {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    if (queryTerms < 1 || queryTerms > IndexSearcher.getMaxClauseCount()) {
      throw new IllegalArgumentException(
          "queryTerms must be in [1, " + IndexSearcher.getMaxClauseCount() + "], got " + queryTerms);
    }
    if (!(Float.isFinite(k1) && k1 >= 0)) {
      throw new IllegalArgumentException("k1 must be finite and non-negative, got " + k1);
    }
    if (!(b >= 0 && b <= 1)) {
      throw new IllegalArgumentException("b must be in [0, 1], got " + b);
    }
  }

  public Bm25NeighborSettings withK(int k) {
    return new Bm25NeighborSettings(k, queryTerms, k1, b);
  }

  public Bm25NeighborSettings withQueryTerms(int queryTerms) {
    return new Bm25NeighborSettings(k, queryTerms, k1, b);
  }

  /** The settings as one line, as model files record them; {@link #parse} reads it back. */
  public String describe() {
    return String.format(Locale.ROOT, "bm25, k=%d, query terms=%d, k1=%s, b=%s", k, queryTerms, k1, b);
  }

  /**
   * Reads a {@link #describe()} line.
   *
   * @throws IllegalArgumentException if {@code line} is not one
   */
  public static Bm25NeighborSettings parse(String line) {
    Matcher m = DESCRIPTION.matcher(line == null ? "" : line.strip());
    if (m.matches() == false) {
      throw new IllegalArgumentException(
          "'" + line + "' does not describe BM25 neighbours (expected for instance '" + DEFAULT.describe() + "')");
    }
    return new Bm25NeighborSettings(
        Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Float.parseFloat(m.group(3)), Float.parseFloat(m.group(4)));
  }

  private static final Pattern DESCRIPTION =
      Pattern.compile("bm25, k=(\\d+), query terms=(\\d+), k1=([0-9.eE+-]+), b=([0-9.eE+-]+)");
}
