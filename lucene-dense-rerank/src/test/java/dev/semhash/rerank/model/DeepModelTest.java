package dev.semhash.rerank.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import dev.semhash.rerank.text.TfIdfVectorizer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Deep (DSE, DSSM) models: hand-computed encodings and scores, letter trigrams, bad shapes. Runs in well under a second. */
class DeepModelTest {
  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  @Test
  void sigmoidThenLinearByHand() {
    RerankModel m = TinyModels.dse();
    // "banana" is the unit vector of banana: P x = (0, 1), + bias (0, -1) = (0, 0), σ = (0.5, 0.5)
    // top layer 2·0.5 + 4·0.5 + 1 = 4
    assertArrayEquals(new float[] {4f}, m.encodeQuery("banana").projected());
    // "apple": (1, 0) + (0, -1) = (1, -1) → 2σ(1) + 4σ(-1) + 1
    double apple = 2 * sigmoid(1) + 4 * sigmoid(-1) + 1;
    assertEquals(apple, m.encodeDocument("apple").projected()[0], 1e-6);
    // DOT plus λ = 0.5 times the TF-IDF cosine (0 between apple and banana, 1 between banana and itself)
    assertEquals(4 * apple, m.score(m.encodeQuery("banana"), m.encodeDocument("apple")), 1e-5);
    assertEquals(16 + 0.5, m.score(m.encodeQuery("banana"), m.encodeDocument("banana")), 1e-5);
    assertEquals(1, m.dimension());
    assertTrue(m.toString().contains("2 layers"), m.toString());
  }

  @Test
  void tanhCosineByHand() {
    RerankModel m = TinyModels.dssm();
    // "apple": tanh((1, 0)) → layer [[1, 1], [0, 1]]: (tanh 1, tanh 1) then tanh → both equal, unit (1, 1)/√2
    float[] a = m.encodeDocument("apple").projected();
    double t = Math.tanh(Math.tanh(1));
    assertEquals(t / Math.sqrt(2 * t * t), a[0], 1e-6);
    assertEquals(a[0], a[1]);
    // "banana": tanh((0, 1)) = (0, tanh 1) → (0, tanh(tanh 1)) → unit (0, 1); cosine with apple 1/√2
    assertArrayEquals(new float[] {0, 1}, m.encodeDocument("banana").projected(), 1e-7f);
    assertEquals(1 / Math.sqrt(2), m.score(m.encodeQuery("banana"), m.encodeDocument("apple")), 1e-6);
  }

  @Test
  void letterTrigramsOfBoundaryMarkedWords() {
    TfIdfVectorizer v = new TfIdfVectorizer(AnalysisSettings.LETTER_TRIGRAMS, new TermDictionary(List.of(), new float[0]));
    assertEquals(Map.of("#ca", 2, "cat", 2, "at#", 2, "#a#", 1, "#do", 1, "dog", 1, "og#", 1), v.termCounts("Cat, a cat DOG"));
    // a one-letter word is one trigram; words are lower-cased, nothing stemmed or dropped
    assertEquals(Map.of("#i#", 1, "#th", 1, "the", 1, "he#", 1), v.termCounts("I the"));
    assertEquals(3, AnalysisSettings.LETTER_TRIGRAMS.letterNgrams());
    assertTrue(AnalysisSettings.ENGLISH_STEMMED.toString().endsWith("porterStemming=true]"), "word settings print as before");
  }

  @Test
  void badShapesAreRefused() {
    Projection p = new Projection(3, 2, new float[6]);
    DeepLayers threeWide = new DeepLayers(new float[3], Activation.TANH, List.of());
    String m = assertThrows(IllegalArgumentException.class, () -> new RerankModel(
        "dse", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), p, p, RerankModel.Similarity.DOT, 0f, threeWide)).getMessage();
    assertTrue(m.contains("deep layers take 3 inputs but the projection has 2 dimensions"), m);
    m = assertThrows(IllegalArgumentException.class,
        () -> new DeepLayers(new float[2], Activation.TANH, List.of(new DenseLayer(3, 1, new float[3], new float[1], Activation.LINEAR))))
        .getMessage();
    assertTrue(m.contains("layer 2 takes 3 inputs but the layer below has 2 outputs"), m);
    m = assertThrows(IllegalArgumentException.class, () -> new DenseLayer(2, 2, new float[3], new float[2], Activation.LINEAR)).getMessage();
    assertTrue(m.contains("needs 4 weights and 2 biases, got 3 and 2"), m);
    m = assertThrows(IllegalArgumentException.class,
        () -> new DenseLayer(1, 1, new float[] {Float.NaN}, new float[1], Activation.LINEAR)).getMessage();
    assertTrue(m.contains("weight 0 is NaN"), m);
    m = assertThrows(IllegalArgumentException.class, () -> new AnalysisSettings(true, false, 1, 255, false, 7)).getMessage();
    assertTrue(m.contains("letter n-gram length must be 0 (words) or 2 to 5, got 7"), m);
  }
}
