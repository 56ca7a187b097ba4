package dev.semhash.training.hashing.node2hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.HashQuality;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.vdsh.DocumentWords;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import dev.semhash.training.hashing.vdsh.VdshTrainer;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * node2hash on CiteSeer with CI-sized settings (2,000-term vocabulary, 128 hidden units, a few
 * epochs): quality against LSH and VDSH trained alike on the same split, the exported model's
 * codes, and the errors. 165 s on the project's 2-core machine under a load of 16 (about a minute
 * of CPU), so well under a minute when idle.
 */
class Node2hashTrainerTest {
  private static final int BITS = 16;
  private static final long SEED = 42L;
  static final VdshSettings SMALL =
      VdshSettings.DEFAULT.withHiddenUnits(128).withMaxEpochs(12).withPatience(12)
          .withKlAnnealStep(1.0 / 100).withLearningRate(0.003);
  static final Node2hashSettings SETTINGS = Node2hashSettings.DEFAULT.withVdsh(SMALL);

  private static Corpus corpus;
  private static HashModel model;

  @BeforeAll
  static void train() throws IOException {
    CorpusSettings settings =
        CorpusSettings.DEFAULT.withVocabulary(VocabularySettings.DEFAULT.withMaxTerms(2000));
    corpus = Corpus.build(new DatasetReader(SharedData.dataset("citeseer")), settings, null, 2, ProgressReporter.NONE);
    model = Node2hashTrainer.train(corpus, BITS, SETTINGS, SEED, ProgressReporter.NONE);
  }

  @AfterAll
  static void close() throws IOException {
    if (model != null) {
      model.close();
    }
    if (corpus != null) {
      corpus.close();
    }
  }

  @Test
  void citationsKeepPrecisionAtVdshLevelFarAboveLsh() throws IOException {
    double node2hash = HashQuality.precisionAt100(model, corpus);
    double lsh;
    try (HashModel l = HashingMethod.LSH.train(corpus, BITS, SEED, ProgressReporter.NONE)) {
      lsh = HashQuality.precisionAt100(l, corpus);
    }
    double vdsh;
    try (HashModel v = VdshTrainer.train(corpus, dev.semhash.training.hashing.vdsh.VdshVariant.VDSH, BITS, SMALL, SEED, ProgressReporter.NONE)) {
      vdsh = HashQuality.precisionAt100(v, corpus);
    }
    double counts;
    try (HashModel c = Node2hashTrainer.train(
        corpus, BITS, SETTINGS.withDocumentWords(DocumentWords.COUNTS), SEED, ProgressReporter.NONE)) {
      counts = HashQuality.precisionAt100(c, corpus);
    }
    System.out.printf("CiteSeer, %d bits: node2hash Prec@100 %.4f (counts %.4f), VDSH %.4f, LSH %.4f%n",
        BITS, node2hash, counts, vdsh, lsh);
    // measured (seed 42): node2hash 0.4692 with the default unique words, 0.5150 with counts,
    // VDSH 0.5156, LSH 0.2044. On this slice (2,000 terms, 128 hidden units) unique words lose to
    // counts, unlike on the full data's validation splits (see Node2hashSettings#DEFAULT), so the
    // floors are: both far above LSH, and the count decoder not below VDSH beyond seed noise,
    // which rules out a neighbour decoder that hurts the codes (a 10-fold neighbour weight fell
    // 0.08 below VDSH on the validation split).
    assertTrue(node2hash > lsh + 0.22, "node2hash " + node2hash + " should clearly beat LSH " + lsh);
    assertTrue(node2hash > 0.44, "node2hash Prec@100 " + node2hash);
    assertTrue(counts > lsh + 0.25, "node2hash (counts) " + counts + " should clearly beat LSH " + lsh);
    assertTrue(counts > vdsh - 0.02, "node2hash (counts) " + counts + " should not fall below VDSH " + vdsh);
  }

  @Test
  void textEncodesLikeTheCorpusRowsAndThresholdsAreMedians() throws IOException {
    List<Document> docs = new DatasetReader(SharedData.dataset("citeseer")).documents();
    List<String> testTexts = docs.stream().filter(Document::isTest).map(Document::fullText).toList();
    long[][] fromText = CodeEncoder.encodeTexts(model, testTexts, 2, ProgressReporter.NONE);
    long[][] fromRows = CodeEncoder.encode(model, corpus.test(), 2, ProgressReporter.NONE);
    assertArrayEquals(fromRows, fromText);
    int n = corpus.train().numRows();
    int[] above = new int[BITS];
    for (int r = 0; r < n; r++) {
      float[] mu = model.project(corpus.train().row(r));
      for (int j = 0; j < BITS; j++) {
        if (mu[j] > model.thresholds()[j]) {
          above[j]++;
        }
      }
    }
    for (int j = 0; j < BITS; j++) {
      assertEquals(n / 2, above[j], 1, "training documents above threshold " + j);
    }
    assertEquals("node2hash", model.method());
    assertEquals(SETTINGS.documentWords().cliName(), model.info().get("document_words"));
  }

  @Test
  void neighbourhoodTargetsComeFromTrainingCitationsOnly() throws IOException {
    SparseMatrix targets =
        Node2hashTrainer.neighborhoods(
            GraphSource.LINKS.graph(corpus, 20, 2, ProgressReporter.NONE), SETTINGS, 5, false, SEED);
    assertEquals(corpus.train().numRows(), targets.numRows());
    assertEquals(corpus.train().numRows(), targets.numColumns());
    for (float v : targets.values()) {
      assertTrue(v > 0 && v <= 1, "share " + v);
    }
    assertEquals(targets, Node2hashTrainer.neighborhoods(
        GraphSource.LINKS.graph(corpus, 20, 2, ProgressReporter.NONE), SETTINGS, 5, false, SEED));
  }

  /** By default a document is one of its own neighbours on the k-NN graph only; a setting wins. */
  @Test
  void includeSelfFollowsTheGraphUnlessSet() {
    assertTrue(Node2hashSettings.DEFAULT.includeSelf(GraphSource.KNN));
    assertFalse(Node2hashSettings.DEFAULT.includeSelf(GraphSource.LINKS));
    assertFalse(Node2hashSettings.DEFAULT.includeSelf(GraphSource.LINKS_AND_KNN));
    assertFalse(Node2hashSettings.DEFAULT.withIncludeSelf(false).includeSelf(GraphSource.KNN));
    assertTrue(Node2hashSettings.DEFAULT.withIncludeSelf(true).includeSelf(GraphSource.LINKS));
  }

  /** By default a neighbourhood holds up to 800 documents on the k-NN graph and 5 on links; a setting wins. */
  @Test
  void neighbourhoodSizeFollowsTheGraphUnlessSet() {
    assertEquals(800, Node2hashSettings.DEFAULT.neighborhoodSize(GraphSource.KNN));
    assertEquals(5, Node2hashSettings.DEFAULT.neighborhoodSize(GraphSource.LINKS));
    assertEquals(5, Node2hashSettings.DEFAULT.neighborhoodSize(GraphSource.LINKS_AND_KNN));
    assertEquals(3, Node2hashSettings.DEFAULT.withNeighborhoodSize(3).neighborhoodSize(GraphSource.KNN));
    assertEquals(20, Node2hashSettings.DEFAULT.withNeighborhoodSize(20).neighborhoodSize(GraphSource.LINKS));
    assertThrows(IllegalArgumentException.class, () -> Node2hashSettings.DEFAULT.withNeighborhoodSize(0));
  }

  @Test
  void explicitLinksOnADatasetWithoutEdgesIsAClearError() throws IOException {
    List<Document> train =
        List.of(
            new Document("a", "", "graph hashing of documents", List.of("x"), "train"),
            new Document("b", "", "citation graphs of papers", List.of("y"), "train"));
    CorpusSettings settings = CorpusSettings.DEFAULT.withVocabulary(new VocabularySettings(100, 1, 1.0));
    try (Corpus small = Corpus.build(train, List.of(), settings, null, 1, ProgressReporter.NONE)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> Node2hashTrainer.train(small, 8, SETTINGS.withGraph(GraphSource.LINKS), SEED, ProgressReporter.NONE));
      assertTrue(e.getMessage().contains("no links between documents"), e.getMessage());
      assertTrue(e.getMessage().contains("--graph knn"), e.getMessage());
      assertEquals(GraphSource.KNN, Node2hashTrainer.source(small, SETTINGS));
    }
  }
}
