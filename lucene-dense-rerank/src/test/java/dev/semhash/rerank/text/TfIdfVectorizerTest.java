package dev.semhash.rerank.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TfIdfVectorizerTest {
  private final TfIdfVectorizer v =
      new TfIdfVectorizer(
          AnalysisSettings.ENGLISH_STEMMED,
          new TermDictionary(List.of("bone", "vitamin", "densiti"), new float[] {2, 1, 4}));

  @Test
  void weighsTfTimesIdfAndNormalises() {
    // stemmed: vitamin ×2 (idf 1), bone ×1 (idf 2), densiti ×1 (idf 4), "and"/"the" stop words
    TermVector x = v.vectorize("Vitamin and the BONE density vitamin unknownword");
    double norm = Math.sqrt(2 * 2 + 2 * 2 + 4 * 4);
    assertArrayEquals(new int[] {0, 1, 2}, x.ids());
    assertArrayEquals(new float[] {(float) (2 / norm), (float) (2 / norm), (float) (4 / norm)}, x.weights(), 1e-6f);
  }

  @Test
  void textWithoutKnownTermIsEmpty() {
    assertSame(TermVector.EMPTY, v.vectorize("the and of"));
    assertSame(TermVector.EMPTY, v.vectorize(""));
  }

  @Test
  void dotProductOfSparseVectors() {
    TermVector a = new TermVector(new int[] {1, 4, 9}, new float[] {1, 2, 3});
    TermVector b = new TermVector(new int[] {0, 4, 9, 12}, new float[] {5, 0.5f, 2, 7});
    assertEquals(2 * 0.5 + 3 * 2, a.dot(b), 1e-6);
    assertThrows(IllegalArgumentException.class, () -> new TermVector(new int[] {2, 1}, new float[] {1, 1}));
    assertThrows(IllegalArgumentException.class, () -> new TermVector(new int[] {1}, new float[] {Float.NaN}));
  }

  @Test
  void dictionaryRejectsBadInput() {
    assertThrows(IllegalArgumentException.class, () -> new TermDictionary(List.of("a", "a"), new float[] {1, 1}));
    assertThrows(IllegalArgumentException.class, () -> new TermDictionary(List.of("a"), new float[] {0}));
    assertThrows(IllegalArgumentException.class, () -> new TermDictionary(List.of("a"), new float[] {1, 2}));
  }
}
