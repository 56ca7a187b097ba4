package dev.semhash.training.rerank;

import dev.semhash.rerank.model.FixedOrderDot;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.retrieval.Bm25Index;

/**
 * Scores every document of a {@link RerankCorpus} for a query at once, for the document-ranking
 * tasks where the whole collection is ranked: with a {@link RerankModel} (each document encoded
 * once, as at index time; the dense parts compared with a SIMD dot product, the sparse parts through
 * an inverted index), or by plain TF-IDF cosine ({@link #tfIdf}). Scores equal {@link
 * RerankModel#score} up to float rounding. Thread-safe.
 *
 * <pre class="prettyprint">
 * CorpusScorer scorer = CorpusScorer.of(model, corpus);
 * double[] scores = new double[corpus.size()];
 * scorer.score(corpus.vectorizer().vectorize(text), scores);
 * </pre>
 */
public final class CorpusScorer {
  private final RerankModel model; // null: TF-IDF cosine
  private final float[][] dense;
  private final float sparseWeight;
  private final int[][] postingDocs; // by term: documents whose sparse part holds the term
  private final float[][] postingWeights;
  private final boolean textInput; // a deep model with its own input vocabulary: queries are encoded from text

  private CorpusScorer(RerankModel model, float[][] dense, TermVector[] sparse, float sparseWeight, int terms, boolean textInput) {
    this.model = model;
    this.textInput = textInput;
    this.dense = dense;
    this.sparseWeight = sparseWeight;
    int[] count = new int[terms];
    for (TermVector v : sparse) {
      for (int id : v.ids()) {
        count[id]++;
      }
    }
    postingDocs = new int[terms][];
    postingWeights = new float[terms][];
    for (int t = 0; t < terms; t++) {
      postingDocs[t] = new int[count[t]];
      postingWeights[t] = new float[count[t]];
    }
    int[] fill = new int[terms];
    for (int d = 0; d < sparse.length; d++) {
      TermVector v = sparse[d];
      for (int i = 0; i < v.size(); i++) {
        int t = v.ids()[i];
        postingDocs[t][fill[t]] = d;
        postingWeights[t][fill[t]++] = v.weights()[i];
      }
    }
  }

  /**
   * Scores by {@code model}, which must use the corpus's dictionary, unless it is a {@link
   * RerankModel.Kind#DEEP} model with its own input vocabulary (DSE's most frequent terms, DSSM's
   * letter trigrams): then documents are encoded from their text, and queries must be given as text
   * ({@link #needsText()}).
   */
  public static CorpusScorer of(RerankModel model, RerankCorpus corpus) {
    boolean textInput = model.dictionary().equals(corpus.dictionary()) == false || model.analysis().equals(corpus.analysis()) == false;
    if (textInput && model.kind() != RerankModel.Kind.DEEP) {
      throw new IllegalArgumentException("the model was trained on another dictionary than this corpus's");
    }
    int n = corpus.size();
    float[][] dense = model.dimension() == 0 ? null : new float[n][];
    TermVector[] sparse = new TermVector[n];
    for (int d = 0; d < n; d++) {
      RerankModel.DocumentVector v = textInput
          ? model.encodeDocument(Bm25Index.contents(corpus.documents().get(d)))
          : model.encodeDocument(corpus.document(d));
      if (dense != null) {
        dense[d] = v.projected();
      }
      sparse[d] = model.sparseWeight() == 0 ? TermVector.EMPTY : v.terms();
    }
    int terms = textInput ? model.dictionary().size() : corpus.dictionary().size();
    return new CorpusScorer(model, dense, sparse, model.sparseWeight(), terms, textInput);
  }

  /** Scores by the cosine of unit TF-IDF vectors. */
  public static CorpusScorer tfIdf(RerankCorpus corpus) {
    TermVector[] sparse = new TermVector[corpus.size()];
    for (int d = 0; d < sparse.length; d++) {
      sparse[d] = corpus.document(d);
    }
    return new CorpusScorer(null, null, sparse, 1f, corpus.dictionary().size(), false);
  }

  /** Number of documents scored. */
  public int size() {
    return dense != null ? dense.length : -1;
  }

  /**
   * Writes the score of every document for query {@code q} (a term vector over the corpus's
   * dictionary) to {@code scores}.
   */
  public void score(TermVector q, double[] scores) {
    score(q, scores, 1f);
  }

  /** True if queries must be given as text ({@link #scoreText}): a deep model with its own input vocabulary. */
  public boolean needsText() {
    return textInput;
  }

  /** Writes the score of every document for the query text {@code text} to {@code scores}. */
  public void scoreText(String text, double[] scores) {
    scoreText(text, scores, 1f);
  }

  /**
   * As {@link #scoreText(String, double[])}, with the dense part (the networks' dot product)
   * weighted by {@code denseWeight}.
   */
  public void scoreText(String text, double[] scores, float denseWeight) {
    if (model == null) {
      throw new IllegalStateException("TF-IDF scoring takes term vectors; use score");
    }
    RerankModel.QueryVector qv = model.encodeQuery(text);
    score(qv.terms(), qv, scores, denseWeight);
  }

  /**
   * As {@link #score(TermVector, double[])}, with the dense part (the projections' dot product)
   * weighted by {@code denseWeight}: the scores of the model whose projections are both scaled by
   * {@code √denseWeight}.
   */
  public void score(TermVector q, double[] scores, float denseWeight) {
    if (textInput) {
      throw new IllegalStateException("this model has its own input vocabulary; score the query text with scoreText");
    }
    score(q, model == null ? null : model.encodeQuery(q), scores, denseWeight);
  }

  private void score(TermVector q, RerankModel.QueryVector qv, double[] scores, float denseWeight) {
    java.util.Arrays.fill(scores, 0);
    TermVector terms = q;
    if (model != null) {
      terms = qv.terms();
      if (dense != null) {
        float[] p = qv.projected();
        for (int d = 0; d < dense.length; d++) {
          // fixed order: a SIMD sum's lane order varies with the JIT, and could reorder ties
          scores[d] = denseWeight * FixedOrderDot.dot(p, dense[d]);
        }
      }
    }
    if (sparseWeight == 0) {
      return;
    }
    for (int i = 0; i < terms.size(); i++) {
      int t = terms.ids()[i];
      double w = (double) sparseWeight * terms.weights()[i];
      int[] docs = postingDocs[t];
      float[] weights = postingWeights[t];
      for (int j = 0; j < docs.length; j++) {
        scores[docs[j]] += w * weights[j];
      }
    }
  }
}
