package dev.semhash.training.neighbors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.training.corpus.CorpusIndex;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

/**
 * {@link Bm25TextNeighbours}, which finds a text's neighbours in any index field, and {@link
 * Bm25Neighbors#forTexts}, which uses it for texts outside a corpus index.
 */
class Bm25TextNeighboursTest {
  private static final Bm25NeighborSettings TWO = new Bm25NeighborSettings(2, 2, 1.2f, 0.75f);

  @Test
  void newTextsAreSearchedByHand() throws IOException {
    try (CorpusIndex index = CorpusIndex.buildInMemory(Bm25NeighborsTest.TINY, AnalyzerSettings.DEFAULT,
            ProgressReporter.NONE);
        Analyzer analyzer = AnalyzerSettings.DEFAULT.newAnalyzer()) {
      Bm25TextNeighbours nearest = new Bm25TextNeighbours(index.reader(), CorpusIndex.BODY, analyzer, TWO);
      // "delta delta gamma unknown": delta (tf 2, df 2) before gamma (tf 1, df 3), unknown left out;
      // d3 has both, then d4 (delta, length 2) before d2 and d0 (gamma only)
      assertArrayEquals(new int[] {3, 4}, nearest.of("delta delta gamma unknown", -1));
      // excluding d3, the next two: d4 (delta) and d2 (gamma in a 2-term document)
      assertArrayEquals(new int[] {4, 2}, nearest.of("delta delta gamma unknown", 3));
      assertEquals(0, nearest.of("nothing indexed here", -1).length);
      assertEquals(0, nearest.of("", -1).length);
      int[][] viaCorpus = new Bm25Neighbors(index, TWO).forTexts(
          List.of("delta delta gamma unknown", "nothing indexed here"), 2, ProgressReporter.NONE);
      assertArrayEquals(new int[] {3, 4}, viaCorpus[0]);
      assertEquals(0, viaCorpus[1].length);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new Bm25TextNeighbours(index.reader(), "title", analyzer, TWO));
      assertTrue(e.getMessage().contains("no document of the index has indexed terms in field 'title'"), e.getMessage());
    }
  }

  @Test
  void anIndexedDocumentsOwnTextFindsTheNeighboursBm25NeighborsFinds() throws IOException {
    List<Document> docs = new DatasetReader(SharedData.dataset("20newsgroups")).documents().stream()
        .filter(Document::isTrain).limit(300).toList();
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, AnalyzerSettings.DEFAULT, ProgressReporter.NONE);
        Analyzer analyzer = AnalyzerSettings.DEFAULT.newAnalyzer()) {
      Neighbors nn = new Bm25Neighbors(index, Bm25NeighborSettings.DEFAULT).compute(2, ProgressReporter.NONE);
      Bm25TextNeighbours nearest =
          new Bm25TextNeighbours(index.reader(), CorpusIndex.BODY, analyzer, Bm25NeighborSettings.DEFAULT);
      int withNeighbours = 0;
      for (int d = 0; d < docs.size(); d++) {
        assertArrayEquals(nn.of(d), nearest.of(docs.get(d).fullText(), d), "neighbours of document " + d);
        withNeighbours += nn.of(d).length > 0 ? 1 : 0;
      }
      assertTrue(withNeighbours > 290, withNeighbours + " documents with neighbours");
    }
  }

  @Test
  void settingsLineRoundTrips() {
    Bm25NeighborSettings s = new Bm25NeighborSettings(7, 16, 0.9f, 0.4f);
    assertEquals("bm25, k=7, query terms=16, k1=0.9, b=0.4", s.describe());
    assertEquals(s, Bm25NeighborSettings.parse(s.describe()));
    assertEquals(Bm25NeighborSettings.DEFAULT, Bm25NeighborSettings.parse(Bm25NeighborSettings.DEFAULT.describe()));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Bm25NeighborSettings.parse("bm25, k=5"));
    assertTrue(e.getMessage().contains("does not describe BM25 neighbours"), e.getMessage());
  }

  /**
   * Equal-weight terms are cut at {@code queryTerms} in the index's term order (UTF-8 bytes, as a
   * term vector lists them), not Java's UTF-16 order: the two differ between a term with a
   * supplementary character and one with a character in U+E000-U+FFFF such as the ligature "\uFB01".
   */
  @Test
  void tiedTermsAreCutInTheIndexsTermOrder() throws IOException {
    String bold = "\uD835\uDC1A\uD835\uDC1B"; // mathematical bold "ab", U+1D41A U+1D41B
    String fi = "\uFB01le"; // "file" with the fi ligature
    List<Document> docs = List.of(
        new Document("d0", "", bold + " " + fi, List.of(), "train"),
        new Document("d1", "", bold + " zulu", List.of(), "train"),
        new Document("d2", "", fi + " yankee", List.of(), "train"));
    Bm25NeighborSettings oneTerm = new Bm25NeighborSettings(1, 1, 1.2f, 0.75f);
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, AnalyzerSettings.DEFAULT, ProgressReporter.NONE);
        Analyzer analyzer = AnalyzerSettings.DEFAULT.newAnalyzer()) {
      assertEquals(2, index.newTermCountReader().read(0).size(), "both terms survive analysis");
      Neighbors nn = new Bm25Neighbors(index, oneTerm).compute(1, ProgressReporter.NONE);
      assertArrayEquals(new int[] {2}, nn.of(0)); // the ligature term sorts first in UTF-8
      Bm25TextNeighbours nearest = new Bm25TextNeighbours(index.reader(), CorpusIndex.BODY, analyzer, oneTerm);
      assertArrayEquals(nn.of(0), nearest.of(docs.get(0).fullText(), 0));
    }
  }
}
