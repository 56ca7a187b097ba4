package dev.semhash.training.corpus;

import dev.semhash.training.concurrent.Parallel;

import dev.semhash.text.SparseVector;
import dev.semhash.text.TextVectorizer;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.ProgressReporter.Progress;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * Builds a corpus's document-by-term {@link SparseMatrix} with a {@link TextVectorizer}, in one of
 * two ways that give identical rows for the same text:
 *
 * <ul>
 *   <li>{@link #fromIndex}: training documents, from their term vectors in the {@link
 *       CorpusIndex} (no re-analysis), with the document length the sum of all its term counts;
 *   <li>{@link #fromTexts}: any other text (test documents, queries), analysed with the
 *       vectorizer's own analysis chain.
 * </ul>
 *
 * A document without any vocabulary term gets an empty row; {@link SparseMatrix#emptyRows()}
 * counts them. Trainers must accept empty rows (an all-zero input).
 *
 * <pre class="prettyprint">
 * SparseMatrix train = CorpusVectors.fromIndex(index, vectorizer, 2, ProgressReporter.NONE);
 * SparseMatrix test = CorpusVectors.fromTexts(testTexts, vectorizer, 2, ProgressReporter.NONE);
 * </pre>
 */
public final class CorpusVectors {
  private static final int CHUNK = 256;

  private CorpusVectors() {}

  /** One row per training document, by ordinal, from the index's term vectors. */
  public static SparseMatrix fromIndex(
      CorpusIndex index, TextVectorizer vectorizer, int threads, ProgressReporter progress)
      throws IOException {
    SparseVector[] rows = new SparseVector[index.size()];
    try (Progress p = progress.start("vectorizing training documents", rows.length, "docs")) {
      Parallel.forEachChunk(
          rows.length,
          CHUNK,
          threads,
          p,
          (from, to) -> {
            CorpusIndex.TermCountReader reader = index.newTermCountReader();
            for (int ord = from; ord < to; ord++) {
              CorpusIndex.TermCounts counts = reader.read(ord);
              rows[ord] = vectorizer.vectorize(counts.asMap(), counts.length());
            }
          });
    }
    return SparseMatrix.ofRows(Arrays.asList(rows), vectorizer.vocabulary().size());
  }

  /** One row per text, in order, analysed with the vectorizer's analysis chain. */
  public static SparseMatrix fromTexts(
      List<String> texts, TextVectorizer vectorizer, int threads, ProgressReporter progress)
      throws IOException {
    SparseVector[] rows = new SparseVector[texts.size()];
    try (Progress p = progress.start("vectorizing texts", rows.length, "docs")) {
      Parallel.forEachChunk(
          rows.length,
          CHUNK,
          threads,
          p,
          (from, to) -> {
            for (int i = from; i < to; i++) {
              rows[i] = vectorizer.vectorize(texts.get(i));
            }
          });
    }
    return SparseMatrix.ofRows(Arrays.asList(rows), vectorizer.vocabulary().size());
  }
}
