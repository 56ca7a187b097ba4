package dev.semhash.training.neighbors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CorpusNeighborsTest {

  static List<Document> randomDocs(long seed, int n) {
    Random random = new Random(seed);
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder text = new StringBuilder();
      int length = 3 + random.nextInt(15);
      for (int t = 0; t < length; t++) {
        // Skewed word choice, so that some words are common and some rare.
        text.append("w").append((int) Math.floor(Math.pow(random.nextDouble(), 2) * 60)).append(' ');
      }
      docs.add(new Document("d" + i, "", text.toString(), List.of("L" + (i % 4)), "train"));
    }
    return docs;
  }

  static final CorpusSettings SETTINGS =
      CorpusSettings.DEFAULT.withVocabulary(new VocabularySettings(40, 2, 1.0));

  @Test
  void cosineGraphUsesTfidfWhateverTheCorpusWeighting() throws IOException {
    List<Document> docs = randomDocs(5, 120);
    try (Corpus tfidf = Corpus.build(docs, List.of(), SETTINGS, null, 2, ProgressReporter.NONE);
        Corpus bm25 =
            Corpus.build(
                docs, List.of(), SETTINGS.withWeighting(TermWeighting.BM25), null, 2, ProgressReporter.NONE)) {
      Neighbors expected = CosineKnnGraph.compute(tfidf.train(), 6, 1, ProgressReporter.NONE);
      assertEquals(expected, CorpusNeighbors.tfidfCosine(tfidf, 6, null, 2, ProgressReporter.NONE));
      assertEquals(expected, CorpusNeighbors.tfidfCosine(bm25, 6, null, 2, ProgressReporter.NONE));
      // The weighting of the corpus does not shape the graph, so it is not part of the key.
      assertEquals(CorpusNeighbors.tfidfCosineKey(tfidf, 6), CorpusNeighbors.tfidfCosineKey(bm25, 6));
    }
  }

  @Test
  void keysChangeWithEverySettingThatMatters() throws IOException {
    List<Document> docs = randomDocs(6, 50);
    List<Document> edited = new ArrayList<>(docs);
    edited.set(7, new Document("d7", "", "w1 w2 w3 changed", List.of(), "train"));
    try (Corpus a = Corpus.build(docs, List.of(), SETTINGS, null, 1, ProgressReporter.NONE);
        Corpus b = Corpus.build(edited, List.of(), SETTINGS, null, 1, ProgressReporter.NONE);
        Corpus c =
            Corpus.build(
                docs, List.of(), SETTINGS.withAnalyzer(AnalyzerSettings.ENGLISH_STEMMED), null, 1, ProgressReporter.NONE);
        Corpus d =
            Corpus.build(
                docs, List.of(), SETTINGS.withVocabulary(new VocabularySettings(30, 2, 1.0)), null, 1, ProgressReporter.NONE)) {
      Bm25NeighborSettings s = Bm25NeighborSettings.DEFAULT;
      NeighborKey base = CorpusNeighbors.bm25Key(a.index(), s);
      assertEquals(base, CorpusNeighbors.bm25Key(d.index(), s)); // vocabulary does not shape BM25
      assertNotEquals(base, CorpusNeighbors.bm25Key(b.index(), s));
      assertNotEquals(base, CorpusNeighbors.bm25Key(c.index(), s));
      assertNotEquals(base, CorpusNeighbors.bm25Key(a.index(), s.withK(10)));
      assertNotEquals(base, CorpusNeighbors.bm25Key(a.index(), s.withQueryTerms(16)));
      assertNotEquals(base, CorpusNeighbors.bm25Key(a.index(), new Bm25NeighborSettings(20, 32, 0.9f, 0.4f)));
      NeighborKey cos = CorpusNeighbors.tfidfCosineKey(a, 20);
      assertNotEquals(cos, CorpusNeighbors.tfidfCosineKey(d, 20));
      assertNotEquals(cos, CorpusNeighbors.tfidfCosineKey(b, 20));
      assertNotEquals(cos, CorpusNeighbors.tfidfCosineKey(a, 10));
      assertNotEquals(cos.fileName(), base.fileName());
      // the computation's version is part of each key, so a changed computation misses old caches
      assertEquals(String.valueOf(CorpusNeighbors.BM25_ALGORITHM), base.parameters().get("algorithm"));
      assertEquals(String.valueOf(CorpusNeighbors.TFIDF_COSINE_ALGORITHM), cos.parameters().get("algorithm"));
    }
  }
}
