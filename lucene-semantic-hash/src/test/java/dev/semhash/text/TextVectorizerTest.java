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

  /**
   * Over random texts (known, unknown and stop words, up to 300 tokens, so past the first buffer
   * of ids), the text gives exactly the vector of its counts and token length, for each weighting.
   */
  @Test
  void randomTextsGiveTheVectorOfTheirCounts() {
    String[] pool = {"cat", "mat", "dog", "sat", "the", "on", "bird", "cat", "dog"};
    java.util.Random random = new java.util.Random(11);
    for (TermWeighting weighting : TermWeighting.values()) {
      try (TextVectorizer v = new TextVectorizer(AnalyzerSettings.DEFAULT, VOCABULARY, weighting, true)) {
        for (int trial = 0; trial < 200; trial++) {
          StringBuilder text = new StringBuilder();
          Map<String, Integer> counts = new java.util.HashMap<>();
          long length = 0;
          int tokens = random.nextInt(300);
          for (int t = 0; t < tokens; t++) {
            String word = pool[random.nextInt(pool.length)];
            text.append(word).append(' ');
            if (word.equals("the") == false && word.equals("on") == false) {
              counts.merge(word, 1, Integer::sum);
              length++;
            }
          }
          assertEquals(v.vectorize(counts, length), v.vectorize(text.toString()), weighting + ": " + text);
        }
      }
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
