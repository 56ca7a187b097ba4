package dev.semhash.training.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ranked results of a system for a set of queries: query id → documents, best first.
 *
 * <p>Each query's documents are ordered by decreasing score; documents with equal scores keep the
 * order in which they were added (a stable sort). So a system that already ranks, such as a Lucene
 * search, keeps its own tie order. (trec_eval breaks score ties by document id instead; with real
 * scores ties are rare.)
 *
 * <pre class="prettyprint">
 * Run.Builder run = new Run.Builder("bm25");
 * run.add("q1", "d7", 12.5);
 * run.add("q1", "d3", 11.0);
 * Run built = run.build();
 * </pre>
 */
public final class Run {
  private final String name;
  private final Map<String, List<ScoredDoc>> rankings;

  private Run(String name, Map<String, List<ScoredDoc>> rankings) {
    this.name = name;
    this.rankings = rankings;
  }

  /** The name given to the builder, used in error messages and reports. */
  public String name() {
    return name;
  }

  /** The queries with results, in first-added order. */
  public Set<String> queryIds() {
    return rankings.keySet();
  }

  /** The ranking of {@code queryId}, best first; empty if the run has none. */
  public List<ScoredDoc> ranking(String queryId) {
    return rankings.getOrDefault(queryId, List.of());
  }

  /** Collects results; not thread-safe. */
  public static final class Builder {
    private final String name;
    private final Map<String, List<ScoredDoc>> rankings = new LinkedHashMap<>();
    private final Map<String, Set<String>> seen = new LinkedHashMap<>();

    public Builder(String name) {
      this.name = name;
    }

    /**
     * Adds one retrieved document.
     *
     * @throws IllegalArgumentException if the score is NaN or the document was already added for
     *     this query
     */
    public Builder add(String queryId, String docId, double score) {
      if (Double.isNaN(score)) {
        throw new IllegalArgumentException(
            "run " + name + ": score of document \"" + docId + "\" for query \"" + queryId
                + "\" is NaN; the model produced an invalid score");
      }
      if (seen.computeIfAbsent(queryId, k -> new HashSet<>()).add(docId) == false) {
        throw new IllegalArgumentException(
            "run " + name + ": document \"" + docId + "\" appears twice for query \"" + queryId
                + "\"; a ranking must list each document once");
      }
      rankings.computeIfAbsent(queryId, k -> new ArrayList<>()).add(new ScoredDoc(docId, score));
      return this;
    }

    /** Adds a whole ranking for one query (see {@link #add}). */
    public Builder addAll(String queryId, List<ScoredDoc> docs) {
      for (ScoredDoc d : docs) {
        add(queryId, d.docId(), d.score());
      }
      return this;
    }

    /**
     * Sorts every ranking and returns the run.
     *
     * @throws IllegalArgumentException if nothing was added
     */
    public Run build() {
      if (rankings.isEmpty()) {
        throw new IllegalArgumentException("run " + name + " holds no result");
      }
      Map<String, List<ScoredDoc>> sorted = new LinkedHashMap<>();
      for (Map.Entry<String, List<ScoredDoc>> e : rankings.entrySet()) {
        List<ScoredDoc> list = new ArrayList<>(e.getValue());
        list.sort((a, b) -> Double.compare(b.score(), a.score())); // stable: ties keep add order
        sorted.put(e.getKey(), Collections.unmodifiableList(list));
      }
      return new Run(name, Collections.unmodifiableMap(sorted));
    }
  }
}
