package dev.semhash.training.rerank;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.eval.TopScores;
import java.util.Arrays;
import java.util.List;

/**
 * Hard-negative candidates from the model being trained: each training query's top documents
 * under the current model, its relevant documents and its own document left out, found anew
 * before each epoch. These are the documents the model wrongly ranks high, the ones that decide
 * MAP and P@10; a first stage's neighbours (BM25's or TF-IDF's) stop being hard once the model has
 * learnt to push them down.
 *
 * <pre class="prettyprint">
 * int[][] candidates = ModelNegatives.candidates(trainer.snapshot(), corpus, queries, examples, 100);
 * int negative = sampler.sample(example, candidates[e]);
 * </pre>
 */
final class ModelNegatives {
  private ModelNegatives() {}

  /**
   * @param model the current model, over {@code corpus}'s dictionary
   * @param corpus the documents, as the model reads them
   * @param queries each example's query over {@code corpus}'s dictionary
   * @param examples the training examples, whose relevant documents are left out
   * @param depth how many documents each query keeps
   * @return for each example, its at most {@code depth} best-scored documents, best first
   */
  static int[][] candidates(RerankModel model, RerankCorpus corpus, TermVector[] queries, List<RerankExamples.Example> examples, int depth) {
    if (queries.length != examples.size()) {
      throw new IllegalArgumentException(queries.length + " query vectors for " + examples.size() + " examples");
    }
    CorpusScorer scorer = CorpusScorer.of(model, corpus);
    int[][] out = new int[queries.length][];
    double[] scores = new double[corpus.size()];
    for (int e = 0; e < out.length; e++) {
      scorer.score(queries[e], scores);
      for (int p : examples.get(e).positives()) {
        scores[p] = Double.NEGATIVE_INFINITY;
      }
      // between documents the query is a document of the collection, its own best match
      int[] top = TopScores.top(scores, depth + 1);
      int kept = 0;
      for (int d : top) {
        if (kept < depth && corpus.document(d).equals(queries[e]) == false) {
          top[kept++] = d;
        }
      }
      out[e] = Arrays.copyOf(top, kept);
    }
    return out;
  }
}
