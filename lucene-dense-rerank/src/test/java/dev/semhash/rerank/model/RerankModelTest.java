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
  void symmetricSsiComputedByHand() {
    RerankModel m = TinyModels.ssiSymmetric();
    RerankModel.QueryVector q = m.encodeQuery("apple");
    // Aq = (1, 0); A cherry = (1, 1); q·d = 0
    assertEquals(1, m.score(q, m.encodeDocument("cherry")), EPS);
    // d = (1, 0, 1)/√2: Ad = (2, 1)/√2, dot √2; q·d = 1/√2
    assertEquals(3 / Math.sqrt(2), m.score(q, m.encodeDocument("apple cherry")), EPS);
  }

  @Test
  void diagonalComputedByHand() {
    RerankModel m = TinyModels.diagonal();
    assertEquals(RerankModel.Kind.TERM_MATRIX, m.kind());
    assertEquals(0, m.dimension());
    // q = (1, 0, 0), d = (1, 0, 1)/√2, Dd = (2, 0, 0.5)/√2
    assertEquals(Math.sqrt(2), m.score(m.encodeQuery("apple"), m.encodeDocument("apple cherry")), EPS);
    // q = (1, 2, 0)/√5, d = (0, 4, 1)/√17, Dd = (0, 4, 0.5)/√17
    assertEquals(8 / Math.sqrt(85), m.score(m.encodeQuery("apple banana"), m.encodeDocument("banana banana cherry")), EPS);
    assertTrue(m.termMatrix().isDiagonal());
  }

  @Test
  void sparseComputedByHand() {
    RerankModel m = TinyModels.sparse();
    assertEquals(0.5, m.score(m.encodeQuery("banana"), m.encodeDocument("apple")), EPS);
    assertEquals(-1, m.score(m.encodeQuery("apple"), m.encodeDocument("banana")), EPS);
    // q = d = (1, 0, 1)/√2; Wd = (1, 0.5, 1)/√2; q·Wd = 1
    assertEquals(1, m.score(m.encodeQuery("apple cherry"), m.encodeDocument("apple cherry")), EPS);
    assertEquals(0.5f, m.termMatrix().get(1, 0));
    assertEquals(0f, m.termMatrix().get(2, 0));
  }

  @Test
  void fullComputedByHand() {
    RerankModel m = TinyModels.full();
    assertEquals(7, m.score(m.encodeQuery("apple"), m.encodeDocument("cherry")), EPS);
    assertEquals(2, m.score(m.encodeQuery("banana"), m.encodeDocument("apple")), EPS);
    assertEquals(9, m.termMatrix().entries());
  }

  @Test
  void badTermMatrixIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> new TermMatrix(2, new int[] {0, 1, 2}, new int[] {1, 1}, new float[] {1, Float.NaN}));
    assertThrows(IllegalArgumentException.class, () -> new TermMatrix(2, new int[] {0, 2, 2}, new int[] {1, 0}, new float[] {1, 1}));
    assertThrows(IllegalArgumentException.class, () -> new TermMatrix(2, new int[] {0, 1, 3}, new int[] {1, 0}, new float[] {1, 1}));
    assertThrows(IllegalArgumentException.class,
        () -> new RerankModel("x", Map.of(), TinyModels.PLAIN, TinyModels.fruit(), TermMatrix.diagonal(new float[] {1, 1})));
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
