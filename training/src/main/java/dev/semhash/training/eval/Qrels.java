package dev.semhash.training.eval;

import dev.semhash.training.data.Qrel;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Relevance judgements checked against the queries and documents they refer to: query id → (doc
 * id → grade). A grade of 0 or less means judged non-relevant.
 *
 * <pre class="prettyprint">
 * DatasetReader data = new DatasetReader(Path.of("../shared/datasets/scifact"));
 * Qrels test = Qrels.of(data.qrels(), "test", queryIds, docIds, "scifact/qrels.tsv.gz");
 * </pre>
 */
public final class Qrels {
  private final Map<String, Map<String, Integer>> judgements;

  private Qrels(Map<String, Map<String, Integer>> judgements) {
    this.judgements = judgements;
  }

  /**
   * Keeps the judgements of one split, checking every one.
   *
   * @param qrels all judgements as read
   * @param split keep only these ({@code "test"}, ...); null keeps all
   * @param queryIds ids of the existing queries
   * @param docIds ids of the existing documents
   * @param source where the judgements came from, for error messages
   * @throws IllegalArgumentException if a judgement names a query or document that does not
   *     exist, judges a (query, document) pair twice, or none is left after the split filter
   */
  public static Qrels of(
      Collection<Qrel> qrels,
      String split,
      Set<String> queryIds,
      Set<String> docIds,
      String source) {
    Map<String, Map<String, Integer>> map = new LinkedHashMap<>();
    for (Qrel qrel : qrels) {
      if (split != null && split.equals(qrel.split()) == false) {
        continue;
      }
      if (queryIds.contains(qrel.queryId()) == false) {
        throw new IllegalArgumentException(
            source
                + ": judgement refers to query id \""
                + qrel.queryId()
                + "\", which is not among the "
                + queryIds.size()
                + " queries; use the queries file of the same dataset");
      }
      if (docIds.contains(qrel.docId()) == false) {
        throw new IllegalArgumentException(
            source
                + ": judgement for query \""
                + qrel.queryId()
                + "\" refers to document id \""
                + qrel.docId()
                + "\", which is not among the "
                + docIds.size()
                + " documents; use the documents file of the same dataset");
      }
      Integer old =
          map.computeIfAbsent(qrel.queryId(), k -> new LinkedHashMap<>())
              .put(qrel.docId(), qrel.relevance());
      if (old != null) {
        throw new IllegalArgumentException(
            source
                + ": query \""
                + qrel.queryId()
                + "\" judges document \""
                + qrel.docId()
                + "\" twice");
      }
    }
    if (map.isEmpty()) {
      throw new IllegalArgumentException(
          source
              + ": no judgement"
              + (split == null ? "" : " of split \"" + split + "\"")
              + "; check the file and the split name");
    }
    for (Map.Entry<String, Map<String, Integer>> e : map.entrySet()) {
      e.setValue(Collections.unmodifiableMap(e.getValue()));
    }
    return new Qrels(Collections.unmodifiableMap(map));
  }

  /** The judged queries, in first-seen order. */
  public Set<String> queryIds() {
    return judgements.keySet();
  }

  /** The judgements of {@code queryId} (doc id → grade), empty if it has none. */
  public Map<String, Integer> judgements(String queryId) {
    return judgements.getOrDefault(queryId, Map.of());
  }

  /** The grade of {@code docId} for {@code queryId}; 0 when not judged. */
  public int grade(String queryId, String docId) {
    return judgements(queryId).getOrDefault(docId, 0);
  }

  /** Number of documents judged relevant (grade &gt; 0) for {@code queryId}. */
  public int numRelevant(String queryId) {
    int n = 0;
    for (int g : judgements(queryId).values()) {
      if (g > 0) {
        n++;
      }
    }
    return n;
  }
}
