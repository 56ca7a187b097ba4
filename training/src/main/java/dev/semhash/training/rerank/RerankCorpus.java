package dev.semhash.training.rerank;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.StopWords;
import dev.semhash.rerank.text.TermDictionary;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.rerank.text.TfIdfVectorizer;
import dev.semhash.training.data.Document;
import dev.semhash.training.retrieval.Bm25Index;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The documents of a collection as unit-length TF-IDF term vectors over a dictionary built from
 * the collection itself: every analysed term in at least {@code minDocFreq} documents, with the
 * smoothed idf {@code ln((1 + n) / (1 + df)) + 1}. Documents are addressed by ordinal (position in
 * the list given to {@link #build}); a document's text is its title and text, as {@link
 * Bm25Index#contents} indexes it.
 *
 * <pre class="prettyprint">
 * RerankCorpus corpus = RerankCorpus.build(docs, AnalysisSettings.ENGLISH_STEMMED, 1);
 * TermVector d = corpus.document(0);
 * </pre>
 */
public final class RerankCorpus {
  private final List<Document> docs;
  private final TfIdfVectorizer vectorizer;
  private final TermVector[] vectors;
  private final Map<String, Integer> ordinals;

  private RerankCorpus(List<Document> docs, TfIdfVectorizer vectorizer, TermVector[] vectors) {
    this.docs = List.copyOf(docs);
    this.vectorizer = vectorizer;
    this.vectors = vectors;
    this.ordinals = new HashMap<>();
    for (int i = 0; i < docs.size(); i++) {
      ordinals.put(docs.get(i).id(), i);
    }
  }

  /**
   * Builds the dictionary and the document vectors.
   *
   * @throws IllegalArgumentException if there is no document, {@code minDocFreq < 1}, or no term
   *     is left
   */
  public static RerankCorpus build(List<Document> docs, AnalysisSettings analysis, int minDocFreq) {
    return build(docs, analysis, minDocFreq, Integer.MAX_VALUE);
  }

  /**
   * Builds the dictionary, keeping at most {@code maxTerms} terms: those in most documents, ties
   * by term (the SSI paper keeps the 30,000 most frequent words; its full and sparse {@code W}
   * need a small dictionary).
   *
   * @throws IllegalArgumentException if there is no document, {@code minDocFreq < 1}, {@code
   *     maxTerms < 1}, or no term is left
   */
  public static RerankCorpus build(List<Document> docs, AnalysisSettings analysis, int minDocFreq, int maxTerms) {
    if (maxTerms < 1) {
      throw new IllegalArgumentException("maximum number of terms must be at least 1, got " + maxTerms);
    }
    if (docs.isEmpty()) {
      throw new IllegalArgumentException("no document; give at least one");
    }
    if (minDocFreq < 1) {
      throw new IllegalArgumentException("minimum document frequency must be at least 1, got " + minDocFreq);
    }
    TfIdfVectorizer analyser = new TfIdfVectorizer(analysis, new TermDictionary(List.of(), new float[0]));
    List<Map<String, Integer>> counts = new ArrayList<>(docs.size());
    Map<String, Integer> df = new HashMap<>();
    for (Document doc : docs) {
      Map<String, Integer> c = analyser.termCounts(Bm25Index.contents(doc));
      counts.add(c);
      for (String t : c.keySet()) {
        df.merge(t, 1, Integer::sum);
      }
    }
    List<String> terms = new ArrayList<>();
    for (Map.Entry<String, Integer> e : df.entrySet()) {
      if (e.getValue() >= minDocFreq) {
        terms.add(e.getKey());
      }
    }
    if (terms.isEmpty()) {
      throw new IllegalArgumentException("no term occurs in at least " + minDocFreq + " documents; lower the minimum document frequency");
    }
    if (terms.size() > maxTerms) {
      terms.sort((a, b) -> {
        int cmp = Integer.compare(df.get(b), df.get(a));
        return cmp != 0 ? cmp : a.compareTo(b);
      });
      terms = new ArrayList<>(terms.subList(0, maxTerms));
    }
    terms.sort(null); // deterministic ids
    float[] idf = new float[terms.size()];
    int n = docs.size();
    for (int i = 0; i < idf.length; i++) {
      idf[i] = (float) (Math.log((1.0 + n) / (1.0 + df.get(terms.get(i)))) + 1.0);
    }
    TfIdfVectorizer vectorizer = new TfIdfVectorizer(analysis, new TermDictionary(terms, idf));
    TermVector[] vectors = new TermVector[n];
    for (int i = 0; i < n; i++) {
      vectors[i] = vectorizer.weigh(counts.get(i));
    }
    return new RerankCorpus(docs, vectorizer, vectors);
  }

  public TfIdfVectorizer vectorizer() {
    return vectorizer;
  }

  public TermDictionary dictionary() {
    return vectorizer.dictionary();
  }

  public AnalysisSettings analysis() {
    return vectorizer.analysis();
  }

  /** Number of documents. */
  public int size() {
    return vectors.length;
  }

  /** The term vector of document {@code ordinal}. */
  public TermVector document(int ordinal) {
    return vectors[ordinal];
  }

  /** The documents, by ordinal. */
  public List<Document> documents() {
    return docs;
  }

  /** The ordinal of document {@code id}, or -1. */
  public int ordinal(String id) {
    return ordinals.getOrDefault(id, -1);
  }

  /** Mean number of distinct known terms per document. */
  public double meanTerms() {
    return Arrays.stream(vectors).mapToInt(TermVector::size).average().orElse(0);
  }

  /** The rerank models' form of a hashing analysis chain; they know Lucene's stop list only. */
  public static AnalysisSettings analysisOf(AnalyzerSettings a) {
    if (a.stopWords() == StopWords.SMART) {
      throw new IllegalArgumentException(
          "the rerank models drop Lucene's English stop words or none, not the SMART list; use StopWords.LUCENE");
    }
    return new AnalysisSettings(
        a.lowercase(), a.stopWords() == StopWords.LUCENE, a.minTokenLength(), a.maxTokenLength(), a.porterStemming());
  }
}
