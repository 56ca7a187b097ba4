package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.search.Combination;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * RerankQuery reranks its first stage's hits, and a BM25 query's hits are the documents that match
 * one of its terms (score &gt; 0). FirstStageRerank, which stands for it on the doc-doc and links
 * tasks, fills its window of {@code depth} documents with non-matching ones (BM25 score 0) when
 * fewer than {@code depth} match: those get reranked (and can be lifted above real hits by the
 * model), and their 0 becomes the minimum of the min-max normalisation of the real hits.
 */
class FirstStageHitsTest {
  @Disabled("not fixed: where a query matches fewer documents than the depth (1000) this changes the committed"
      + " 'reranking BM25's top 1000' figures (README CiteSeer row, docs/experiments.md): on CiteSeer's links (seed"
      + " 42) 2 of 1,590 queries match fewer than 1,000 candidates (the fewest 373), on 20 Newsgroups doc-doc none;"
      + " only those 2 queries move, so MAP by at most 2/1590 = .0013, likely far less")
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
}
