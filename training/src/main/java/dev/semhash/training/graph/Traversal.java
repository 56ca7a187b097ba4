package dev.semhash.training.graph;

import java.util.ArrayDeque;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How a document's neighbourhood is drawn from the graph: the first {@code m} distinct nodes,
 * other than the start, that a traversal from the document reaches (thesis section 5.2.2.2).
 * Breadth-first favours the nearest nodes, depth-first reaches far along one path, a random walk
 * sits between the two (thesis section 5.4.4).
 */
public enum Traversal {
  /**
   * Breadth-first: every node at distance 1, then distance 2, and so on, until {@code m} nodes.
   * Within a distance, nodes come in the order their parents list them (shuffled when a random
   * source is given).
   */
  BFS("bfs") {
    @Override
    int visit(DocumentGraph graph, int start, int m, SplittableRandom random, int[] out, Marks marks) {
      ArrayDeque<Integer> queue = new ArrayDeque<>();
      queue.add(start);
      int count = 0;
      while (queue.isEmpty() == false && count < m) {
        int[] next = order(graph.neighbors(queue.poll()), random);
        for (int j = 0; j < next.length && count < m; j++) {
          if (marks.visit(next[j])) {
            out[count++] = next[j];
            queue.add(next[j]);
          }
        }
      }
      return count;
    }
  },
  /**
   * Depth-first, in preorder: from each node the first unvisited neighbour in list order
   * (shuffled when a random source is given), backtracking when a node has none, until {@code m}
   * nodes.
   */
  DFS("dfs") {
    @Override
    int visit(DocumentGraph graph, int start, int m, SplittableRandom random, int[] out, Marks marks) {
      ArrayDeque<int[]> stack = new ArrayDeque<>(); // {node, next position in its list}
      ArrayDeque<int[]> lists = new ArrayDeque<>();
      stack.push(new int[] {start, 0});
      lists.push(order(graph.neighbors(start), random));
      int count = 0;
      while (stack.isEmpty() == false && count < m) {
        int[] top = stack.peek();
        int[] list = lists.peek();
        if (top[1] == list.length) {
          stack.pop();
          lists.pop();
          continue;
        }
        int j = list[top[1]++];
        if (marks.visit(j)) {
          out[count++] = j;
          stack.push(new int[] {j, 0});
          lists.push(order(graph.neighbors(j), random));
        }
      }
      return count;
    }
  },
  /**
   * A uniform random walk from the document, each step to a neighbour of the current node drawn
   * uniformly, for at most {@link #WALK_STEPS_PER_NODE}&nbsp;·&nbsp;{@code m} steps (a node in a
   * small component cannot gather {@code m} nodes); needs a random source.
   */
  RANDOM_WALK("walk") {
    @Override
    int visit(DocumentGraph graph, int start, int m, SplittableRandom random, int[] out, Marks marks) {
      if (random == null) {
        throw new IllegalArgumentException("a random walk needs a random source");
      }
      int count = 0;
      int current = start;
      long steps = (long) WALK_STEPS_PER_NODE * m;
      for (long s = 0; s < steps && count < m; s++) {
        int[] next = graph.neighbors(current);
        if (next.length == 0) {
          break;
        }
        current = next[random.nextInt(next.length)];
        if (marks.visit(current)) {
          out[count++] = current;
        }
      }
      return count;
    }
  };

  /** A random walk takes at most this many steps per node it is asked for. */
  public static final int WALK_STEPS_PER_NODE = 10;

  private final String cliName;

  Traversal(String cliName) {
    this.cliName = cliName;
  }

  /** The name used on the command line, such as {@code bfs}. */
  public String cliName() {
    return cliName;
  }

  @Override
  public String toString() {
    return cliName;
  }

  /** Parses a command-line name, listing the choices when it is unknown. */
  public static Traversal parse(String name) {
    for (Traversal t : values()) {
      if (t.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "unknown traversal '" + name + "'; choose one of bfs, dfs, walk");
  }

  /**
   * The first {@code m} distinct nodes other than {@code start} that this traversal reaches, in
   * the order reached; fewer when the start's component is smaller (or the walk runs out of
   * steps).
   *
   * @param random the source of a random walk's steps, or of BFS/DFS's neighbour order; {@code
   *     null} makes BFS and DFS follow the lists' order
   */
  public int[] neighborhood(DocumentGraph graph, int start, int m, SplittableRandom random) {
    if (m < 1) {
      throw new IllegalArgumentException("neighbourhood size must be at least 1, got " + m);
    }
    int[] out = new int[m];
    Marks marks = new Marks(graph.size());
    marks.visit(start);
    int count = visit(graph, start, m, random, out, marks);
    return java.util.Arrays.copyOf(out, count);
  }

  abstract int visit(
      DocumentGraph graph, int start, int m, SplittableRandom random, int[] out, Marks marks);

  private static int[] order(int[] list, SplittableRandom random) {
    if (random == null || list.length < 2) {
      return list;
    }
    int[] copy = list.clone();
    for (int i = copy.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = copy[i];
      copy[i] = copy[j];
      copy[j] = t;
    }
    return copy;
  }

  /** Visited nodes, as a sparse set (only touched nodes cost anything beyond the array). */
  static final class Marks {
    private final java.util.BitSet seen;

    Marks(int n) {
      seen = new java.util.BitSet(n);
    }

    /** Marks {@code node}; true if it was not marked before. */
    boolean visit(int node) {
      if (seen.get(node)) {
        return false;
      }
      seen.set(node);
      return true;
    }
  }
}
