package dev.semhash.training.hashing.nbrreg;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.neighbors.Neighbors;
import java.util.Arrays;

/**
 * NbrReg's neighbourhood targets (thesis 4.2.3): for each document, every word that occurs in at
 * least one of its neighbours, once. Counting each word once keeps a word that many off-topic
 * neighbours share from outweighing the rest (the thesis's reason, at the cost of undercounting
 * good words too).
 *
 * <pre class="prettyprint">
 * SparseMatrix targets = NeighbourhoodWords.of(counts, neighbours);
 * </pre>
 */
public final class NeighbourhoodWords {
  private NeighbourhoodWords() {}

  /**
   * The union of the neighbours' words, each with value 1.
   *
   * @param words one row per document (any non-zero value marks a word)
   * @param neighbours each document's neighbours, as rows of {@code words}
   */
  public static SparseMatrix of(SparseMatrix words, Neighbors neighbours) {
    if (neighbours.size() != words.numRows()) {
      throw new IllegalArgumentException(
          "neighbours of " + neighbours.size() + " documents for " + words.numRows() + " word rows");
    }
    int[] cols = words.columns();
    float[] vals = words.values();
    int[] mark = new int[words.numColumns()];
    Arrays.fill(mark, -1);
    int[] found = new int[words.numColumns()];
    SparseMatrix.Builder out = new SparseMatrix.Builder(words.numColumns());
    for (int d = 0; d < neighbours.size(); d++) {
      int size = 0;
      for (int n : neighbours.of(d)) {
        for (int i = words.rowStart(n); i < words.rowEnd(n); i++) {
          if (vals[i] != 0 && mark[cols[i]] != d) {
            mark[cols[i]] = d;
            found[size++] = cols[i];
          }
        }
      }
      int[] terms = Arrays.copyOf(found, size);
      Arrays.sort(terms);
      float[] ones = new float[size];
      Arrays.fill(ones, 1f);
      out.addRow(new SparseVector(terms, ones));
    }
    return out.build();
  }
}
