package dev.semhash.training.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusIndexTest {

  static Document doc(String id, String text, String... labels) {
    return new Document(id, "", text, List.of(labels), "train");
  }

  @Test
  void docIdIsOrdinalWhateverTheThreadsAndSegments() throws IOException {
    // Enough documents for several indexing chunks on several threads.
    Random random = new Random(7);
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      docs.add(doc("d" + i, "word" + random.nextInt(50) + " common token" + i, "L" + (i % 3)));
    }
    AtomicLong steps = new AtomicLong();
    ProgressReporter counting =
        (task, total, unit) ->
            new ProgressReporter.Progress() {
              @Override
              public void step(long n) {
                steps.addAndGet(n);
              }

              @Override
              public void close() {}
            };
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, AnalyzerSettings.DEFAULT, counting)) {
      assertEquals(3000, index.size());
      assertEquals(3000, steps.get());
      assertEquals(1, index.reader().leaves().size());
      CorpusIndex.TermCountReader counts = index.newTermCountReader();
      for (int ord = 0; ord < docs.size(); ord += 97) {
        assertEquals("d" + ord, index.id(ord));
        assertEquals(List.of("L" + (ord % 3)), index.labels(ord));
        // The unique token proves the term vector belongs to this ordinal.
        assertTrue(List.of(counts.read(ord).terms()).contains("token" + ord));
      }
    }
  }

  @Test
  void termCountsComeFromTermVectors() throws IOException {
    List<Document> docs =
        List.of(
            doc("a", "The cat sat on the cat mat; CAT!"),
            doc("b", "the of and"), // only stop words: no token at all
            new Document("c", "Title Words", "body words", List.of(), "train"));
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, AnalyzerSettings.DEFAULT, ProgressReporter.NONE)) {
      CorpusIndex.TermCountReader reader = index.newTermCountReader();
      CorpusIndex.TermCounts a = reader.read(0);
      assertArrayEquals(new String[] {"cat", "mat", "sat"}, a.terms());
      assertArrayEquals(new int[] {3, 1, 1}, a.counts());
      assertEquals(5, a.length());
      assertSame(CorpusIndex.TermCounts.EMPTY, reader.read(1));
      CorpusIndex.TermCounts c = reader.read(2);
      assertArrayEquals(new String[] {"body", "title", "words"}, c.terms());
      assertArrayEquals(new int[] {1, 1, 2}, c.counts());
    }
  }

  @Test
  void hugeDocumentIsIndexed() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 300_000; i++) {
      text.append("w").append(i % 1000).append(' ');
    }
    List<Document> docs = List.of(doc("huge", text.toString()), doc("small", "w1 w2"));
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, AnalyzerSettings.DEFAULT, ProgressReporter.NONE)) {
      CorpusIndex.TermCounts huge = index.newTermCountReader().read(0);
      assertEquals(1000, huge.size());
      assertEquals(300_000, huge.length());
      assertEquals(300, huge.counts()[0]);
    }
  }

  @Test
  void emptyTrainingSetIsRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> CorpusIndex.buildInMemory(List.of(), AnalyzerSettings.DEFAULT, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("training set is empty"), e.getMessage());
  }

  @Test
  void reopensFromDiskWithSettingsAndDigest(@TempDir Path tmp) throws IOException {
    List<Document> docs = List.of(doc("x", "alpha beta", "A"), doc("y", "beta gamma", "B"));
    AnalyzerSettings settings = AnalyzerSettings.ENGLISH_STEMMED;
    String digest;
    try (Directory dir = FSDirectory.open(tmp.resolve("index"))) {
      try (CorpusIndex built = CorpusIndex.build(docs, settings, dir, ProgressReporter.NONE)) {
        digest = built.digest();
      }
      try (CorpusIndex index = CorpusIndex.open(dir)) {
        assertEquals(2, index.size());
        assertEquals("y", index.id(1));
        assertEquals(settings, index.analyzerSettings());
        assertEquals(digest, index.digest());
        assertEquals(List.of("B"), index.labels(1));
      }
    }
    assertEquals(64, digest.length());
    assertEquals(digest, CorpusIndex.digest(docs));
    assertNotEquals(
        digest, CorpusIndex.digest(List.of(doc("x", "alpha beta"), doc("y", "beta gamma!"))));
    // Moving text between documents changes the digest too.
    assertNotEquals(
        CorpusIndex.digest(List.of(doc("x", "ab"), doc("y", "c"))),
        CorpusIndex.digest(List.of(doc("x", "a"), doc("y", "bc"))));
  }

  @Test
  void foreignIndexIsRefused() throws IOException {
    try (Directory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
        org.apache.lucene.document.Document d = new org.apache.lucene.document.Document();
        d.add(new TextField("body", "hello", Field.Store.NO));
        w.addDocument(d);
      }
      IOException e = assertThrows(IOException.class, () -> CorpusIndex.open(dir));
      assertTrue(e.getMessage().contains("not a semhash corpus index"), e.getMessage());
    }
  }

  @Test
  void modifiedIndexIsRefused() throws IOException {
    try (Directory dir = new ByteBuffersDirectory()) {
      CorpusIndex.build(
              List.of(doc("x", "alpha"), doc("y", "beta")), AnalyzerSettings.DEFAULT, dir, ProgressReporter.NONE)
          .close();
      IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer());
      config.setIndexSort(
          new org.apache.lucene.search.Sort(
              new org.apache.lucene.search.SortField(CorpusIndex.ORD, org.apache.lucene.search.SortField.Type.INT)));
      try (IndexWriter w = new IndexWriter(dir, config)) {
        w.deleteDocuments(new org.apache.lucene.index.Term(CorpusIndex.ID, "x"));
        // The writer keeps the commit's user data, so only the deletion tells this index apart.
      }
      IOException e = assertThrows(IOException.class, () -> CorpusIndex.open(dir));
      assertTrue(e.getMessage().contains("rebuild"), e.getMessage());
    }
  }
}
