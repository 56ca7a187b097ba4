package dev.semhash.rerank.model;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.semhash.rerank.text.TermDictionary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fingerprint must change with every bit of every parameter, not only a low byte. */
class FingerprintCoversWholeValuesTest {
  @Test
  void termOverlapWeightChangesTheFingerprint() {
    // λ = 0 stores no sparse part; λ = 1 needs it: vectors of one must not pass for the other's
    Projection a = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1});
    Projection b = new Projection(3, 2, new float[] {1, 1, 0, 2, 1, 0});
    RerankModel zero = new RerankModel("ssi", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), a, b, RerankModel.Similarity.DOT, 0f);
    RerankModel one = new RerankModel("ssi", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), a, b, RerankModel.Similarity.DOT, 1f);
    RerankModel two = new RerankModel("ssi", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), a, b, RerankModel.Similarity.DOT, 2f);
    assertNotEquals(zero.fingerprint(), one.fingerprint());
    assertNotEquals(one.fingerprint(), two.fingerprint());
  }

  @Test
  void idfChangesTheFingerprint() {
    TermDictionary other = new TermDictionary(List.of("apple", "banana", "cherry"), new float[] {1, 3, 1});
    Projection a = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1});
    RerankModel m1 = new RerankModel("s2net", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), a, a, RerankModel.Similarity.COSINE, 0f);
    RerankModel m2 = new RerankModel("s2net", Map.of(), TinyModels.PLAIN, other, a, a, RerankModel.Similarity.COSINE, 0f);
    assertNotEquals(m1.fingerprint(), m2.fingerprint());
  }

  @Test
  void deepWeightsChangeTheFingerprint() {
    Projection first = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1});
    DeepLayers d1 = new DeepLayers(new float[] {0, -1}, Activation.SIGMOID,
        List.of(new DenseLayer(2, 1, new float[] {2, 4}, new float[] {1}, Activation.LINEAR)));
    DeepLayers d2 = new DeepLayers(new float[] {0, -2}, Activation.SIGMOID,
        List.of(new DenseLayer(2, 1, new float[] {4, 8}, new float[] {2}, Activation.LINEAR)));
    RerankModel m1 = new RerankModel("dse", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), first, first, RerankModel.Similarity.DOT, 0f, d1);
    RerankModel m2 = new RerankModel("dse", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), first, first, RerankModel.Similarity.DOT, 0f, d2);
    assertNotEquals(m1.fingerprint(), m2.fingerprint());
  }
}
