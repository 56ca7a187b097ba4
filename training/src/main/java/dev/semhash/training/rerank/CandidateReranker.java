package dev.semhash.training.rerank;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.training.retrieval.Bm25Index;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.search.RerankScores;
import dev.semhash.training.eval.Run;
import java.util.Arrays;
import java.util.List;

/**
 * Reranks first-stage candidates offline, without a Lucene index, with exactly the arithmetic of
 * {@link dev.semhash.rerank.search.RerankQuery} ({@link RerankScores}); fast enough to tune the
 * interpolation weight and the number of epochs on validation queries after every epoch. Final
 * scores that tie are ordered by document ordinal, as Lucene orders equal scores by doc id on an
 * index whose doc ids are the ordinals.
 *
 * <pre class="prettyprint">
 * Run run = new CandidateReranker(model, corpus).rerank(validation, Combination.INTERPOLATE, 0.5f, "ssi");
 * </pre>
 */
public final class CandidateReranker {
  private final RerankModel model;
  private final RerankModel.DocumentVector[] documents;
  private final RerankCorpus corpus;
  private final boolean sameTerms;

  /** Encodes every document of {@code corpus} with {@code model}. */
  public CandidateReranker(RerankModel model, RerankCorpus corpus) {
    this.model = model;
    this.corpus = corpus;
    // a deep model has its own input vocabulary (DSE's top terms, DSSM's letter trigrams): it
    // encodes the texts, as it does at index time
    this.sameTerms = model.dictionary().equals(corpus.dictionary()) && model.analysis().equals(corpus.analysis());
    this.documents = new RerankModel.DocumentVector[corpus.size()];
    for (int i = 0; i < documents.length; i++) {
      documents[i] = sameTerms ? model.encodeDocument(corpus.document(i)) : model.encodeDocument(Bm25Index.contents(corpus.documents().get(i)));
    }
  }

  /** The first-stage ranking of every example. */
  public static Run firstStage(List<RerankExamples.Example> examples, RerankCorpus corpus, String name) {
    Run.Builder run = new Run.Builder(name);
    for (RerankExamples.Example ex : examples) {
      for (int i = 0; i < ex.candidates().length; i++) {
        run.add(ex.queryId(), corpus.documents().get(ex.candidates()[i]).id(), ex.candidateScores()[i]);
      }
    }
    return run.build();
  }

  /** Reranks every example's candidates. */
  public Run rerank(List<RerankExamples.Example> examples, Combination combination, float weight, String name) {
    Run.Builder run = new Run.Builder(name);
    for (RerankExamples.Example ex : examples) {
      int n = ex.candidates().length;
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      // RerankQuery sees the hits in doc-id (= ordinal) order
      Arrays.sort(order, (a, b) -> Integer.compare(ex.candidates()[a], ex.candidates()[b]));
      float[] first = new float[n];
      float[] scores = new float[n];
      boolean[] has = new boolean[n];
      RerankModel.QueryVector q = sameTerms ? model.encodeQuery(ex.query()) : model.encodeQuery(ex.text());
      for (int i = 0; i < n; i++) {
        int c = order[i];
        first[i] = ex.candidateScores()[c];
        has[i] = q.isEmpty() == false;
        scores[i] = has[i] ? model.score(q, documents[ex.candidates()[c]]) : 0f;
      }
      RerankScores result = RerankScores.compute(first, scores, has, q.isEmpty() == false, combination, weight);
      Integer[] ranked = new Integer[n];
      for (int i = 0; i < n; i++) {
        ranked[i] = i;
      }
      Arrays.sort(ranked, (a, b) -> {
        int cmp = Float.compare(result.score(b), result.score(a));
        return cmp != 0 ? cmp : Integer.compare(ex.candidates()[order[a]], ex.candidates()[order[b]]);
      });
      for (int i : ranked) {
        run.add(ex.queryId(), corpus.documents().get(ex.candidates()[order[i]]).id(), result.score(i));
      }
    }
    return run.build();
  }
}
