package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.search.Combination;
import org.junit.jupiter.api.Test;

/**
 * RerankQuery reranks its first stage's hits, and a BM25 query's hits are the documents that match
 * one of its terms (score &gt; 0). FirstStageRerank, which stands for it on the doc-doc and links
 * tasks, must not fill its window of {@code depth} documents with non-matching ones (BM25 score 0)
 * when fewer than {@code depth} match: those would be reranked (and could be lifted above real hits
 * by the model), and their 0 would become the minimum of the min-max normalisation of the real
 * hits (it did until 2026-12-07).
 */
class FirstStageHitsTest {
  @Test
  void documentsTheFirstStageDidNotMatchAreNotReranked() {
    double[] bm25 = {3, 2, 0, 0};
    double[] model = {0, 0, 5, 1};
    FirstStageRerank rerank = new FirstStageRerank(1000, Combination.INTERPOLATE, 1f);
    assertArrayEquals(new int[] {0, 1}, rerank.topHits(bm25, new int[0]), "only the two matching documents are hits");
    double[] out = new double[4];
    rerank.score(bm25, model, new int[0], out);
    assertTrue(out[0] > out[2] && out[1] > out[2], "document 2 matched no query term, so it follows every hit");
  }

  @Test
  void theNormalisationSpansTheHitsAlone() {
    // hits 0 and 1: f = (3-2)/(3-2) = 1 and 0, m = (2-1)/(2-1) = 1 and 0; with the unmatched
    // documents among them f of document 1 would be 2/3 and m of document 0 1/4
    double[] bm25 = {3, 2, 0, 0};
    double[] model = {2, 1, 5, 1};
    double[] out = new double[4];
    new FirstStageRerank(1000, Combination.INTERPOLATE, 1f).score(bm25, model, new int[0], out);
    assertEquals(3.0, out[0], 1e-6); // 1 + 1 + 1 × 1
    assertEquals(1.0, out[1], 1e-6); // 1 + 0 + 1 × 0
    assertEquals(-3.0, out[2], 1e-12); // unmatched: first-stage order below the hits
    assertEquals(-3.0, out[3], 1e-12);
  }
}
