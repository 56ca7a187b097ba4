package dev.semhash.training.neighbors;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;

/**
 * The neighbours of every document of a corpus, by ordinal: for document {@code i}, {@link
 * #of(int) of(i)} lists other documents' ordinals best first and {@link #scoresOf(int)
 * scoresOf(i)} their scores (higher is closer; equal scores in increasing ordinal order). A list
 * never holds the document itself or an ordinal twice, and may be shorter than the requested
 * {@code k} (even empty) when fewer documents match at all, for instance a document with no
 * vocabulary term; {@link #minCount()} tells whether that happened. Immutable.
 *
 * <pre class="prettyprint">
 * Neighbors nn = CorpusNeighbors.bm25(index, Bm25NeighborSettings.DEFAULT, cache, 2, progress);
 * for (int j : nn.of(42)) { ... }
 * Neighbors graph = nn.symmetrized(); // undirected, for graph sampling
 * </pre>
 */
public final class Neighbors {
  private final int[][] ords;
  private final float[][] scores;

  /**
   * @param ords per document the neighbour ordinals, best first (kept, not copied)
   * @param scores per document the neighbour scores, same shapes (kept, not copied)
   * @throws IllegalArgumentException if shapes differ, an ordinal is out of range, a document is
   *     its own neighbour or has a neighbour twice, or a score is not finite
   */
  public Neighbors(int[][] ords, float[][] scores) {
    if (ords.length != scores.length) {
      throw new IllegalArgumentException(
          ords.length + " neighbour lists but " + scores.length + " score lists");
    }
    for (int i = 0; i < ords.length; i++) {
      if (ords[i].length != scores[i].length) {
        throw new IllegalArgumentException(
            "document " + i + " has " + ords[i].length + " neighbours but " + scores[i].length
                + " scores");
      }
      int[] sorted = ords[i].clone();
      Arrays.sort(sorted);
      for (int j = 0; j < sorted.length; j++) {
        int o = sorted[j];
        if (o < 0 || o >= ords.length || o == i || (j > 0 && sorted[j - 1] == o)) {
          throw new IllegalArgumentException(
              "document " + i + " has an invalid neighbour list " + Arrays.toString(ords[i])
                  + " (ordinals must be distinct, in [0, " + ords.length + ") and not " + i + ")");
        }
      }
      for (float s : scores[i]) {
        if (Float.isFinite(s) == false) {
          throw new IllegalArgumentException("document " + i + " has a neighbour score " + s);
        }
      }
    }
    this.ords = ords;
    this.scores = scores;
  }

  /** Number of documents. */
  public int size() {
    return ords.length;
  }

  /** Neighbour ordinals of {@code ord}, best first; shared, do not modify. */
  public int[] of(int ord) {
    return ords[ord];
  }

  /** Scores of {@link #of(int) of(ord)}; shared, do not modify. */
  public float[] scoresOf(int ord) {
    return scores[ord];
  }

  /** The fewest neighbours any document has. */
  public int minCount() {
    return Arrays.stream(ords).mapToInt(a -> a.length).min().orElse(0);
  }

  /** The most neighbours any document has. */
  public int maxCount() {
    return Arrays.stream(ords).mapToInt(a -> a.length).max().orElse(0);
  }

  /** Total number of (document, neighbour) pairs. */
  public long pairs() {
    return Arrays.stream(ords).mapToLong(a -> a.length).sum();
  }

  /**
   * The undirected version: {@code j} is a neighbour of {@code i} if either lists the other. A
   * pair's score is the larger of its directed scores. Lists are ordered best first, ties by
   * ordinal, and vary in length.
   */
  public Neighbors symmetrized() {
    int n = ords.length;
    int[] degree = new int[n];
    for (int i = 0; i < n; i++) {
      degree[i] += ords[i].length;
      for (int j : ords[i]) {
        degree[j]++;
      }
    }
    int[][] candOrds = new int[n][];
    float[][] candScores = new float[n][];
    for (int i = 0; i < n; i++) {
      candOrds[i] = new int[degree[i]];
      candScores[i] = new float[degree[i]];
    }
    int[] fill = new int[n];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < ords[i].length; p++) {
        int j = ords[i][p];
        float s = scores[i][p];
        candOrds[i][fill[i]] = j;
        candScores[i][fill[i]++] = s;
        candOrds[j][fill[j]] = i;
        candScores[j][fill[j]++] = s;
      }
    }
    int[][] outOrds = new int[n][];
    float[][] outScores = new float[n][];
    for (int i = 0; i < n; i++) {
      // Merge duplicates (a pair listed in both directions) keeping the larger score.
      long[] packed = new long[degree[i]];
      for (int p = 0; p < degree[i]; p++) {
        packed[p] = ((long) candOrds[i][p] << 32) | (Float.floatToIntBits(candScores[i][p]) & 0xFFFFFFFFL);
      }
      Arrays.sort(packed);
      int[] uOrds = new int[degree[i]];
      float[] uScores = new float[degree[i]];
      int u = 0;
      for (long v : packed) {
        int j = (int) (v >>> 32);
        float s = Float.intBitsToFloat((int) v);
        if (u > 0 && uOrds[u - 1] == j) {
          uScores[u - 1] = Math.max(uScores[u - 1], s);
        } else {
          uOrds[u] = j;
          uScores[u++] = s;
        }
      }
      Integer[] order = new Integer[u];
      for (int p = 0; p < u; p++) {
        order[p] = p;
      }
      Arrays.sort(
          order,
          (a, b) -> {
            int c = Float.compare(uScores[b], uScores[a]);
            return c != 0 ? c : Integer.compare(uOrds[a], uOrds[b]);
          });
      outOrds[i] = new int[u];
      outScores[i] = new float[u];
      for (int p = 0; p < u; p++) {
        outOrds[i][p] = uOrds[order[p]];
        outScores[i][p] = uScores[order[p]];
      }
    }
    return new Neighbors(outOrds, outScores);
  }

  /**
   * The share of (document, neighbour) pairs that have at least one label in common: a quick check
   * of neighbourhood quality (chance is about 1/#labels for balanced single-label data).
   *
   * @param labels sorted label ids per document, as {@code Corpus.trainLabels()}
   */
  public double sharedLabelRate(int[][] labels) {
    if (labels.length != ords.length) {
      throw new IllegalArgumentException(
          labels.length + " label lists for " + ords.length + " documents");
    }
    long shared = 0;
    long total = 0;
    for (int i = 0; i < ords.length; i++) {
      for (int j : ords[i]) {
        total++;
        if (intersects(labels[i], labels[j])) {
          shared++;
        }
      }
    }
    return total == 0 ? 0 : (double) shared / total;
  }

  private static boolean intersects(int[] a, int[] b) {
    int i = 0;
    int j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) {
        return true;
      } else if (a[i] < b[j]) {
        i++;
      } else {
        j++;
      }
    }
    return false;
  }

  /**
   * Writes the lists: vint documents, then per document a vint count and per neighbour its
   * ordinal as a vint and its score's float bits as an int.
   */
  public void write(DataOutput out) throws IOException {
    out.writeVInt(ords.length);
    for (int i = 0; i < ords.length; i++) {
      out.writeVInt(ords[i].length);
      for (int p = 0; p < ords[i].length; p++) {
        out.writeVInt(ords[i][p]);
        out.writeInt(Float.floatToIntBits(scores[i][p]));
      }
    }
  }

  /**
   * Reads lists written by {@link #write}.
   *
   * @throws IOException if the data is not a valid neighbour structure
   */
  public static Neighbors read(DataInput in) throws IOException {
    int n = in.readVInt();
    if (n < 0) {
      throw new IOException("corrupt neighbour lists: " + n + " documents");
    }
    int[][] ords = new int[n][];
    float[][] scores = new float[n][];
    for (int i = 0; i < n; i++) {
      int count = in.readVInt();
      if (count < 0 || count >= Math.max(1, n)) {
        throw new IOException("corrupt neighbour lists: document " + i + " has " + count + " neighbours");
      }
      ords[i] = new int[count];
      scores[i] = new float[count];
      for (int p = 0; p < count; p++) {
        ords[i][p] = in.readVInt();
        scores[i][p] = Float.intBitsToFloat(in.readInt());
      }
    }
    try {
      return new Neighbors(ords, scores);
    } catch (IllegalArgumentException e) {
      throw new IOException("corrupt neighbour lists: " + e.getMessage(), e);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Neighbors other
        && Arrays.deepEquals(ords, other.ords)
        && Arrays.deepEquals(scores, other.scores);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(ords);
  }

  @Override
  public String toString() {
    return "Neighbors(" + ords.length + " docs, " + minCount() + ".." + maxCount() + " each)";
  }
}
