package dev.semhash.training.hashing;

import dev.semhash.model.HashModel;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;

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
    if (vectors.numColumns() != model.vocabulary().size()) {
      throw new IllegalArgumentException(
          "vectors have " + vectors.numColumns() + " columns but the model's vocabulary has "
              + model.vocabulary().size() + " terms; vectorize with the model's settings");
    }
    long[][] codes = new long[vectors.numRows()][];
    try (ProgressReporter.Progress p = progress.start("encoding", vectors.numRows(), "docs")) {
      Parallel.forEachChunk(
          vectors.numRows(),
          256,
          threads,
          p,
          (from, to) -> {
            for (int r = from; r < to; r++) {
              codes[r] = model.encode(vectors.row(r));
            }
          });
    }
    return codes;
  }

  /** The code of every text, analysed and weighted by the model itself. */
  public static long[][] encodeTexts(
      HashModel model, List<String> texts, int threads, ProgressReporter progress)
      throws IOException {
    long[][] codes = new long[texts.size()][];
    try (ProgressReporter.Progress p = progress.start("encoding", texts.size(), "docs")) {
      Parallel.forEachChunk(
          texts.size(),
          256,
          threads,
          p,
          (from, to) -> {
            for (int r = from; r < to; r++) {
              codes[r] = model.encode(texts.get(r));
            }
          });
    }
    return codes;
  }
}
