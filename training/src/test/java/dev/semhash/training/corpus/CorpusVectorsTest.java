package dev.semhash.training.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.SparseVector;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.TextVectorizer;
import dev.semhash.text.Vocabulary;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CorpusVectorsTest {

  static CorpusIndex index;
  static Vocabulary vocabulary;

  @BeforeAll
  static void build() throws IOException {
    index = CorpusIndex.buildInMemory(VocabularySelectorTest.DOCS, AnalyzerSettings.DEFAULT, ProgressReporter.NONE);
    // apple 3, banana 2, cherry 1, date 1, egg 1; n = 4, avgdl = 2
    vocabulary =
        VocabularySelector.select(index.reader(), CorpusIndex.BODY, new VocabularySettings(100, 1, 1.0));
  }

  @AfterAll
  static void close() throws IOException {
    index.close();
  }

  static SparseMatrix matrix(TermWeighting weighting, boolean normalize) throws IOException {
    try (TextVectorizer v = new TextVectorizer(AnalyzerSettings.DEFAULT, vocabulary, weighting, normalize)) {
      return CorpusVectors.fromIndex(index, v, 2, ProgressReporter.NONE);
    }
  }

  /** Document 0 is "apple banana cherry": dl = 3, each tf = 1. */
  static void assertRow0(float[] expected, SparseMatrix m) {
    assertArrayEquals(new int[] {0, 1, 2}, m.row(0).indices());
    assertArrayEquals(expected, m.row(0).values(), 1e-6f);
  }

  @Test
  void weightsOfEachWeightingByHand() throws IOException {
    assertRow0(new float[] {1, 1, 1}, matrix(TermWeighting.BINARY, false));
    assertRow0(new float[] {1, 1, 1}, matrix(TermWeighting.TF, false));
    // idf = ln((1 + n) / (1 + df)) + 1 with n = 4: ln(5/4)+1, ln(5/3)+1, ln(5/2)+1
    assertRow0(
        new float[] {1.2231435513f, 1.5108256238f, 1.9162907319f}, matrix(TermWeighting.TFIDF, false));
    assertRow0(
        new float[] {0.4480997314f, 0.5534923153f, 0.7020348194f}, matrix(TermWeighting.TFIDF, true));
    // idf = ln(1 + (n - df + 0.5) / (df + 0.5)); tf part 1 * 2.2 / (1 + 1.2 (0.25 + 0.75 * 3 / 2))
    assertRow0(
        new float[] {0.2961075006f, 0.5754429424f, 0.9995245923f}, matrix(TermWeighting.BM25, false));
    // "Apple banana": tf 1 each, dl = 2 = avgdl, so the BM25 tf part is 2.2 / 2.2 = 1.
    SparseMatrix bm25 = matrix(TermWeighting.BM25, false);
    assertArrayEquals(new float[] {0.3566749439f, 0.6931471806f}, bm25.row(1).values(), 1e-6f);
  }

  @Test
  void documentWithoutVocabularyTermHasAnEmptyRow() throws IOException {
    SparseMatrix m = matrix(TermWeighting.TFIDF, true);
    assertEquals(5, m.numRows());
    assertEquals(0, m.rowSize(4));
    assertEquals(1, m.emptyRows());
    assertEquals(SparseVector.EMPTY, m.row(4));
  }

  @Test
  void termVectorPathEqualsTextPathOnRealPosts() throws IOException {
    Path shared = Path.of(System.getProperty("semhash.shared", "../../shared"));
    List<Document> all = new DatasetReader(shared.resolve("datasets/20newsgroups")).documents();
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < all.size() && docs.size() < 300; i += 37) {
      docs.add(all.get(i));
    }
    for (AnalyzerSettings analyzer : List.of(AnalyzerSettings.DEFAULT, AnalyzerSettings.ENGLISH_STEMMED)) {
      try (CorpusIndex idx = CorpusIndex.buildInMemory(docs, analyzer, ProgressReporter.NONE)) {
        Vocabulary vocab =
            VocabularySelector.select(idx.reader(), CorpusIndex.BODY, new VocabularySettings(2000, 2, 0.9));
        List<String> texts = docs.stream().map(Document::fullText).toList();
        for (TermWeighting w : TermWeighting.values()) {
          for (boolean normalize : new boolean[] {false, true}) {
            try (TextVectorizer v = new TextVectorizer(analyzer, vocab, w, normalize)) {
              SparseMatrix fromIndex = CorpusVectors.fromIndex(idx, v, 2, ProgressReporter.NONE);
              SparseMatrix fromText = CorpusVectors.fromTexts(texts, v, 2, ProgressReporter.NONE);
              assertEquals(fromText, fromIndex, analyzer + " " + w + " " + normalize);
              for (int r = 0; r < docs.size(); r += 50) {
                assertEquals(v.vectorize(texts.get(r)), fromIndex.row(r));
              }
            }
          }
        }
      }
    }
  }
}
