package dev.semhash.training.neighbors;

import dev.semhash.training.corpus.CorpusIndex;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.ProgressReporter.Progress;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.util.BytesRef;

/**
 * The k nearest training documents of every training document by Lucene's BM25, the weak
 * supervision of NbrReg (thesis chapter 4): each document is the query, the corpus index the
 * collection.
 *
 * <p>The query is a disjunction of the document's {@code queryTerms} most informative terms: those
 * of highest tf &times; idf (tf the count in the document, idf Lucene's BM25 idf), ties by term
 * order, leaving out terms that occur in this document only (they cannot match another one). The
 * top {@code k + 1} hits are taken and the document itself dropped (or the last hit when the
 * document is not among them). Hits are ordered by score, ties by ordinal (doc id == ordinal in a
 * {@link CorpusIndex}, and Lucene breaks score ties by doc id).
 *
 * <p>Why a few terms and not the whole document: a whole post is a disjunction of hundreds of
 * terms, each adding a posting list to score, and its many weak terms add noise. Measured on the
 * 11,314 20 Newsgroups training posts (k = 20, share of neighbours with the post's label): 16
 * terms 0.623, 32 terms 0.655, 64 terms 0.664, every term 0.622, the last about three times
 * slower than 32. Boosting each clause by the term's count in the document measured slightly worse
 * (0.641 at 32 terms), so clauses are unweighted. The default of 32 is within 0.01 of the best.
 *
 * <p>Texts from outside the index (a corpus's test documents) are searched for the same way
 * ({@link #forTexts}): analysed with the index's analyzer, their terms weighted by tf &times; idf
 * over the index, those the index lacks left out, and the top {@code k} hits kept.
 *
 * <pre class="prettyprint">
 * Neighbors nn = new Bm25Neighbors(index, Bm25NeighborSettings.DEFAULT).compute(2, progress);
 * int[][] ofTests = new Bm25Neighbors(index, Bm25NeighborSettings.DEFAULT).forTexts(testTexts, 2, progress);
 * </pre>
 */
public final class Bm25Neighbors {
  private final CorpusIndex index;
  private final Bm25NeighborSettings settings;
  private final IndexSearcher searcher;
  private final long docCount;

  public Bm25Neighbors(CorpusIndex index, Bm25NeighborSettings settings) throws IOException {
    this.index = index;
    this.settings = settings;
    this.searcher = index.newSearcher(new BM25Similarity(settings.k1(), settings.b()));
    Terms terms = MultiTerms.getTerms(index.reader(), CorpusIndex.BODY);
    this.docCount = terms == null ? 0 : terms.getDocCount();
  }

  /** The searcher the neighbours are found with (BM25 with the settings' k1 and b). */
  public IndexSearcher searcher() {
    return searcher;
  }

  /** The query that stands for document {@code ord}; a query matching nothing if it has no term. */
  public Query queryFor(int ord) throws IOException {
    return new QueryMaker().make(ord);
  }

  /**
   * Finds the neighbours of every document.
   *
   * @param threads searching threads; {@link IndexSearcher} is shared between them
   */
  public Neighbors compute(int threads, ProgressReporter progress) throws IOException {
    int n = index.size();
    int k = settings.k();
    int[][] ords = new int[n][];
    float[][] scores = new float[n][];
    try (Progress p = progress.start("BM25 neighbours", n, "docs")) {
      Parallel.forEachChunk(
          n,
          64,
          threads,
          p,
          (from, to) -> {
            QueryMaker maker = new QueryMaker();
            for (int ord = from; ord < to; ord++) {
              TopDocs top = searcher.search(maker.make(ord), k + 1);
              int[] o = new int[Math.min(k, top.scoreDocs.length)];
              float[] s = new float[o.length];
              int c = 0;
              for (ScoreDoc hit : top.scoreDocs) {
                if (hit.doc != ord && c < o.length) {
                  o[c] = hit.doc;
                  s[c++] = hit.score;
                }
              }
              ords[ord] = c == o.length ? o : Arrays.copyOf(o, c);
              scores[ord] = c == s.length ? s : Arrays.copyOf(s, c);
            }
          });
    }
    return new Neighbors(ords, scores);
  }

  /**
   * The ordinals of the k nearest indexed documents of each text, which is not in the index, best
   * first (see the class documentation). A text sharing no term with the index gets none.
   *
   * @param threads searching threads
   */
  public int[][] forTexts(List<String> texts, int threads, ProgressReporter progress) throws IOException {
    int n = texts.size();
    int k = settings.k();
    int[][] ords = new int[n][];
    try (Analyzer analyzer = index.analyzerSettings().newAnalyzer();
        Progress p = progress.start("BM25 neighbours of new documents", n, "docs")) {
      Bm25TextNeighbours nearest = new Bm25TextNeighbours(index.reader(), CorpusIndex.BODY, analyzer, settings);
      Parallel.forEachChunk(
          n,
          64,
          threads,
          p,
          (from, to) -> {
            for (int d = from; d < to; d++) {
              ords[d] = nearest.of(texts.get(d), -1);
            }
          });
    }
    return ords;
  }

  /** Builds document queries; one per thread (term vectors and terms enums are not shareable). */
  private final class QueryMaker {
    private final CorpusIndex.TermCountReader counts;
    private final TermsEnum dictionary;

    QueryMaker() throws IOException {
      this.counts = index.newTermCountReader();
      Terms terms = MultiTerms.getTerms(index.reader(), CorpusIndex.BODY);
      this.dictionary = terms == null ? TermsEnum.EMPTY : terms.iterator();
    }

    Query make(int ord) throws IOException {
      CorpusIndex.TermCounts doc = counts.read(ord);
      return make(doc.terms(), doc.counts(), 2); // df 1: only this document has it, it cannot bring a neighbour
    }

    /**
     * The shared query ({@link Bm25TextNeighbours#query}); a term of the document's term vector
     * must be in the dictionary.
     */
    private Query make(String[] terms, int[] termCounts, int minDf) throws IOException {
      return Bm25TextNeighbours.query(CorpusIndex.BODY, terms, termCounts, minDf, term -> {
        if (dictionary.seekExact(new BytesRef(term)) == false) {
          throw new IllegalStateException("term vector term missing from the terms dictionary");
        }
        return dictionary.docFreq();
      }, docCount, settings.queryTerms());
    }
  }
}
