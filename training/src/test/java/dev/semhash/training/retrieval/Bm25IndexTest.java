package dev.semhash.training.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Run;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Bm25IndexTest {

  // After Porter-stemmed English analysis of "title text":
  //   d0: cat cat chase mice          (4 terms)
  //   d1: dog dog chase cat cat       (5 terms; "and" is a stop word)
  //   d2: bird bird sing              (3 terms)
  // N = 3, avgdl = 12 / 3 = 4; df(cat) = df(chase) = 2.
  private static final List<Document> DOCS =
      List.of(
          new Document("d0", "Cats", "cats chase mice", List.of(), ""),
          new Document("d1", "Dogs", "dogs chase cats and cats", List.of(), ""),
          new Document("d2", "Birds", "birds sing", List.of(), ""));

  @Test
  void handComputedScores() throws IOException {
    // Lucene BM25: idf = ln(1 + (N - df + 0.5) / (df + 0.5)) = ln(1 + 1.5 / 2.5) = ln 1.6 = 0.4700036
    // score = idf * tf / (tf + k1 (1 - b + b dl / avgdl)), k1 = 0.9, b = 0.4:
    //   d0: tf 2, dl 4: 0.4700036 * 2 / (2 + 0.9 * 1.0) = 0.3241404
    //   d1: tf 2, dl 5: 0.4700036 * 2 / (2 + 0.9 * 1.1) = 0.3143837
    try (Bm25Index bm25 = Bm25Index.inMemory(DOCS, ProgressReporter.NONE)) {
      List<Bm25Index.Hit> hits = bm25.search("Cats!", 10);
      assertEquals(2, hits.size());
      assertEquals(new Bm25Index.Hit(0, "d0", hits.get(0).score()), hits.get(0));
      assertEquals(0.3241404339625763, hits.get(0).score(), 1e-6);
      assertEquals(1, hits.get(1).ordinal());
      assertEquals("d1", hits.get(1).id());
      assertEquals(0.3143836984921308, hits.get(1).score(), 1e-6);
      assertEquals(1, bm25.search("cat", 1).size());
      assertEquals(3, bm25.numDocs());
      assertEquals(2, bm25.ordinal("d2"));
      assertEquals(-1, bm25.ordinal("nope"));
      assertEquals("d1", bm25.id(1));
    }
  }

  @Test
  void repeatedQueryTermsCountLikeRepeatedClauses() throws IOException {
    // "cats cats chase" on d0: 2 * 0.3241404 + idf(chase) * 1 / (1 + 0.9) = 0.6482809 + 0.2473704
    //   = 0.8956512
    try (Bm25Index bm25 = Bm25Index.inMemory(DOCS, ProgressReporter.NONE)) {
      List<Bm25Index.Hit> hits = bm25.search("cats cats chase", 10);
      assertEquals("d0", hits.get(0).id());
      assertEquals(0.8956511991071188, hits.get(0).score(), 1e-6);
      // The same as one SHOULD clause per occurrence.
      BooleanQuery.Builder perOccurrence = new BooleanQuery.Builder();
      for (String t : new String[] {"cat", "cat", "chase"}) {
        perOccurrence.add(new TermQuery(new Term(Bm25Index.FIELD, t)), BooleanClause.Occur.SHOULD);
      }
      TopDocs top = bm25.searcher().search(perOccurrence.build(), 10);
      assertEquals(hits.size(), top.scoreDocs.length);
      for (int i = 0; i < hits.size(); i++) {
        assertEquals(top.scoreDocs[i].score, hits.get(i).score(), 1e-6);
      }
      assertEquals(
          java.util.Map.of("cat", 2, "chase", 1),
          BagOfWordsQuery.termCounts(
              AnalyzerSettings.ENGLISH_STEMMED.newAnalyzer(), Bm25Index.FIELD, "cats cats chase"));
    }
  }

  @Test
  void queryOfStopWordsMatchesNothing() throws IOException {
    try (Bm25Index bm25 = Bm25Index.inMemory(DOCS, ProgressReporter.NONE)) {
      assertEquals(List.of(), bm25.search("the and of", 10));
      // A run skips queries without hits.
      Run run =
          bm25.search(
              List.of(new Query("q1", "the", ""), new Query("q2", "sing", "")),
              10,
              "bm25",
              ProgressReporter.NONE);
      assertEquals(java.util.Set.of("q2"), run.queryIds());
      assertEquals("d2", run.ranking("q2").get(0).docId());
    }
  }

  @Test
  void reopenedIndexKeepsSettingsAndResults(@TempDir Path dir) throws IOException {
    Bm25Index.Settings settings = new Bm25Index.Settings(AnalyzerSettings.DEFAULT, 1.2f, 0.75f);
    List<Bm25Index.Hit> before;
    try (Bm25Index bm25 = Bm25Index.onDisk(DOCS, settings, dir, ProgressReporter.NONE)) {
      before = bm25.search("cats chase", 10);
    }
    try (Bm25Index reopened = Bm25Index.open(FSDirectory.open(dir))) {
      assertEquals(settings, reopened.settings());
      assertEquals(before, reopened.search("cats chase", 10));
    }
    // Without stemming, "cats" does not match the stem "cat": the settings really changed.
    try (Bm25Index stemmed = Bm25Index.inMemory(DOCS, ProgressReporter.NONE)) {
      assertTrue(stemmed.search("cat", 10).size() == 2);
    }
    try (Bm25Index unstemmed = Bm25Index.open(FSDirectory.open(dir))) {
      assertEquals(0, unstemmed.search("cat", 10).size());
    }
  }

  @Test
  void rejectsForeignIndex() throws IOException {
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
      org.apache.lucene.document.Document doc = new org.apache.lucene.document.Document();
      doc.add(new TextField("body", "hello", Field.Store.NO));
      w.addDocument(doc);
    }
    IOException e = assertThrows(IOException.class, () -> Bm25Index.open(dir));
    assertTrue(e.getMessage().contains("not built by Bm25Index"), e.getMessage());
  }

  @Test
  void rejectsBadInput() throws IOException {
    IllegalArgumentException empty =
        assertThrows(
            IllegalArgumentException.class, () -> Bm25Index.inMemory(List.of(), ProgressReporter.NONE));
    assertTrue(empty.getMessage().contains("no document"), empty.getMessage());
    IllegalArgumentException dup =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Bm25Index.inMemory(
                    List.of(DOCS.get(0), DOCS.get(1), DOCS.get(0)), ProgressReporter.NONE));
    assertTrue(dup.getMessage().contains("\"d0\" appears twice"), dup.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> new Bm25Index.Settings(AnalyzerSettings.DEFAULT, Float.NaN, 0.4f));
    assertThrows(
        IllegalArgumentException.class, () -> new Bm25Index.Settings(AnalyzerSettings.DEFAULT, 0.9f, 1.5f));
    try (Bm25Index bm25 = Bm25Index.inMemory(DOCS, ProgressReporter.NONE)) {
      IllegalArgumentException k =
          assertThrows(IllegalArgumentException.class, () -> bm25.search("cat", 0));
      assertTrue(k.getMessage().contains("must be positive"), k.getMessage());
      assertThrows(
          IllegalArgumentException.class,
          () -> bm25.search(List.of(), 10, "r", ProgressReporter.NONE));
    }
  }
}
