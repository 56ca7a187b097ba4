package dev.semhash.training.graph;

import dev.semhash.text.TermWeighting;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.CosineKnnGraph;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.Locale;

/**
 * Where a corpus's document graph comes from: the dataset's explicit links (citations), or the
 * implicit graph of each document's nearest training documents by TF-IDF cosine (thesis section
 * 5.3.2, k = 20).
 *
 * <pre class="prettyprint">
 * DocumentGraph g = GraphSource.LINKS.graph(corpus, GraphSource.DEFAULT_K, 2, progress);
 * </pre>
 */
public enum GraphSource {
  /** The dataset's {@code edges.tsv}, made undirected, among training documents only. */
  LINKS("links") {
    @Override
    public DocumentGraph graph(Corpus corpus, int k, int threads, ProgressReporter progress) {
      if (corpus.edges().isEmpty()) {
        throw new IllegalArgumentException(
            "the dataset has no links between documents (no edges.tsv.gz); the explicit-link graph"
                + " needs them: use the TF-IDF k-NN graph instead (--graph knn) or a dataset with"
                + " edges such as citeseer");
      }
      DocumentGraph g = DocumentGraph.fromEdges(corpus.trainIds(), corpus.edges().get());
      if (g.edgeCount() == 0) {
        throw new IllegalArgumentException(
            "none of the dataset's " + corpus.edges().get().size() + " links joins two training"
                + " documents (ids in edges.tsv must be document ids of the train split); use the"
                + " TF-IDF k-NN graph instead (--graph knn)");
      }
      return g;
    }
  },
  /** Each training document joined to its {@code k} nearest training documents by TF-IDF cosine. */
  KNN("knn") {
    @Override
    public DocumentGraph graph(Corpus corpus, int k, int threads, ProgressReporter progress)
        throws IOException {
      // The graph is TF-IDF cosine (thesis 5.3.2) whatever weighting the corpus gives the
      // encoder (--weighting): cosine over the corpus's own rows made the graph of a binary, tf
      // or bm25 corpus a different graph. A TF-IDF corpus keeps its rows exactly as before.
      SparseMatrix rows = corpus.settings().weighting() == TermWeighting.TFIDF
          ? corpus.train().normalizeRows()
          : CorpusNeighbors.tfidfRows(corpus, threads, progress);
      return DocumentGraph.fromNeighbors(CosineKnnGraph.compute(rows, k, threads, progress));
    }
  },
  /**
   * The union of {@link #LINKS} and {@link #KNN}: every document has neighbours, and its links
   * come first in its list (so breadth-first sampling takes them first).
   */
  LINKS_AND_KNN("links+knn") {
    @Override
    public DocumentGraph graph(Corpus corpus, int k, int threads, ProgressReporter progress)
        throws IOException {
      return LINKS.graph(corpus, k, threads, progress).union(KNN.graph(corpus, k, threads, progress));
    }
  };

  /** Neighbours per document of the k-NN graph, the thesis's 20. */
  public static final int DEFAULT_K = 20;

  private final String cliName;

  GraphSource(String cliName) {
    this.cliName = cliName;
  }

  /**
   * The graph over the corpus's training documents.
   *
   * @param k neighbours per document for {@link #KNN} (ignored for {@link #LINKS})
   * @throws IllegalArgumentException for {@link #LINKS} on a corpus without links among its
   *     training documents
   */
  public abstract DocumentGraph graph(Corpus corpus, int k, int threads, ProgressReporter progress)
      throws IOException;

  /** The name used on the command line, such as {@code links}. */
  public String cliName() {
    return cliName;
  }

  @Override
  public String toString() {
    return cliName;
  }

  /** Parses a command-line name, listing the choices when it is unknown. */
  public static GraphSource parse(String name) {
    for (GraphSource s : values()) {
      if (s.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown graph source '" + name + "'; choose links, knn or links+knn");
  }
}
