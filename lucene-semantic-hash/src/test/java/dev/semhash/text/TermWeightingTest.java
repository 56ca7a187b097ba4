package dev.semhash.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TermWeightingTest {
  @Test
  void weightsMatchHandComputedValues() {
    assertEquals(1, TermWeighting.BINARY.weight(3, 1, 3, 10, 5), 0);
    assertEquals(3, TermWeighting.TF.weight(3, 1, 3, 10, 5), 0);
    // tf = 2, df = 1, n = 3: 2 * (ln(4 / 2) + 1) = 2 * 1.693147 = 3.386294
    assertEquals(3.386294, TermWeighting.TFIDF.weight(2, 1, 3, 10, 5), 1e-6);
    // idf = ln(1 + 2.5 / 1.5) = 0.980829; norm = 1.2 * (0.25 + 0.75 * 10 / 5) = 2.1;
    // weight = 0.980829 * 1 * 2.2 / (1 + 2.1) = 0.696072
    assertEquals(0.696072, TermWeighting.BM25.weight(1, 1, 3, 10, 5), 1e-6);
  }

  @Test
  void parseNamesTheChoices() {
    assertEquals(TermWeighting.BM25, TermWeighting.parse("bm25"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TermWeighting.parse("okapi"));
    assertEquals("unknown term weighting 'okapi'; choose one of binary, tf, tfidf, bm25", e.getMessage());
  }
}
