package dev.semhash.training.rerank;

import dev.semhash.training.data.Document;
import dev.semhash.training.data.Edge;
import dev.semhash.training.eval.ScoredRankingEvaluator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A document-ranking task of EVALUATION.md section 2, where a whole document is the query and a
 * whole collection is ranked:
 *
 * <ul>
 *   <li>{@link #docDoc} (2b, 20 Newsgroups): each test document is a query; the training documents
 *       are ranked, and those sharing a label with the query are relevant.
 *   <li>{@link #links} (2c, CiteSeer): the citation edges, taken as undirected and without
 *       duplicates or self-links, are shuffled with a seed and split 70/30; each document with a
 *       held-out edge is a query ranking every other document, its held-out neighbours relevant.
 *       Its training neighbours are left out of its ranking (they are known links, neither to be
 *       found again nor to count against the model), and so is the query itself.
 * </ul>
 *
 * The candidates are the ranked documents; a trainer sees the candidates only, and the training
 * relevance between them (their labels, or {@link #trainingLinks}; see {@link DocumentPairs}).
 *
 * <pre class="prettyprint">
 * DocumentTask task = DocumentTask.links(docs, edges, 0.7, 42L);
 * ScoredRankingEvaluator evaluator = task.evaluator();
 * </pre>
 */
public final class DocumentTask {
  /** Which task. */
  public enum Kind {
    DOC_DOC("doc-doc"),
    LINKS("links");

    private final String cliName;

    Kind(String cliName) {
      this.cliName = cliName;
    }

    public String cliName() {
      return cliName;
    }
  }

  private final Kind kind;
  private final List<Document> candidates;
  private final List<Document> queries;
  private final int[][] relevant;
  private final int[][] excluded;
  private final int[][] trainingLinks;
  private final int trainEdges;
  private final int testEdges;
  private final long seed;

  private DocumentTask(
      Kind kind, List<Document> candidates, List<Document> queries, int[][] relevant, int[][] excluded,
      int[][] trainingLinks, int trainEdges, int testEdges, long seed) {
    this.kind = kind;
    this.candidates = candidates;
    this.queries = queries;
    this.relevant = relevant;
    this.excluded = excluded;
    this.trainingLinks = trainingLinks;
    this.trainEdges = trainEdges;
    this.testEdges = testEdges;
    this.seed = seed;
  }

  /**
   * The document-document task: test documents rank training documents by shared label.
   *
   * @throws IllegalArgumentException if there is no training or no test document, or a document
   *     has no label
   */
  public static DocumentTask docDoc(List<Document> docs) {
    List<Document> train = docs.stream().filter(Document::isTrain).toList();
    List<Document> test = docs.stream().filter(Document::isTest).toList();
    if (train.isEmpty() || test.isEmpty()) {
      throw new IllegalArgumentException(
          "the doc-doc task needs documents of split \"train\" (ranked) and \"test\" (queries), found "
              + train.size() + " and " + test.size() + "; use a labelled dataset such as ../shared/datasets/20newsgroups");
    }
    for (Document d : docs) {
      if (d.labels().isEmpty() && (d.isTrain() || d.isTest())) {
        throw new IllegalArgumentException(
            "document " + d.id() + " has no label; the doc-doc task judges relevance by shared labels");
      }
    }
    int[][] relevant = ScoredRankingEvaluator.relevantBySharedLabel(
        test.stream().map(Document::labels).toList(), train.stream().map(Document::labels).toList());
    return new DocumentTask(Kind.DOC_DOC, train, test, relevant, null, null, 0, 0, 0);
  }

  /**
   * The link-prediction task on every document of {@code docs}.
   *
   * @param trainFraction share of the edges kept for training, in (0, 1)
   * @param seed seed of the edge split
   * @throws IllegalArgumentException if an edge names an unknown document, there are fewer than
   *     two distinct edges, or the fraction is out of range
   */
  public static DocumentTask links(List<Document> docs, List<Edge> edges, double trainFraction, long seed) {
    if (!(trainFraction > 0 && trainFraction < 1)) {
      throw new IllegalArgumentException("training share of the edges must be in (0, 1), got " + trainFraction);
    }
    Map<String, Integer> ordinal = new HashMap<>();
    for (int i = 0; i < docs.size(); i++) {
      ordinal.put(docs.get(i).id(), i);
    }
    long[] undirected = undirectedEdges(edges, ordinal);
    if (undirected.length < 2) {
      throw new IllegalArgumentException(
          "the links task needs at least 2 distinct links between documents, found " + undirected.length
              + "; use a dataset with edges.tsv.gz such as ../shared/datasets/citeseer");
    }
    shuffle(undirected, new Random(seed));
    int numTrain = (int) Math.round(undirected.length * trainFraction);
    numTrain = Math.max(1, Math.min(undirected.length - 1, numTrain));
    int n = docs.size();
    int[][] train = adjacency(n, Arrays.copyOfRange(undirected, 0, numTrain));
    int[][] test = adjacency(n, Arrays.copyOfRange(undirected, numTrain, undirected.length));
    List<Document> queries = new ArrayList<>();
    List<int[]> relevant = new ArrayList<>();
    List<int[]> excluded = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      if (test[d].length > 0) {
        queries.add(docs.get(d));
        relevant.add(test[d]);
        excluded.add(withSelf(train[d], d));
      }
    }
    return new DocumentTask(
        Kind.LINKS, List.copyOf(docs), queries, relevant.toArray(int[][]::new), excluded.toArray(int[][]::new), train,
        numTrain, undirected.length - numTrain, seed);
  }

  /**
   * Every link of {@code edges} between {@code docs}, undirected: each document's linked documents
   * (sorted ordinals).
   *
   * @throws IllegalArgumentException if an edge names an unknown document
   */
  public static int[][] linkAdjacency(List<Document> docs, List<Edge> edges) {
    Map<String, Integer> ordinal = new HashMap<>();
    for (int i = 0; i < docs.size(); i++) {
      ordinal.put(docs.get(i).id(), i);
    }
    return adjacency(docs.size(), undirectedEdges(edges, ordinal));
  }

  /** Each link once, as {@code min << 32 | max} of the two ordinals, sorted; self-links dropped. */
  static long[] undirectedEdges(List<Edge> edges, Map<String, Integer> ordinal) {
    Set<Long> seen = new HashSet<>();
    for (Edge e : edges) {
      Integer a = ordinal.get(e.source());
      Integer b = ordinal.get(e.target());
      if (a == null || b == null) {
        throw new IllegalArgumentException(
            "edge " + e.source() + " -> " + e.target() + " names a document that is not in the dataset");
      }
      if (a.intValue() != b.intValue()) {
        seen.add(((long) Math.min(a, b) << 32) | Math.max(a, b));
      }
    }
    long[] all = seen.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(all); // a fixed order before the seeded shuffle
    return all;
  }

  static void shuffle(long[] a, Random random) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      long t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** Sorted neighbour lists of {@code n} documents from undirected packed edges. */
  static int[][] adjacency(int n, long[] packed) {
    int[] degree = new int[n];
    for (long e : packed) {
      degree[(int) (e >>> 32)]++;
      degree[(int) e]++;
    }
    int[][] adj = new int[n][];
    for (int i = 0; i < n; i++) {
      adj[i] = new int[degree[i]];
    }
    int[] fill = new int[n];
    for (long e : packed) {
      int a = (int) (e >>> 32);
      int b = (int) e;
      adj[a][fill[a]++] = b;
      adj[b][fill[b]++] = a;
    }
    for (int[] a : adj) {
      Arrays.sort(a);
    }
    return adj;
  }

  static int[] withSelf(int[] sorted, int self) {
    int[] out = Arrays.copyOf(sorted, sorted.length + 1);
    out[sorted.length] = self;
    Arrays.sort(out);
    return out;
  }

  public Kind kind() {
    return kind;
  }

  /** The ranked documents (by ordinal). */
  public List<Document> candidates() {
    return candidates;
  }

  /** The query documents. */
  public List<Document> queries() {
    return queries;
  }

  /** Relevant candidate ordinals of each query. */
  public int[][] relevant() {
    return relevant;
  }

  /** Candidates left out of each query's ranking, or null if none are. */
  public int[][] excluded() {
    return excluded;
  }

  /** The evaluator of this task's test queries. */
  public ScoredRankingEvaluator evaluator() {
    return new ScoredRankingEvaluator(candidates.size(), relevant, excluded);
  }

  /** Links task: each candidate's training neighbours (sorted); null for doc-doc. */
  public int[][] trainingLinks() {
    return trainingLinks;
  }

  /** Links task: number of training links. */
  public int trainEdges() {
    return trainEdges;
  }

  /** Links task: number of held-out links. */
  public int testEdges() {
    return testEdges;
  }

  /** Links task: seed of the edge split. */
  public long seed() {
    return seed;
  }
}
