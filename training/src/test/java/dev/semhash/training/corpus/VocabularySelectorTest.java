package dev.semhash.training.corpus;

import static dev.semhash.training.corpus.CorpusIndexTest.doc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.Vocabulary;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class VocabularySelectorTest {

  // df: apple 3, banana 2, cherry 1, date 1, egg 1; the fifth document has no token at all.
  // docCount = 4 (documents with a token), sumTotalTermFreq = 3 + 2 + 2 + 1 = 8.
  static final List<Document> DOCS =
      List.of(
          doc("0", "apple banana cherry"),
          doc("1", "Apple banana"),
          doc("2", "apple date"),
          doc("3", "egg"),
          doc("4", "the of and"));

  static CorpusIndex index;

  @BeforeAll
  static void build() throws IOException {
    index = CorpusIndex.buildInMemory(DOCS, AnalyzerSettings.DEFAULT, ProgressReporter.NONE);
  }

  @AfterAll
  static void close() throws IOException {
    index.close();
  }

  static Vocabulary select(int maxTerms, int minDf, double maxDfFraction) throws IOException {
    return VocabularySelector.select(
        index.reader(), CorpusIndex.BODY, new VocabularySettings(maxTerms, minDf, maxDfFraction));
  }

  @Test
  void statisticsAreLuceneFieldStatistics() throws IOException {
    Vocabulary v = select(100, 1, 1.0);
    assertEquals(4, v.numDocs()); // not 5: the stop-word-only document has no token
    assertEquals(2.0, v.avgDocLength());
    assertEquals(List.of("apple", "banana", "cherry", "date", "egg"), v.terms());
    assertEquals(3, v.docFreq(0));
    assertEquals(2, v.docFreq(1));
    assertEquals(1, v.docFreq(4));
  }

  @Test
  void tiesInDocumentFrequencyGoToTermOrder() throws IOException {
    assertEquals(List.of("apple", "banana", "cherry"), select(3, 1, 1.0).terms());
    assertEquals(List.of("apple", "banana", "cherry", "date"), select(4, 1, 1.0).terms());
    assertEquals(List.of("apple"), select(1, 1, 1.0).terms());
  }

  @Test
  void documentFrequencyLimits() throws IOException {
    assertEquals(List.of("apple", "banana"), select(10, 2, 1.0).terms());
    assertEquals(List.of("apple"), select(10, 3, 1.0).terms());
    // 0.5 * 4 documents = at most 2: apple (3) goes.
    assertEquals(List.of("banana", "cherry", "date"), select(3, 1, 0.5).terms());
    assertEquals(List.of("banana"), select(10, 2, 0.5).terms());
    // 0.75 * 4 = 3 keeps apple.
    assertEquals(List.of("apple", "banana"), select(10, 2, 0.75).terms());
  }

  @Test
  void nothingQualifiesGivesAClearError() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> select(10, 4, 1.0));
    assertTrue(e.getMessage().contains("[4, 4]") && e.getMessage().contains("lower --min-df or raise --max-df"), e.getMessage());
  }

  @Test
  void settingsAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(0, 1, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(10, 0, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(10, 1, 0.0));
    assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(10, 1, 1.5));
    assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(10, 1, Double.NaN));
    assertEquals(10_000, VocabularySettings.DEFAULT.maxTerms());
  }

  @Test
  void settingsErrorsNameTheCommandLineOptions() {
    assertEquals(
        "--vocabulary-size must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(0, 1, 1.0)).getMessage());
    assertEquals(
        "--min-df must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(10, 0, 1.0)).getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> new VocabularySettings(10, 1, 1.5))
            .getMessage()
            .startsWith("--max-df must be a fraction in (0, 1]"));
  }
}
