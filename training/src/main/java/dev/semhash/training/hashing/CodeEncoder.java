package dev.semhash.training.hashing;

import dev.semhash.model.HashModel;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** Encodes many documents with a {@link HashModel} on several threads. */
public final class CodeEncoder {
  private CodeEncoder() {}

  /**
   * The code of every row of {@code vectors}, which must come from the model's own vectorizer
   * settings (as a corpus built with the model's settings does).
   */
  public static long[][] encode(
      HashModel model, SparseMatrix vectors, int threads, ProgressReporter progress)
      throws IOException {
    checkColumns(model, vectors);
    return eachRow(new long[vectors.numRows()][], "encoding", threads, progress,
        r -> model.encode(vectors.row(r)));
  }

  /** The code of every text, analysed and weighted by the model itself. */
  public static long[][] encodeTexts(
      HashModel model, List<String> texts, int threads, ProgressReporter progress)
      throws IOException {
    return eachRow(new long[texts.size()][], "encoding", threads, progress,
        r -> model.encode(texts.get(r)));
  }

  /**
   * The encoder's real-valued output for every row of {@code vectors}, before binarisation ({@link
   * HashModel#project}); the rows must come from the model's own vectorizer settings.
   */
  public static float[][] project(
      HashModel model, SparseMatrix vectors, int threads, ProgressReporter progress)
      throws IOException {
    checkColumns(model, vectors);
    return eachRow(new float[vectors.numRows()][], "projecting", threads, progress,
        r -> model.project(vectors.row(r)));
  }

  /** The encoder's real-valued output for every text, analysed and weighted by the model itself. */
  public static float[][] projectTexts(
      HashModel model, List<String> texts, int threads, ProgressReporter progress)
      throws IOException {
    return eachRow(new float[texts.size()][], "projecting", threads, progress,
        r -> model.project(model.vectorizer().vectorize(texts.get(r))));
  }

  /** {@link HashModel#hidden} of every row of {@code vectors} (the model's own vectorizer settings). */
  public static float[][] hidden(HashModel model, SparseMatrix vectors, int threads, ProgressReporter progress)
      throws IOException {
    checkColumns(model, vectors);
    return eachRow(new float[vectors.numRows()][], "hidden layers", threads, progress,
        r -> model.hidden(vectors.row(r)));
  }

  /**
   * The output of a model that reads neighbourhoods for every document: {@link HashModel#pool} of
   * {@code own[r]} with the rows of {@code candidates} listed in {@code neighbours[r]} (an empty
   * list: the document is its own neighbour, as {@link HashModel#pool} reads it).
   *
   * @param own {@link HashModel#hidden} of the documents
   * @param candidates {@link HashModel#hidden} of the documents the lists point into
   */
  public static float[][] pool(
      HashModel model, float[][] own, float[][] candidates, int[][] neighbours, int threads, ProgressReporter progress)
      throws IOException {
    if (own.length != neighbours.length) {
      throw new IllegalArgumentException(
          own.length + " documents but " + neighbours.length + " neighbour lists; give one list per document");
    }
    return eachRow(new float[own.length][], "pooling neighbourhoods", threads, progress, r -> {
      int[] nn = neighbours[r];
      List<float[]> hidden = new ArrayList<>(nn.length);
      for (int n : nn) {
        hidden.add(candidates[n]);
      }
      return model.pool(own[r], hidden);
    });
  }

  private static void checkColumns(HashModel model, SparseMatrix vectors) {
    if (vectors.numColumns() != model.vocabulary().size()) {
      throw new IllegalArgumentException(
          "vectors have " + vectors.numColumns() + " columns but the model's vocabulary has "
              + model.vocabulary().size() + " terms; vectorize with the model's settings");
    }
  }

  /** Fills {@code out[r] = row.apply(r)} for every r, in chunks on {@code threads} threads. */
  private static <T> T[] eachRow(
      T[] out, String what, int threads, ProgressReporter progress, IntFunction<T> row)
      throws IOException {
    try (ProgressReporter.Progress p = progress.start(what, out.length, "docs")) {
      Parallel.forEachChunk(
          out.length,
          256,
          threads,
          p,
          (from, to) -> {
            for (int r = from; r < to; r++) {
              out[r] = row.apply(r);
            }
          });
    }
    return out;
  }
}
