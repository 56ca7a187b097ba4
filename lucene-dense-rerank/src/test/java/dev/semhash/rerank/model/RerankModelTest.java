package dev.semhash.rerank.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.text.TermVector;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RerankModelTest {
  private static final double EPS = 1e-6;

  @Test
  void ssiScoresComputedByHand() {
    RerankModel m = TinyModels.ssi();
    RerankModel.QueryVector q = m.encodeQuery("Apple");
    assertArrayEquals(new float[] {1, 0}, q.projected());
    // d = (0, 4, 1)/√17; Bd = (1, 8)/√17; q·d = 0
    assertEquals(1 / Math.sqrt(17), m.score(q, m.encodeDocument("banana banana cherry")), EPS);
    // d = (1, 0, 1)/√2; Bd = (2, 1)/√2; (Aq)·(Bd) = √2; q·d = 1/√2
    assertEquals(Math.sqrt(2) + 1 / Math.sqrt(2), m.score(q, m.encodeDocument("apple cherry")), EPS);
    // d = (2, 0, 1)/√5; Bd = (3, 2)/√5; 3/√5 + 2/√5 = √5
    assertEquals(Math.sqrt(5), m.score(q, m.encodeDocument("cherry apple apple")), EPS);
    // unknown words are ignored; a text without known words projects to zero
    assertEquals(0, m.score(q, m.encodeDocument("durian")), EPS);
    assertTrue(m.encodeQuery("durian kiwi").isEmpty());
  }

  @Test
  void s2netCosineComputedByHand() {
    RerankModel m = TinyModels.s2net();
    RerankModel.QueryVector q = m.encodeQuery("apple");
    assertEquals(0, m.score(q, m.encodeDocument("banana")), EPS);
    assertEquals(1 / Math.sqrt(2), m.score(q, m.encodeDocument("cherry")), EPS);
    assertEquals(1, m.score(q, m.encodeDocument("apple apple")), EPS);
    // λ = 0: the document's term vector is not kept
    assertTrue(m.encodeDocument("apple").terms().isEmpty());
    assertTrue(m.sharedProjection());
  }

  @Test
  void dimensionMismatchIsRejected() {
    RerankModel m = TinyModels.ssi();
    RerankModel.DocumentVector wrong = new RerankModel.DocumentVector(new float[3], TermVector.EMPTY);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.score(m.encodeQuery("apple"), wrong));
    assertTrue(e.getMessage().contains("3 dimensions, the model 2"), e.getMessage());
  }

  @Test
  void inconsistentPartsAreRejected() {
    Projection two = new Projection(2, 2, new float[4]);
    Projection three = new Projection(3, 2, new float[6]);
    assertThrows(IllegalArgumentException.class,
        () -> new RerankModel("x", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), two, two, RerankModel.Similarity.DOT, 0));
    assertThrows(IllegalArgumentException.class,
        () -> new RerankModel("x", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), three, three, RerankModel.Similarity.DOT, Float.NaN));
    assertThrows(IllegalArgumentException.class, () -> new Projection(3, 2, new float[5]));
    assertThrows(IllegalArgumentException.class, () -> new Projection(1, 1, new float[] {Float.NaN}));
  }

  @Test
  void fingerprintChangesWithAnyWeight() {
    Random r = new Random(42);
    List<String> terms = List.of("a", "b", "c", "d");
    RerankModel one = TinyModels.random(new Random(7), terms, 3, 1f);
    RerankModel same = TinyModels.random(new Random(7), terms, 3, 1f);
    assertEquals(one.fingerprint(), same.fingerprint());
    float[] a = new float[12];
    for (int i = 0; i < a.length; i++) {
      a[i] = one.queryProjection().weight(i / 3, i % 3);
    }
    a[r.nextInt(12)] += 1e-3f;
    RerankModel changed = new RerankModel("random", Map.of(), TinyModels.PLAIN, one.dictionary(),
        new Projection(4, 3, a), one.documentProjection(), RerankModel.Similarity.DOT, 1f);
    assertNotEquals(one.fingerprint(), changed.fingerprint());
  }
}
