package dev.semhash.training.rerank;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import dev.semhash.rerank.text.TfIdfVectorizer;
import dev.semhash.training.data.Document;
import dev.semhash.training.retrieval.Bm25Index;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BM25 scores of every document of a collection for a query text, computed in memory: the
 * baseline of the document-ranking tasks, whose queries are whole documents (a 20 Newsgroups post
 * can hold more distinct terms than a Lucene {@code BooleanQuery} may have clauses). The formula is
 * Lucene's {@code BM25Similarity}: for each query term occurrence, {@code idf × tf / (tf + k1 (1 −
 * b + b dl / avgdl))} with {@code idf = ln(1 + (N − df + 0.5) / (df + 0.5))}, {@code tf} the term's
 * count in the document and {@code dl} the document's number of analysed tokens (exact, where
 * Lucene stores a lossy one-byte length). Documents are analysed as {@link Bm25Index} analyses them
 * (title + text). Thread-safe.
 *
 * <pre class="prettyprint">
 * Bm25CorpusScorer bm25 = new Bm25CorpusScorer(docs, analysis, 0.9f, 0.4f);
 * bm25.score(queryText, scores);
 * </pre>
 */
public final class Bm25CorpusScorer {
  private final TfIdfVectorizer analyser;
  private final Map<String, Integer> termIds = new HashMap<>();
  private final int[][] postingDocs;
  private final float[][] postingTfNorm; // tf / (tf + k1 (1 - b + b dl / avgdl))
  private final float[] idf;
  private final int numDocs;

  /** Indexes {@code docs} with BM25 parameters {@code k1} and {@code b}. */
  public Bm25CorpusScorer(List<Document> docs, AnalysisSettings analysis, float k1, float b) {
    this.analyser = new TfIdfVectorizer(analysis, new TermDictionary(List.of(), new float[0]));
    this.numDocs = docs.size();
    List<Map<String, Integer>> counts = new ArrayList<>(numDocs);
    long totalLength = 0;
    int[] length = new int[numDocs];
    List<Integer> df = new ArrayList<>();
    for (int d = 0; d < numDocs; d++) {
      Map<String, Integer> c = analyser.termCounts(Bm25Index.contents(docs.get(d)));
      counts.add(c);
      for (Map.Entry<String, Integer> e : c.entrySet()) {
        length[d] += e.getValue();
        int id = termIds.computeIfAbsent(e.getKey(), t -> termIds.size());
        if (id == df.size()) {
          df.add(0);
        }
        df.set(id, df.get(id) + 1);
      }
      totalLength += length[d];
    }
    double avgdl = numDocs == 0 ? 1 : Math.max(1e-9, (double) totalLength / numDocs);
    int terms = df.size();
    idf = new float[terms];
    postingDocs = new int[terms][];
    postingTfNorm = new float[terms][];
    for (int t = 0; t < terms; t++) {
      idf[t] = (float) Math.log(1 + (numDocs - df.get(t) + 0.5) / (df.get(t) + 0.5));
      postingDocs[t] = new int[df.get(t)];
      postingTfNorm[t] = new float[df.get(t)];
    }
    int[] fill = new int[terms];
    for (int d = 0; d < numDocs; d++) {
      double norm = k1 * (1 - b + b * length[d] / avgdl);
      for (Map.Entry<String, Integer> e : counts.get(d).entrySet()) {
        int t = termIds.get(e.getKey());
        postingDocs[t][fill[t]] = d;
        postingTfNorm[t][fill[t]++] = (float) (e.getValue() / (e.getValue() + norm));
      }
    }
  }

  /** Number of documents. */
  public int size() {
    return numDocs;
  }

  /** Writes the BM25 score of every document for {@code text} to {@code scores}. */
  public void score(String text, double[] scores) {
    java.util.Arrays.fill(scores, 0);
    for (Map.Entry<String, Integer> e : analyser.termCounts(text).entrySet()) {
      Integer t = termIds.get(e.getKey());
      if (t == null) {
        continue;
      }
      double w = (double) e.getValue() * idf[t];
      int[] docs = postingDocs[t];
      float[] tf = postingTfNorm[t];
      for (int j = 0; j < docs.length; j++) {
        scores[docs[j]] += w * tf[j];
      }
    }
  }
}
