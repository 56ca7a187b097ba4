package dev.semhash.training.hashing;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.neighbors.Bm25NeighborSettings;
import dev.semhash.training.neighbors.Bm25Neighbors;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.NeighborCache;
import dev.semhash.training.neighbors.Neighbors;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;

/**
 * Encodes a corpus with a model that {@linkplain HashModel#readsNeighbourhood() reads each
 * document's neighbourhood} (NbrReg+Doc, thesis eq. 4.7-4.9): every training document with the
 * BM25 neighbours it was trained with, every test document with its k nearest training documents
 * by BM25 ({@link Bm25Neighbors#forTexts}), k and the BM25 settings those the model records under
 * {@value #INFO_KEY}. A test document that shares no term with the training index is its own
 * single neighbour.
 *
 * <p>Each document goes through the network once ({@link HashModel#hidden}); its neighbours'
 * hidden values are then pooled from those, so the cost is one network pass per document plus
 * the searches.
 *
 * <pre class="prettyprint">
 * NeighbourhoodEncoding.Projections p = NeighbourhoodEncoding.project(model, corpus, cache, 2, progress);
 * long[] firstTestCode = model.binarize(p.test()[0]);
 * </pre>
 */
public final class NeighbourhoodEncoding {
  /** The model info key of the neighbour settings ({@link Bm25NeighborSettings#describe()}). */
  public static final String INFO_KEY = "neighbours";

  private NeighbourhoodEncoding() {}

  /** The real-valued outputs of the training and the test documents, rows in corpus order. */
  public record Projections(float[][] train, float[][] test) {}

  /**
   * The neighbour settings the model was trained with.
   *
   * @throws IllegalArgumentException if the model does not record them
   */
  public static Bm25NeighborSettings settings(HashModel model) {
    String line = model.info().get(INFO_KEY);
    if (line == null) {
      throw new IllegalArgumentException(
          "model '" + model.method() + "' reads neighbourhoods but does not record how they were found (no '"
              + INFO_KEY + "' in its info); retrain it with this version");
    }
    return Bm25NeighborSettings.parse(line);
  }

  /**
   * Projects every training and test document of {@code corpus}, each read with its neighbours.
   *
   * @param cache where the training documents' neighbours are kept between runs, or {@code null}
   * @throws IllegalStateException if the model reads documents alone
   */
  public static Projections project(
      HashModel model, Corpus corpus, NeighborCache cache, int threads, ProgressReporter progress)
      throws IOException {
    if (model.readsNeighbourhood() == false) {
      throw new IllegalStateException("model '" + model.method() + "' reads documents alone; use CodeEncoder");
    }
    Bm25NeighborSettings settings = settings(model);
    Neighbors train = CorpusNeighbors.bm25(corpus.index(), settings, cache, threads, progress);
    int[][] test = new Bm25Neighbors(corpus.index(), settings).forTexts(corpus.testTexts(), threads, progress);
    float[][] trainHidden = CodeEncoder.hidden(model, corpus.train(), threads, progress);
    float[][] testHidden = CodeEncoder.hidden(model, corpus.test(), threads, progress);
    return new Projections(
        CodeEncoder.pool(model, trainHidden, trainHidden, lists(train), threads, progress),
        CodeEncoder.pool(model, testHidden, trainHidden, test, threads, progress));
  }

  private static int[][] lists(Neighbors neighbours) {
    int[][] lists = new int[neighbours.size()][];
    for (int d = 0; d < lists.length; d++) {
      lists[d] = neighbours.of(d);
    }
    return lists;
  }
}
