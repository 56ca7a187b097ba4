package dev.semhash.training.rerank;

import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Queries prepared for training and offline reranking: each query's term vector, its relevant
 * documents and its first-stage (BM25) candidates with their scores.
 *
 * <pre class="prettyprint">
 * List&lt;RerankExamples.Example&gt; train = RerankExamples.build(queries, qrels, bm25, corpus, 1000, progress);
 * </pre>
 */
public final class RerankExamples {
  private RerankExamples() {}

  /**
   * One query.
   *
   * @param queryId the query's id
   * @param text the query text
   * @param query its term vector over the corpus dictionary
   * @param positives ordinals of its relevant documents (grade &gt; 0), increasing
   * @param candidates ordinals of its first-stage hits, best first
   * @param candidateScores their first-stage scores
   */
  public record Example(String queryId, String text, TermVector query, int[] positives, int[] candidates, float[] candidateScores) {
    /** True if {@code ordinal} is relevant. */
    public boolean isPositive(int ordinal) {
      return Arrays.binarySearch(positives, ordinal) >= 0;
    }
  }

  /**
   * Prepares {@code queries}; a query without a relevant document in {@code qrels} is skipped.
   *
   * @param depth number of first-stage candidates kept per query
   */
  public static List<Example> build(
      List<Query> queries, Qrels qrels, Bm25Index bm25, RerankCorpus corpus, int depth, ProgressReporter progress)
      throws IOException {
    List<Example> examples = new ArrayList<>();
    try (ProgressReporter.Progress p = progress.start("first-stage candidates", queries.size(), "queries")) {
      for (Query q : queries) {
        p.step(1);
        Map<String, Integer> judged = qrels.judgements(q.id());
        int[] positives = judged.entrySet().stream()
            .filter(e -> e.getValue() > 0)
            .mapToInt(e -> corpus.ordinal(e.getKey()))
            .filter(o -> o >= 0)
            .sorted()
            .toArray();
        if (positives.length == 0) {
          continue;
        }
        List<Bm25Index.Hit> hits = bm25.search(q.text(), depth);
        int[] candidates = new int[hits.size()];
        float[] scores = new float[hits.size()];
        for (int i = 0; i < candidates.length; i++) {
          candidates[i] = corpus.ordinal(hits.get(i).id());
          scores[i] = hits.get(i).score();
        }
        examples.add(new Example(q.id(), q.text(), corpus.vectorizer().vectorize(q.text()), positives, candidates, scores));
      }
    }
    return examples;
  }
}
