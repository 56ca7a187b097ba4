package dev.semhash.training.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Edge;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Graphs of a small corpus from links and from TF-IDF neighbours. Runs in about a second. */
class GraphSourceTest {
  private static final List<Document> TRAIN =
      List.of(
          doc("a", "lucene index search engine"),
          doc("b", "lucene search query ranking"),
          doc("c", "neural network training gradient"),
          doc("d", "neural network gradient descent"));
  private static final CorpusSettings SETTINGS =
      CorpusSettings.DEFAULT.withVocabulary(new VocabularySettings(10_000, 1, 1.0));

  private static Document doc(String id, String text) {
    return new Document(id, "", text, List.of(), "train");
  }

  @Test
  void linksGiveTheCitationGraphOfTrainingDocuments() throws IOException {
    List<Edge> edges = List.of(new Edge("a", "c"), new Edge("d", "a"), new Edge("t", "b"));
    try (Corpus corpus = Corpus.build(TRAIN, List.of(), edges, SETTINGS, null, 1, ProgressReporter.NONE)) {
      DocumentGraph g = GraphSource.LINKS.graph(corpus, 20, 1, ProgressReporter.NONE);
      assertArrayEquals(new int[] {2, 3}, g.neighbors(0));
      assertArrayEquals(new int[] {}, g.neighbors(1));
    }
  }

  @Test
  void citeseerCitationsAreReadIntoTheCorpus() throws IOException {
    try (Corpus corpus =
        Corpus.build(new DatasetReader(SharedData.dataset("citeseer")), CorpusSettings.DEFAULT, null, 2, ProgressReporter.NONE)) {
      assertEquals(4397, corpus.edges().orElseThrow().size()); // the dataset README's count
      DocumentGraph g = GraphSource.LINKS.graph(corpus, 20, 2, ProgressReporter.NONE);
      assertEquals(2525, g.size());
      assertTrue(g.edgeCount() > 2000 && g.edgeCount() < 4397, g.toString());
    }
  }

  @Test
  void knnJoinsEachDocumentToItsNearest() throws IOException {
    try (Corpus corpus = Corpus.build(TRAIN, List.of(), SETTINGS, null, 1, ProgressReporter.NONE)) {
      DocumentGraph g = GraphSource.KNN.graph(corpus, 1, 1, ProgressReporter.NONE);
      assertArrayEquals(new int[] {1}, g.neighbors(0));
      assertArrayEquals(new int[] {0}, g.neighbors(1));
      assertArrayEquals(new int[] {3}, g.neighbors(2));
      assertEquals(2, g.edgeCount());
    }
  }

  @Test
  void unionListsLinksFirstThenNearestNeighbours() throws IOException {
    List<Edge> edges = List.of(new Edge("a", "c"));
    try (Corpus corpus = Corpus.build(TRAIN, List.of(), edges, SETTINGS, null, 1, ProgressReporter.NONE)) {
      DocumentGraph g = GraphSource.LINKS_AND_KNN.graph(corpus, 1, 1, ProgressReporter.NONE);
      assertArrayEquals(new int[] {2, 1}, g.neighbors(0));
      assertArrayEquals(new int[] {0}, g.neighbors(1));
      assertArrayEquals(new int[] {0, 3}, g.neighbors(2));
      assertArrayEquals(new int[] {2}, g.neighbors(3));
      assertEquals(3, g.edgeCount());
    }
  }

  @Test
  void linksOnADatasetWithoutEdgesIsAClearError() throws IOException {
    try (Corpus corpus = Corpus.build(TRAIN, List.of(), SETTINGS, null, 1, ProgressReporter.NONE)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> GraphSource.LINKS.graph(corpus, 20, 1, ProgressReporter.NONE));
      assertTrue(e.getMessage().contains("no links between documents"), e.getMessage());
      assertTrue(e.getMessage().contains("--graph knn"), e.getMessage());
    }
  }

  @Test
  void linksNoneOfWhichJoinTrainingDocumentsIsAClearError() throws IOException {
    List<Edge> edges = List.of(new Edge("x", "y"));
    try (Corpus corpus = Corpus.build(TRAIN, List.of(), edges, SETTINGS, null, 1, ProgressReporter.NONE)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> GraphSource.LINKS.graph(corpus, 20, 1, ProgressReporter.NONE));
      assertTrue(e.getMessage().contains("none of the dataset's 1 links"), e.getMessage());
    }
  }

  @Test
  void unknownNamesListTheChoices() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> GraphSource.parse("citations"));
    assertTrue(e.getMessage().contains("links, knn or links+knn"), e.getMessage());
  }

  /**
   * The implicit graph is the TF-IDF cosine k-NN graph (thesis 5.3.2, EVALUATION.md) whatever the
   * corpus's own weighting (--weighting only chooses the encoder's input), as {@link
   * dev.semhash.training.neighbors.CorpusNeighbors#tfidfCosine} already builds it for STH.
   */
  @Test
  void knnGraphIsTfidfCosineWhateverTheCorpusWeighting() throws IOException {
    java.util.Random random = new java.util.Random(5);
    List<Document> docs = new java.util.ArrayList<>();
    for (int i = 0; i < 120; i++) {
      StringBuilder text = new StringBuilder();
      int length = 3 + random.nextInt(15);
      for (int t = 0; t < length; t++) {
        text.append("w").append((int) Math.floor(Math.pow(random.nextDouble(), 2) * 60)).append(' ');
      }
      docs.add(doc("d" + i, text.toString()));
    }
    CorpusSettings settings = CorpusSettings.DEFAULT.withVocabulary(new VocabularySettings(40, 2, 1.0));
    try (Corpus tfidf = Corpus.build(docs, List.of(), settings, null, 1, ProgressReporter.NONE)) {
      DocumentGraph expected = GraphSource.KNN.graph(tfidf, 6, 1, ProgressReporter.NONE);
      for (dev.semhash.text.TermWeighting w :
          List.of(dev.semhash.text.TermWeighting.BINARY, dev.semhash.text.TermWeighting.TF,
              dev.semhash.text.TermWeighting.BM25)) {
        try (Corpus other = Corpus.build(docs, List.of(), settings.withWeighting(w), null, 1, ProgressReporter.NONE)) {
          DocumentGraph g = GraphSource.KNN.graph(other, 6, 1, ProgressReporter.NONE);
          for (int i = 0; i < g.size(); i++) {
            assertArrayEquals(expected.neighbors(i), g.neighbors(i), w + " corpus, node " + i);
          }
        }
      }
    }
  }
}
