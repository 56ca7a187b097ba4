package dev.semhash.training.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.TermWeighting;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusTest {

  static DatasetReader dataset(Path dir, String... lines) throws IOException {
    Files.createDirectories(dir);
    Files.write(dir.resolve("docs.jsonl"), List.of(lines));
    return new DatasetReader(dir);
  }

  static final CorpusSettings SMALL =
      CorpusSettings.DEFAULT.withVocabulary(new VocabularySettings(100, 1, 1.0));

  @Test
  void splitsVectorizesAndEncodesLabels(@TempDir Path tmp) throws IOException {
    DatasetReader data =
        dataset(
            tmp.resolve("d"),
            "{\"id\":\"a\",\"text\":\"space shuttle launch\",\"labels\":[\"sci\"],\"split\":\"train\"}",
            "{\"id\":\"t1\",\"text\":\"shuttle launch delayed\",\"labels\":[\"sci\",\"news\"],\"split\":\"test\"}",
            "{\"id\":\"b\",\"text\":\"hockey game tonight\",\"labels\":[\"rec\"],\"split\":\"train\"}",
            "{\"id\":\"c\",\"text\":\"the game of hockey\",\"labels\":[\"rec\",\"sci\"],\"split\":\"train\"}",
            "{\"id\":\"t2\",\"text\":\"unknown words only\",\"labels\":[\"rec\"],\"split\":\"test\"}");
    try (Corpus corpus = Corpus.build(data, SMALL, null, 2, ProgressReporter.NONE)) {
      assertEquals(List.of("a", "b", "c"), corpus.trainIds());
      assertEquals(List.of("t1", "t2"), corpus.testIds());
      assertEquals(List.of("rec", "sci"), corpus.labels().names());
      assertArrayEquals(new int[][] {{1}, {0}, {0, 1}}, corpus.trainLabels());
      // "news" is no training label: it can match nothing and is left out.
      assertArrayEquals(new int[][] {{1}, {0}}, corpus.testLabels());
      assertEquals(3, corpus.train().numRows());
      assertEquals(2, corpus.test().numRows());
      assertEquals(corpus.vocabulary().size(), corpus.train().numColumns());
      // hockey and game (df 2) first, then the df-1 terms in term order.
      assertEquals(List.of("game", "hockey", "launch", "shuttle", "space", "tonight"), corpus.vocabulary().terms());
      assertEquals(corpus.vectorizer().vectorize("shuttle launch delayed"), corpus.test().row(0));
      assertEquals(1, corpus.test().emptyRows()); // t2 shares no word with the training set
      assertEquals(1.0, corpus.train().row(0).norm(), 1e-6);
      assertEquals(TermWeighting.TFIDF, corpus.vectorizer().weighting());
    }
  }

  @Test
  void datasetWithoutSplitIsAllTraining(@TempDir Path tmp) throws IOException {
    DatasetReader data =
        dataset(tmp.resolve("d"), "{\"id\":\"a\",\"text\":\"alpha beta\"}", "{\"id\":\"b\",\"text\":\"beta gamma\"}");
    try (Directory dir = FSDirectory.open(tmp.resolve("index"));
        Corpus corpus = Corpus.build(data, SMALL, dir, 1, ProgressReporter.NONE)) {
      assertEquals(2, corpus.train().numRows());
      assertEquals(0, corpus.test().numRows());
      assertArrayEquals(new int[][] {{}, {}}, corpus.trainLabels());
      try (CorpusIndex reopened = CorpusIndex.open(dir)) {
        assertEquals(corpus.index().digest(), reopened.digest());
      }
    }
  }

  @Test
  void noTrainingDocumentIsAClearError(@TempDir Path tmp) throws IOException {
    DatasetReader data =
        dataset(tmp.resolve("d"), "{\"id\":\"a\",\"text\":\"alpha beta\",\"split\":\"test\"}");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Corpus.build(data, SMALL, null, 1, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("no document with split \"train\""), e.getMessage());
  }

  @Test
  void corpusWithoutAnyTokenIsAClearError(@TempDir Path tmp) throws IOException {
    DatasetReader data =
        dataset(tmp.resolve("d"), "{\"id\":\"a\",\"text\":\"the of and\",\"split\":\"train\"}");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Corpus.build(data, SMALL, null, 1, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("drop every token"), e.getMessage());
  }
}
