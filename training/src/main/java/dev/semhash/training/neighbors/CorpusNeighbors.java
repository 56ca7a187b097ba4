package dev.semhash.training.neighbors;

import dev.semhash.text.TermWeighting;
import dev.semhash.text.TextVectorizer;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusIndex;
import dev.semhash.training.corpus.CorpusVectors;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The neighbourhoods an experiment trains on, computed once per corpus and settings and then read
 * from a {@link NeighborCache}. Each cache key holds the corpus's content digest, its analyzer
 * settings and every parameter of the method (for the cosine graph also the vocabulary settings),
 * so a change in any of them recomputes.
 *
 * <pre class="prettyprint">
 * NeighborCache cache = new NeighborCache(NeighborCache.defaultDirectory());
 * Neighbors weak = CorpusNeighbors.bm25(corpus.index(), Bm25NeighborSettings.DEFAULT, cache, 2, progress);
 * Neighbors graph = CorpusNeighbors.tfidfCosine(corpus, 20, cache, 2, progress).symmetrized();
 * </pre>
 */
public final class CorpusNeighbors {
  /**
   * Versions of the two computations, part of their cache keys: raise one whenever its results
   * change for the same settings, so that neighbours cached by the older code are computed anew
   * rather than reused unseen.
   */
  static final int BM25_ALGORITHM = 1;

  static final int TFIDF_COSINE_ALGORITHM = 1;

  private CorpusNeighbors() {}

  /** The cache key of BM25 neighbours of {@code index} with {@code settings}. */
  public static NeighborKey bm25Key(CorpusIndex index, Bm25NeighborSettings settings) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("corpus", index.digest());
    p.put("docs", index.size());
    p.put("analyzer", index.analyzerSettings());
    p.put("k", settings.k());
    p.put("queryTerms", settings.queryTerms());
    p.put("k1", settings.k1());
    p.put("b", settings.b());
    p.put("algorithm", BM25_ALGORITHM);
    return NeighborKey.of("bm25", p);
  }

  /**
   * BM25 neighbours of every document of {@code index} (see {@link Bm25Neighbors}), from {@code
   * cache} when it has them.
   *
   * @param cache where to keep them, or {@code null} to always compute
   */
  public static Neighbors bm25(
      CorpusIndex index,
      Bm25NeighborSettings settings,
      NeighborCache cache,
      int threads,
      ProgressReporter progress)
      throws IOException {
    NeighborCache.Computation compute =
        () -> new Bm25Neighbors(index, settings).compute(threads, progress);
    return cache == null ? compute.compute() : cache.getOrCompute(bm25Key(index, settings), compute);
  }

  /** The cache key of the TF-IDF cosine graph of {@code corpus} with {@code k} neighbours. */
  public static NeighborKey tfidfCosineKey(Corpus corpus, int k) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("corpus", corpus.index().digest());
    p.put("docs", corpus.index().size());
    p.put("analyzer", corpus.settings().analyzer());
    p.put("vocabulary", corpus.settings().vocabulary().describe());
    p.put("weighting", "tfidf,unit");
    p.put("k", k);
    p.put("algorithm", TFIDF_COSINE_ALGORITHM);
    return NeighborKey.of("tfidf-cosine", p);
  }

  /**
   * The exact k-nearest-neighbour graph of the corpus's training documents by cosine of their
   * TF-IDF vectors over the corpus vocabulary (see {@link CosineKnnGraph}), whatever weighting the
   * corpus itself uses; from {@code cache} when it has it.
   *
   * @param cache where to keep it, or {@code null} to always compute
   */
  public static Neighbors tfidfCosine(
      Corpus corpus, int k, NeighborCache cache, int threads, ProgressReporter progress)
      throws IOException {
    NeighborCache.Computation compute =
        () -> CosineKnnGraph.compute(tfidfRows(corpus, threads, progress), k, threads, progress);
    return cache == null ? compute.compute() : cache.getOrCompute(tfidfCosineKey(corpus, k), compute);
  }

  /**
   * Unit-length TF-IDF rows of the training documents over the corpus vocabulary (public for
   * {@link dev.semhash.training.graph.GraphSource#KNN}, whose graph is TF-IDF cosine too).
   */
  public static SparseMatrix tfidfRows(Corpus corpus, int threads, ProgressReporter progress)
      throws IOException {
    if (corpus.settings().weighting() == TermWeighting.TFIDF) {
      return corpus.settings().normalize() ? corpus.train() : corpus.train().normalizeRows();
    }
    try (TextVectorizer tfidf =
        new TextVectorizer(
            corpus.settings().analyzer(), corpus.vocabulary(), TermWeighting.TFIDF, true)) {
      return CorpusVectors.fromIndex(corpus.index(), tfidf, threads, progress);
    }
  }
}
