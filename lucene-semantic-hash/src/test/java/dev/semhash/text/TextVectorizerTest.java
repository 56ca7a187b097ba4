package dev.semhash.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TextVectorizerTest {
  private static final Vocabulary VOCABULARY =
      new Vocabulary(List.of("cat", "mat", "dog"), new long[] {1, 2, 1}, 2, 4.0);

  @Test
  void analysesDropsStopWordsAndCountsTerms() {
    // "The" and "on" are English stop words; the remaining tokens are cat, sat, cat, mat.
    try (TextVectorizer v =
        new TextVectorizer(AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.TF, false)) {
      SparseVector x = v.vectorize("The CAT sat on the cat-mat");
      assertArrayEquals(new int[] {0, 1}, x.indices());
      assertArrayEquals(new float[] {2f, 1f}, x.values());
    }
  }

  @Test
  void normalisesToUnitLength() {
    try (TextVectorizer v =
        new TextVectorizer(AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.TF, true)) {
      SparseVector x = v.vectorize("cat cat mat");
      assertArrayEquals(
          new float[] {(float) (2 / Math.sqrt(5)), (float) (1 / Math.sqrt(5))}, x.values(), 1e-7f);
      assertEquals(1.0, x.norm(), 1e-6);
    }
  }

  @Test
  void countsAndTextGiveTheSameVector() {
    // BM25 uses the document length: cat, sat, cat, mat = 4 tokens, although "sat" is unknown.
    try (TextVectorizer v =
        new TextVectorizer(AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.BM25, false)) {
      SparseVector fromText = v.vectorize("the cat sat on the cat mat");
      SparseVector fromCounts = v.vectorize(Map.of("cat", 2, "sat", 1, "mat", 1), 4);
      assertEquals(fromCounts, fromText);
    }
  }

  @Test
  void textWithoutKnownTermsIsEmpty() {
    try (TextVectorizer v =
        new TextVectorizer(AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.TFIDF, true)) {
      assertEquals(0, v.vectorize("the and of").size());
      assertEquals(0, v.vectorize("").size());
    }
  }

  @Test
  void porterStemmingConflatesForms() {
    Vocabulary stems = new Vocabulary(List.of("connect"), new long[] {1}, 1, 1);
    try (TextVectorizer v =
        new TextVectorizer(AnalyzerSettings.ENGLISH_STEMMED, stems, TermWeighting.TF, false)) {
      assertArrayEquals(new float[] {3f}, v.vectorize("connected connecting connection").values());
    }
  }

  @Test
  void emptyVectorNormalisesToItself() {
    assertSame(SparseVector.EMPTY, SparseVector.EMPTY.normalized());
  }
}
