package dev.semhash.training.neighbors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.training.corpus.CorpusIndex;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.junit.jupiter.api.Test;

class Bm25NeighborsTest {

  static Document doc(String id, String text) {
    return new Document(id, "", text, List.of(), "train");
  }

  // df: alpha 3, beta 3, gamma 3, delta 2, zeta 1; docCount 5, sumTotalTermFreq 14, avgdl 2.8
  static final List<Document> TINY =
      List.of(
          doc("0", "alpha alpha alpha beta gamma zeta"),
          doc("1", "alpha beta"),
          doc("2", "beta gamma"),
          doc("3", "gamma delta"),
          doc("4", "alpha delta"));

  static List<String> queryTerms(Query query) {
    List<String> terms = new ArrayList<>();
    for (BooleanClause clause : ((BooleanQuery) query).clauses()) {
      assertEquals(BooleanClause.Occur.SHOULD, clause.occur());
      terms.add(((TermQuery) clause.query()).getTerm().text());
    }
    return terms;
  }

  @Test
  void queryIsTheMostInformativeTermsByHand() throws IOException {
    try (CorpusIndex index = CorpusIndex.buildInMemory(TINY, AnalyzerSettings.DEFAULT, ProgressReporter.NONE)) {
      Bm25NeighborSettings two = new Bm25NeighborSettings(2, 2, 1.2f, 0.75f);
      Bm25Neighbors finder = new Bm25Neighbors(index, two);
      // alpha: tf 3; beta and gamma: tf 1, same idf, beta first in term order; zeta: df 1, left out.
      assertEquals(List.of("alpha", "beta"), queryTerms(finder.queryFor(0)));
      assertEquals(
          List.of("alpha", "beta", "gamma"),
          queryTerms(new Bm25Neighbors(index, two.withQueryTerms(10)).queryFor(0)));
      Neighbors nn = finder.compute(1, ProgressReporter.NONE);
      // d1 matches alpha and beta; d2 (beta) and d4 (alpha) tie in score: lower ordinal first.
      assertArrayEquals(new int[] {1, 2}, nn.of(0));
      // idf = ln(1 + 2.5 / 3.5); tf part = 1 / (1 + 1.2 (0.25 + 0.75 * 2 / 2.8)), per term
      assertArrayEquals(new float[] {0.5548493f, 0.2774247f}, nn.scoresOf(0), 2e-6f);
    }
  }

  @Test
  void documentsWithoutUsableTermsGetNoNeighbours() throws IOException {
    List<Document> docs = new ArrayList<>(TINY);
    docs.add(doc("5", "the of and")); // no token
    docs.add(doc("6", "unique words here")); // every term only here
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, AnalyzerSettings.DEFAULT, ProgressReporter.NONE)) {
      Neighbors nn = new Bm25Neighbors(index, Bm25NeighborSettings.DEFAULT).compute(2, ProgressReporter.NONE);
      assertEquals(0, nn.of(5).length);
      assertEquals(0, nn.of(6).length);
      // Every other document of the tiny corpus shares a term with at least 2 others.
      assertTrue(nn.of(3).length >= 2);
    }
  }

  @Test
  void agreesWithExhaustiveScoringOfTheSameQuery() throws IOException {
    Path shared = Path.of(System.getProperty("semhash.shared", "../../shared"));
    List<Document> all = new DatasetReader(shared.resolve("datasets/20newsgroups")).documents();
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < all.size() && docs.size() < 200; i += 61) {
      docs.add(all.get(i));
    }
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, AnalyzerSettings.DEFAULT, ProgressReporter.NONE)) {
      for (int queryTerms : new int[] {8, 32, 1000}) {
        Bm25NeighborSettings settings = new Bm25NeighborSettings(10, queryTerms, 1.2f, 0.75f);
        Bm25Neighbors finder = new Bm25Neighbors(index, settings);
        Neighbors nn = finder.compute(2, ProgressReporter.NONE);
        IndexSearcher searcher = finder.searcher();
        for (int ord = 0; ord < index.size(); ord += 2) {
          assertAgrees(searcher, finder.queryFor(ord), ord, 10, nn.of(ord), nn.scoresOf(ord));
        }
      }
    }
  }

  /** Scores every matching document, ranks them, and compares allowing only float ties. */
  static void assertAgrees(
      IndexSearcher searcher, Query query, int self, int k, int[] ords, float[] scores)
      throws IOException {
    int n = searcher.getIndexReader().maxDoc();
    float[] all = new float[n];
    List<Integer> ranked = new ArrayList<>();
    Weight weight = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE, 1);
    LeafReaderContext leaf = searcher.getIndexReader().leaves().get(0);
    // Every matching document scored, without top-k pruning (ScoreMode.COMPLETE, no collector).
    Scorer scorer = weight.scorer(leaf);
    if (scorer != null) {
      DocIdSetIterator it = scorer.iterator();
      for (int d = it.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = it.nextDoc()) {
        if (d != self) {
          all[d] = scorer.score();
          ranked.add(d);
        }
      }
    }
    // Spot-check the scorer against explain() for a few documents.
    for (int p = 0; p < Math.min(3, ranked.size()); p++) {
      Explanation e = weight.explain(leaf, ranked.get(p));
      assertTrue(e.isMatch());
      assertEquals(all[ranked.get(p)], e.getValue().floatValue(), 1e-5f * Math.max(1, all[ranked.get(p)]));
    }
    ranked.sort(Comparator.comparingDouble((Integer d) -> -all[d]).thenComparingInt(d -> d));
    int expectedCount = Math.min(k, ranked.size());
    assertEquals(expectedCount, ords.length, "neighbours of doc " + self);
    float tolerance = 1e-5f;
    for (int p = 0; p < ords.length; p++) {
      float expected = all[ranked.get(p)];
      assertEquals(expected, scores[p], tolerance * Math.max(1, expected), "doc " + self + " rank " + p);
      assertEquals(all[ords[p]], scores[p], tolerance * Math.max(1, expected), "score of " + ords[p]);
      if (ords[p] != ranked.get(p)) {
        // Only a tie (within float rounding of the two scoring paths) may swap documents.
        assertEquals(expected, all[ords[p]], tolerance * Math.max(1, expected), "doc " + self);
      }
    }
  }

  @Test
  void settingsAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> new Bm25NeighborSettings(0, 32, 1.2f, 0.75f));
    assertThrows(IllegalArgumentException.class, () -> new Bm25NeighborSettings(20, 0, 1.2f, 0.75f));
    assertThrows(IllegalArgumentException.class, () -> new Bm25NeighborSettings(20, 5000, 1.2f, 0.75f));
    assertThrows(IllegalArgumentException.class, () -> new Bm25NeighborSettings(20, 32, -1f, 0.75f));
    assertThrows(IllegalArgumentException.class, () -> new Bm25NeighborSettings(20, 32, 1.2f, 1.5f));
    assertThrows(IllegalArgumentException.class, () -> new Bm25NeighborSettings(20, 32, Float.NaN, 0.5f));
  }
}
