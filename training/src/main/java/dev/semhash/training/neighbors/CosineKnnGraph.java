package dev.semhash.training.neighbors;

import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.ProgressReporter.Progress;
import java.io.IOException;

/**
 * The exact k-nearest-neighbour graph of a corpus by the dot product of its rows, which is the
 * cosine when the rows have unit length (node2hash's implicit graph over TF-IDF vectors, thesis
 * section 5.3.2).
 *
 * <p>Computed as the sparse product X&nbsp;X<sup>T</sup> one row at a time through an inverted
 * index (the transpose): row {@code i}'s scores are accumulated over the documents of each of its
 * terms, so the work is the number of (term, co-occurring document) pairs rather than n&sup2;
 * dot products. Accumulation is in double precision, in increasing term order, so each score is
 * bit-for-bit {@link dev.semhash.text.SparseVector#dot(dev.semhash.text.SparseVector)} of the two
 * rows. Candidates are the other rows sharing at least one term; the best {@code k} are kept,
 * higher score first, ties by lower ordinal. A row that shares no term with any other row (for
 * instance an empty row) has no neighbour.
 *
 * <pre class="prettyprint">
 * Neighbors graph = CosineKnnGraph.compute(tfidf.normalizeRows(), 20, 2, progress).symmetrized();
 * </pre>
 */
public final class CosineKnnGraph {
  private static final int CHUNK = 128;

  private CosineKnnGraph() {}

  /**
   * The {@code k} nearest rows of every row of {@code rows} by dot product.
   *
   * @param rows one row per document; normalise them ({@link SparseMatrix#normalizeRows()}) for
   *     cosine
   * @param k neighbours per row, at least 1
   */
  public static Neighbors compute(SparseMatrix rows, int k, int threads, ProgressReporter progress)
      throws IOException {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    int n = rows.numRows();
    SparseMatrix byTerm = rows.transpose();
    int[] rowCols = rows.columns();
    float[] rowVals = rows.values();
    int[] termDocs = byTerm.columns();
    float[] termVals = byTerm.values();
    int[][] ords = new int[n][];
    float[][] scores = new float[n][];
    try (Progress p = progress.start("cosine kNN graph", n, "docs")) {
      Parallel.forEachChunk(
          n,
          CHUNK,
          threads,
          p,
          (from, to) -> {
            double[] acc = new double[n];
            int[] stamp = new int[n];
            int[] touched = new int[n];
            TopK top = new TopK(k);
            int[] outOrds = new int[k];
            float[] outScores = new float[k];
            for (int i = from; i < to; i++) {
              int mark = i + 1;
              int count = 0;
              for (int a = rows.rowStart(i); a < rows.rowEnd(i); a++) {
                int term = rowCols[a];
                float w = rowVals[a];
                for (int b = byTerm.rowStart(term); b < byTerm.rowEnd(term); b++) {
                  int j = termDocs[b];
                  if (stamp[j] != mark) {
                    stamp[j] = mark;
                    acc[j] = 0;
                    touched[count++] = j;
                  }
                  acc[j] += (double) w * termVals[b];
                }
              }
              top.clear();
              for (int t = 0; t < count; t++) {
                int j = touched[t];
                if (j != i) {
                  top.offer(j, acc[j]);
                }
              }
              int c = top.drainBestFirst(outOrds, outScores);
              ords[i] = java.util.Arrays.copyOf(outOrds, c);
              scores[i] = java.util.Arrays.copyOf(outScores, c);
            }
          });
    }
    return new Neighbors(ords, scores);
  }
}
