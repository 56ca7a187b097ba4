package dev.semhash.training.rerank;

import dev.semhash.rerank.text.TermVector;
import dev.semhash.rerank.text.TfIdfVectorizer;
import java.util.ArrayList;
import java.util.List;

/**
 * The training queries that can train a text-encoding reranker (DSE, DSSM), vectorised once: those
 * with at least one term of the model's input vocabulary and at least one relevant document. A
 * query without an input term encodes to the same vector as every other such query, so it cannot
 * tell documents apart.
 *
 * @param examples the usable examples, in their original order
 * @param vectors {@code vectors[i]} is the input vector of {@code examples.get(i)}'s text
 */
record UsableQueries(List<RerankExamples.Example> examples, TermVector[] vectors) {
  /**
   * @throws IllegalArgumentException if no example is usable
   */
  static UsableQueries of(TfIdfVectorizer vectorizer, List<RerankExamples.Example> all) {
    List<RerankExamples.Example> usable = new ArrayList<>();
    List<TermVector> vectors = new ArrayList<>();
    for (RerankExamples.Example example : all) {
      TermVector v = vectorizer.vectorize(example.text());
      if (v.isEmpty() == false && example.positives().length > 0) {
        usable.add(example);
        vectors.add(v);
      }
    }
    if (usable.isEmpty()) {
      throw new IllegalArgumentException(
          "no (query, relevant document) pair has a query term in the model's input vocabulary:"
              + " check that the queries and documents share a language and analysis, or lower"
              + " the vocabulary's --min-df");
    }
    return new UsableQueries(List.copyOf(usable), vectors.toArray(TermVector[]::new));
  }
}
