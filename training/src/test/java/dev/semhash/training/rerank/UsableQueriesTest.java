package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import dev.semhash.rerank.text.TfIdfVectorizer;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsableQueriesTest {
  private static final TfIdfVectorizer VECTORIZER =
      new TfIdfVectorizer(AnalysisSettings.ENGLISH_STEMMED, new TermDictionary(List.of("bone", "vitamin"), new float[] {1f, 2f}));

  private static RerankExamples.Example example(String id, String text, int... positives) {
    return new RerankExamples.Example(id, text, VECTORIZER.vectorize(text), positives, new int[0], new float[0]);
  }

  @Test
  void keepsQueriesWithAKnownTermAndARelevantDocumentInTheirOrder() {
    List<RerankExamples.Example> all =
        List.of(
            example("a", "vitamin levels", 3),
            example("b", "unrelated words only", 1), // no vocabulary term
            example("c", "bone density"), // no relevant document
            example("d", "bone and vitamin", 0, 2));
    UsableQueries usable = UsableQueries.of(VECTORIZER, all);
    assertEquals(List.of("a", "d"), usable.examples().stream().map(RerankExamples.Example::queryId).toList());
    assertEquals(2, usable.vectors().length);
    // each vector is its own query's: "a" has only "vitamin", "d" both terms
    assertEquals(1, usable.vectors()[0].size());
    assertEquals(2, usable.vectors()[1].size());
    assertArrayEquals(new int[] {0, 2}, usable.examples().get(1).positives());
  }

  @Test
  void noUsableQueryIsAClearError() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> UsableQueries.of(VECTORIZER, List.of(example("b", "unrelated words only", 1), example("c", "bone"))));
    assertTrue(e.getMessage().contains("no (query, relevant document) pair has a query term"), e.getMessage());
    assertTrue(e.getMessage().contains("--min-df"), e.getMessage());
  }
}
