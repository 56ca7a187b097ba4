package dev.semhash.training.hashing.sth;

import dev.semhash.training.neighbors.Neighbors;
import java.util.Arrays;

/**
 * The normalised adjacency {@code S = D^-1/2 W D^-1/2} of an undirected document graph, where
 * {@code W} holds the edge weights and {@code D} the degrees (row sums of {@code W}). Its largest
 * eigenvectors are the smallest eigenvectors of the normalised Laplacian {@code I - S}, which is
 * the spectral problem of Laplacian eigenmaps and of STH; {@code y = D^-1/2 v} turns them into
 * solutions of the generalised problem {@code L y = lambda D y} ({@link #unnormalize}).
 *
 * <p><b>Trivial eigenvector.</b> {@code D^1/2 1} has eigenvalue 1; unnormalised it is constant over
 * all documents and tells nothing about them, so {@link #deflate} projects it out (STH and
 * Laplacian eigenmaps drop it likewise). When the graph has several connected components,
 * eigenvalue 1 is repeated: the remaining vectors of its eigenspace are constant on each component
 * but differ between components, so they separate the components and are kept, as their first bits.
 * Tiny components (a pair of duplicate posts) spend bits that way; a larger {@code k} makes them
 * rare.
 *
 * <p><b>Isolated documents</b> (no edge of positive weight, for instance a document with no
 * vocabulary term) have a zero row; they are deflated too, so every returned eigenvector is zero on
 * them. Callers should give such documents no spectral target ({@link #isolated(int)}).
 *
 * <pre class="prettyprint">
 * NormalizedAdjacency s = NormalizedAdjacency.of(graph.symmetrized(), EdgeWeighting.COSINE);
 * EigenPairs top = new TopEigenSolver(1e-6, 42L).solve(s, 32, ProgressReporter.NONE);
 * double[] y = s.unnormalize(top.vectors()[0]);
 * </pre>
 */
public final class NormalizedAdjacency implements SymmetricOperator {
  private final int[] rowStart;
  private final int[] cols;
  private final double[] vals;
  private final double[] degree;
  private final int[] component; // component id per node, -1 for isolated nodes
  private final double totalDegree; // the sum of all degrees
  private final int components;
  private final int isolatedCount;

  private NormalizedAdjacency(int[] rowStart, int[] cols, double[] vals, double[] degree) {
    this.rowStart = rowStart;
    this.cols = cols;
    this.vals = vals;
    this.degree = degree;
    int n = degree.length;
    this.component = new int[n];
    Arrays.fill(component, -2);
    int c = 0;
    int iso = 0;
    int[] stack = new int[n];
    for (int start = 0; start < n; start++) {
      if (component[start] != -2) {
        continue;
      }
      if (degree[start] == 0) {
        component[start] = -1;
        iso++;
        continue;
      }
      int top = 0;
      stack[top++] = start;
      component[start] = c;
      while (top > 0) {
        int i = stack[--top];
        for (int e = rowStart[i]; e < rowStart[i + 1]; e++) {
          int j = cols[e];
          if (component[j] == -2) {
            component[j] = c;
            stack[top++] = j;
          }
        }
      }
      c++;
    }
    this.components = c;
    this.isolatedCount = iso;
    double total = 0;
    for (double d : degree) {
      total += d;
    }
    this.totalDegree = total;
  }

  /**
   * The normalised adjacency of {@code graph}, which must be undirected: {@code j} lists {@code i}
   * with the same score whenever {@code i} lists {@code j} (as {@link Neighbors#symmetrized()}
   * guarantees). Edges whose weight is zero are dropped.
   *
   * @throws IllegalArgumentException if the graph is empty, directed, or has a negative weight
   */
  public static NormalizedAdjacency of(Neighbors graph, EdgeWeighting weighting) {
    int n = graph.size();
    if (n == 0) {
      throw new IllegalArgumentException("the graph has no node; STH needs training documents");
    }
    int[] rowStart = new int[n + 1];
    for (int i = 0; i < n; i++) {
      rowStart[i + 1] = rowStart[i] + graph.of(i).length;
    }
    int[] cols = new int[rowStart[n]];
    double[] w = new double[rowStart[n]];
    int e = 0;
    for (int i = 0; i < n; i++) {
      int[] ords = graph.of(i);
      float[] scores = graph.scoresOf(i);
      int[] order = sortedPositions(ords);
      for (int p : order) {
        double weight = weighting.weight(scores[p]);
        if (weight < 0) {
          throw new IllegalArgumentException(
              "edge "
                  + i
                  + " - "
                  + ords[p]
                  + " has negative weight "
                  + weight
                  + "; affinities must be non-negative (use binary weights for such scores)");
        }
        if (weight > 0) {
          cols[e] = ords[p];
          w[e++] = weight;
        }
      }
      rowStart[i + 1] = e;
    }
    cols = Arrays.copyOf(cols, e);
    w = Arrays.copyOf(w, e);
    for (int i = 0; i < n; i++) {
      for (int a = rowStart[i]; a < rowStart[i + 1]; a++) {
        int j = cols[a];
        int b = Arrays.binarySearch(cols, rowStart[j], rowStart[j + 1], i);
        if (b < 0 || w[b] != w[a]) {
          throw new IllegalArgumentException(
              "the graph is directed: document "
                  + i
                  + " lists "
                  + j
                  + " but not the other way round"
                  + " with the same score; pass Neighbors.symmetrized()");
        }
      }
    }
    double[] degree = new double[n];
    for (int i = 0; i < n; i++) {
      for (int a = rowStart[i]; a < rowStart[i + 1]; a++) {
        degree[i] += w[a];
      }
    }
    double[] s = new double[e];
    for (int i = 0; i < n; i++) {
      for (int a = rowStart[i]; a < rowStart[i + 1]; a++) {
        s[a] = w[a] / Math.sqrt(degree[i] * degree[cols[a]]);
      }
    }
    return new NormalizedAdjacency(rowStart, cols, s, degree);
  }

  private static int[] sortedPositions(int[] ords) {
    Integer[] boxed = new Integer[ords.length];
    for (int p = 0; p < ords.length; p++) {
      boxed[p] = p;
    }
    Arrays.sort(boxed, (x, y) -> Integer.compare(ords[x], ords[y]));
    int[] out = new int[ords.length];
    for (int p = 0; p < ords.length; p++) {
      out[p] = boxed[p];
    }
    return out;
  }

  @Override
  public int size() {
    return degree.length;
  }

  @Override
  public void multiply(double[] x, double[] y) {
    for (int i = 0; i < degree.length; i++) {
      double s = 0;
      for (int a = rowStart[i]; a < rowStart[i + 1]; a++) {
        s += vals[a] * x[cols[a]];
      }
      y[i] = s;
    }
  }

  /** Projects out the trivial eigenvector {@code D^1/2 1} and zeroes isolated documents. */
  @Override
  public void deflate(double[] x) {
    if (totalDegree == 0) {
      java.util.Arrays.fill(x, 0);
      return;
    }
    double dot = 0;
    for (int i = 0; i < x.length; i++) {
      dot += Math.sqrt(degree[i]) * x[i];
    }
    double f = dot / totalDegree;
    for (int i = 0; i < x.length; i++) {
      x[i] = degree[i] == 0 ? 0 : x[i] - f * Math.sqrt(degree[i]);
    }
  }

  /** The trivial eigenvector plus one dimension per isolated document. */
  @Override
  public int deflatedDimension() {
    return (totalDegree > 0 ? 1 : 0) + isolatedCount;
  }

  /** Connected components with at least one edge. */
  public int components() {
    return components;
  }

  /** Number of documents without any edge. */
  public int isolatedCount() {
    return isolatedCount;
  }

  /** Whether document {@code i} has no edge. */
  public boolean isolated(int i) {
    return component[i] == -1;
  }

  /** The degree of document {@code i}: the sum of its edge weights. */
  public double degree(int i) {
    return degree[i];
  }

  /** Number of stored (directed) entries, twice the number of edges. */
  public int entries() {
    return cols.length;
  }

  /**
   * {@code D^-1/2 v}: an eigenvector of {@code S} as a solution of the generalised problem {@code L
   * y = lambda D y} (zero on isolated documents).
   */
  public double[] unnormalize(double[] v) {
    double[] y = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      y[i] = degree[i] == 0 ? 0 : v[i] / Math.sqrt(degree[i]);
    }
    return y;
  }
}
