package dev.semhash.rerank.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Turns text into a unit-length TF-IDF {@link TermVector}: each known term weighs {@code tf × idf}
 * (tf its count in the text), then the vector is divided by its Euclidean norm. Terms outside the
 * dictionary are ignored; a text with none gives {@link TermVector#EMPTY}. Thread-safe (Lucene
 * analyzers keep per-thread token streams).
 *
 * <pre class="prettyprint">
 * TfIdfVectorizer v = new TfIdfVectorizer(AnalysisSettings.ENGLISH_STEMMED, dictionary);
 * TermVector x = v.vectorize("Vitamin D deficiency and bone loss");
 * </pre>
 */
public final class TfIdfVectorizer {
  private static final String FIELD = "text";

  private final AnalysisSettings analysis;
  private final TermDictionary dictionary;
  private final Analyzer analyzer;

  public TfIdfVectorizer(AnalysisSettings analysis, TermDictionary dictionary) {
    this.analysis = analysis;
    this.dictionary = dictionary;
    this.analyzer = analysis.newAnalyzer();
  }

  public AnalysisSettings analysis() {
    return analysis;
  }

  public TermDictionary dictionary() {
    return dictionary;
  }

  /** The analysed tokens of {@code text} with their counts, sorted by token. */
  public Map<String, Integer> termCounts(String text) {
    Map<String, Integer> counts = new TreeMap<>();
    try (TokenStream ts = analyzer.tokenStream(FIELD, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        counts.merge(term.toString(), 1, Integer::sum);
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("analysis of an in-memory string failed", e);
    }
    return counts;
  }

  /** The unit-length TF-IDF vector of {@code text}. */
  public TermVector vectorize(String text) {
    return weigh(termCounts(text));
  }

  /** The unit-length TF-IDF vector of already analysed term counts; unknown terms are ignored. */
  public TermVector weigh(Map<String, Integer> counts) {
    long[] packed = new long[counts.size()];
    int n = 0;
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      int id = dictionary.id(e.getKey());
      if (id >= 0 && e.getValue() > 0) {
        packed[n++] = ((long) id << 32) | e.getValue();
      }
    }
    java.util.Arrays.sort(packed, 0, n);
    int[] ids = new int[n];
    float[] weights = new float[n];
    double sumSq = 0;
    for (int i = 0; i < n; i++) {
      ids[i] = (int) (packed[i] >>> 32);
      double w = (double) (int) packed[i] * dictionary.idf(ids[i]);
      weights[i] = (float) w;
      sumSq += w * w;
    }
    if (sumSq > 0) {
      double norm = Math.sqrt(sumSq);
      for (int i = 0; i < n; i++) {
        weights[i] = (float) (weights[i] / norm);
      }
    }
    return n == 0 ? TermVector.EMPTY : new TermVector(ids, weights);
  }
}
