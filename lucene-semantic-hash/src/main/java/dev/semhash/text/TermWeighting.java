package dev.semhash.text;

/**
 * How a term's count in a document becomes a vector weight. With {@code tf} the term's count in
 * the document, {@code df} its document frequency, {@code n} the number of documents, {@code dl}
 * the document's length in tokens and {@code avgdl} the mean length:
 *
 * <ul>
 *   <li>{@link #BINARY}: 1
 *   <li>{@link #TF}: tf
 *   <li>{@link #TFIDF}: tf &times; idf, with the smoothed idf = ln((1 + n) / (1 + df)) + 1 (the
 *       convention of scikit-learn, so that a term in every document keeps a small weight)
 *   <li>{@link #BM25}: idf<sub>BM25</sub> &times; tf (k1 + 1) / (tf + k1 (1 - b + b dl / avgdl)),
 *       with Lucene's idf<sub>BM25</sub> = ln(1 + (n - df + 0.5) / (df + 0.5)), k1 = 1.2, b = 0.75
 * </ul>
 */
public enum TermWeighting {
  BINARY,
  TF,
  TFIDF,
  BM25;

  /** BM25 term-frequency saturation. */
  public static final double BM25_K1 = 1.2;

  /** BM25 length normalisation. */
  public static final double BM25_B = 0.75;

  /** The weight of a term; see the class documentation for the formulas. */
  public double weight(int tf, long df, long n, long dl, double avgdl) {
    return switch (this) {
      case BINARY -> tf > 0 ? 1 : 0;
      case TF -> tf;
      case TFIDF -> tf * (Math.log((1.0 + n) / (1.0 + df)) + 1.0);
      case BM25 -> {
        double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        double norm = avgdl > 0 ? BM25_K1 * (1 - BM25_B + BM25_B * dl / avgdl) : BM25_K1;
        yield idf * tf * (BM25_K1 + 1) / (tf + norm);
      }
    };
  }

  /** Parses a name such as {@code tfidf} or {@code BM25}, naming the choices when it is unknown. */
  public static TermWeighting parse(String name) {
    for (TermWeighting w : values()) {
      if (w.name().equalsIgnoreCase(name.trim())) {
        return w;
      }
    }
    throw new IllegalArgumentException(
        "unknown term weighting '" + name + "'; choose one of binary, tf, tfidf, bm25");
  }
}
