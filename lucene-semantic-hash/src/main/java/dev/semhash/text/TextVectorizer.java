package dev.semhash.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Turns text into a weighted, optionally unit-length sparse vector over a {@link Vocabulary}. The
 * same instance serves training, index time and query time. Thread-safe: Lucene analyzers reuse
 * per-thread token streams.
 *
 * <pre class="prettyprint">
 * try (TextVectorizer v = new TextVectorizer(AnalyzerSettings.DEFAULT, vocabulary, TermWeighting.TFIDF, true)) {
 *   SparseVector x = v.vectorize("NASA launches a new space probe");
 * }
 * </pre>
 *
 * <p>A text with no vocabulary term gives {@link SparseVector#EMPTY}; callers decide what that
 * means for them (an encoder still produces a defined code from it).
 */
public final class TextVectorizer implements AutoCloseable {
  /** The field name used for analysis; analysis chains here do not depend on it. */
  public static final String FIELD = "text";

  private final AnalyzerSettings analyzerSettings;
  private final Vocabulary vocabulary;
  private final TermWeighting weighting;
  private final boolean normalize;
  private final Analyzer analyzer;

  public TextVectorizer(
      AnalyzerSettings analyzerSettings,
      Vocabulary vocabulary,
      TermWeighting weighting,
      boolean normalize) {
    this.analyzerSettings = analyzerSettings;
    this.vocabulary = vocabulary;
    this.weighting = weighting;
    this.normalize = normalize;
    this.analyzer = analyzerSettings.newAnalyzer();
  }

  /** Analyses {@code text} and weights its vocabulary terms. */
  public SparseVector vectorize(String text) {
    // Each token is looked up in place as it streams and only vocabulary ids are kept, then sorted
    // and counted: no String per token and no per-document map of them (together 40 % of the
    // time of analysis and weighting on 20 Newsgroups).
    int[] ids = new int[64];
    int n = 0;
    long length = 0;
    try (TokenStream ts = analyzer.tokenStream(FIELD, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        length++;
        int id = vocabulary.indexOf(term.buffer(), 0, term.length());
        if (id >= 0) {
          if (n == ids.length) {
            ids = Arrays.copyOf(ids, n * 2);
          }
          ids[n++] = id;
        }
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("analysis of an in-memory string failed", e);
    }
    Arrays.sort(ids, 0, n);
    int distinct = 0;
    int[] tfs = new int[n];
    for (int i = 0; i < n; i++) {
      if (distinct > 0 && ids[distinct - 1] == ids[i]) {
        tfs[distinct - 1]++;
      } else {
        ids[distinct] = ids[i];
        tfs[distinct++] = 1;
      }
    }
    return weigh(ids, tfs, distinct, length);
  }

  /**
   * Weights term counts that were already produced by this vectorizer's analysis chain (for
   * instance read from a Lucene term vector).
   *
   * @param counts term to count; terms outside the vocabulary are ignored
   * @param docLength the document's length in tokens, counting every token, for BM25
   */
  public SparseVector vectorize(Map<String, Integer> counts, long docLength) {
    int[] ids = new int[counts.size()];
    int[] tfs = new int[counts.size()];
    int n = 0;
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      int id = vocabulary.indexOf(e.getKey());
      if (id >= 0 && e.getValue() > 0) {
        ids[n] = id;
        tfs[n++] = e.getValue();
      }
    }
    return weigh(ids, tfs, n, docLength);
  }

  /** Weights {@code n} (dimension, count) pairs, in any order, with distinct dimensions. */
  public SparseVector weigh(int[] ids, int[] tfs, int n, long docLength) {
    long[] packed = new long[n];
    for (int i = 0; i < n; i++) {
      packed[i] = ((long) ids[i] << 32) | (tfs[i] & 0xFFFFFFFFL);
    }
    Arrays.sort(packed);
    int[] indices = new int[n];
    float[] values = new float[n];
    double sumSq = 0;
    for (int i = 0; i < n; i++) {
      int id = (int) (packed[i] >>> 32);
      int tf = (int) packed[i];
      indices[i] = id;
      double w =
          weighting.weight(
              tf, vocabulary.docFreq(id), vocabulary.numDocs(), docLength, vocabulary.avgDocLength());
      values[i] = (float) w;
      sumSq += w * w;
    }
    if (normalize && sumSq > 0) {
      double norm = Math.sqrt(sumSq);
      for (int i = 0; i < n; i++) {
        values[i] = (float) (values[i] / norm);
      }
    }
    return new SparseVector(indices, values);
  }

  public AnalyzerSettings analyzerSettings() {
    return analyzerSettings;
  }

  public Vocabulary vocabulary() {
    return vocabulary;
  }

  public TermWeighting weighting() {
    return weighting;
  }

  public boolean normalize() {
    return normalize;
  }

  /** The analysis chain, for callers that index text with it. */
  public Analyzer analyzer() {
    return analyzer;
  }

  @Override
  public void close() {
    analyzer.close();
  }
}
