package dev.semhash.training.hashing.sth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.data.Document;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.Neighbors;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** STH on a small synthetic corpus of four topics: export, isolated documents and bad inputs. */
class SthTrainerTest {

  /** {@code perTopic} documents of 8 words drawn from each of 4 disjoint 12-word topics. */
  static List<Document> topicDocuments(int perTopic, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    String[] topics = {"alpha", "bravo", "charlie", "delta"};
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < perTopic; i++) {
      for (String topic : topics) {
        StringBuilder text = new StringBuilder();
        for (int w = 0; w < 8; w++) {
          text.append(topic).append("word").append((char) ('a' + random.nextInt(12))).append(' ');
        }
        docs.add(new Document(topic + i, "", text.toString(), List.of(topic), "train"));
      }
    }
    return docs;
  }

  static Corpus corpus(List<Document> train) throws IOException {
    return Corpus.build(train, List.of(), CorpusSettings.DEFAULT, null, 1, ProgressReporter.NONE);
  }

  /** Bit {@code j} of a packed code (most significant bit first, as HammingCodes). */
  static boolean bit(long[] code, int j) {
    return (code[j >>> 6] >>> (63 - (j & 63)) & 1) == 1;
  }

  @Test
  void exportedModelReproducesTheClassifiers() throws IOException {
    try (Corpus corpus = corpus(topicDocuments(20, 1))) {
      Neighbors graph =
          CorpusNeighbors.tfidfCosine(corpus, 10, null, 1, ProgressReporter.NONE).symmetrized();
      // C = 1 (LIBLINEAR's default) fits the targets hard, which is what the accuracy check below
      // is about.
      SthSettings settings = SthSettings.DEFAULT.withSvm(SvmSettings.DEFAULT);
      SthTrainer.Fit fit =
          SthTrainer.fit(corpus.train(), graph, 16, 7L, settings, 2, ProgressReporter.NONE);
      HashModel model =
          new HashModel(
              "sth",
              java.util.Map.of(),
              corpus.settings().analyzer(),
              corpus.vocabulary(),
              corpus.settings().weighting(),
              corpus.settings().normalize(),
              SthTrainer.toLayer(fit.classifiers(), corpus.vocabulary().size()),
              List.of(),
              new float[16]);
      SparseMatrix x = corpus.train();
      for (int r = 0; r < x.numRows(); r++) {
        float[] projected = model.project(x.row(r));
        long[] code = model.encode(x.row(r));
        for (int j = 0; j < 16; j++) {
          double decision = fit.classifiers().get(j).decision(x, r);
          assertEquals(
              decision, projected[j], 1e-4 * (1 + Math.abs(decision)), "row " + r + " bit " + j);
          if (Math.abs(decision) > 1e-4) {
            assertEquals(decision > 0, bit(code, j), "row " + r + " bit " + j);
          }
        }
      }
      // The topic bits are easy; bits from within a topic split random word draws and are harder
      // (measured 0.930 over the 16 bits).
      double accuracy = SthTrainer.trainingAccuracy(x, fit.codes(), fit.classifiers());
      assertTrue(accuracy > 0.9, "training bit accuracy " + accuracy);
    }
  }

  @Test
  void spectralBitsSplitTheDocumentsInHalf() throws IOException {
    try (Corpus corpus = corpus(topicDocuments(25, 2))) {
      Neighbors graph =
          CorpusNeighbors.tfidfCosine(corpus, 10, null, 1, ProgressReporter.NONE).symmetrized();
      SpectralCodes codes =
          SpectralCodes.compute(
              NormalizedAdjacency.of(graph, EdgeWeighting.COSINE),
              8,
              1e-8,
              3L,
              ProgressReporter.NONE);
      // The four topics share no word, so the graph has four components and eigenvalue 1 three
      // more vectors besides the trivial one: constant per topic, they split the topics 50 / 50.
      // Later bits come from within topics; "above the median" never takes more than half.
      assertArrayEquals(
          new double[] {1, 1, 1}, java.util.Arrays.copyOf(codes.eigenvalues(), 3), 1e-8);
      for (int j = 0; j < 8; j++) {
        int ones = 0;
        for (int i = 0; i < codes.size(); i++) {
          ones += codes.bit(j, i) ? 1 : 0;
        }
        if (j < 3) {
          assertEquals(50, ones, "bit " + j + " of 100 documents");
        } else {
          assertTrue(ones <= 50 && ones > 0, ones + " ones in bit " + j);
        }
      }
      // So documents of one topic agree on the three leading bits.
      int same = 0;
      int pairs = 0;
      for (int a = 0; a < 100; a++) {
        for (int b = a + 1; b < 100; b++) {
          if (corpus.trainLabels()[a][0] == corpus.trainLabels()[b][0]) {
            pairs++;
            boolean agree = true;
            for (int j = 0; j < 3; j++) {
              agree &= codes.bit(j, a) == codes.bit(j, b);
            }
            same += agree ? 1 : 0;
          }
        }
      }
      assertEquals(pairs, same, "same-topic pairs that agree");
    }
  }

  @Test
  void isolatedDocumentsGetNoTargetButAreEncoded() throws IOException {
    List<Document> docs = new ArrayList<>(topicDocuments(10, 3));
    // Only stop words: no vocabulary term, an empty row, no neighbour.
    docs.add(new Document("empty", "", "the and of it is", List.of("alpha"), "train"));
    try (Corpus corpus = corpus(docs)) {
      int empty = docs.size() - 1;
      assertEquals(0, corpus.train().rowSize(empty));
      Neighbors graph =
          CorpusNeighbors.tfidfCosine(corpus, 10, null, 1, ProgressReporter.NONE).symmetrized();
      SthTrainer.Fit fit =
          SthTrainer.fit(
              corpus.train(), graph, 8, 7L, SthSettings.DEFAULT, 1, ProgressReporter.NONE);
      assertEquals(1, fit.graph().isolatedCount());
      assertFalse(fit.codes().hasTarget(empty));
      assertEquals(docs.size() - 1, fit.codes().documentsWithTarget().length);

      HashModel model =
          SthTrainer.train(corpus, 8, 7L, SthSettings.DEFAULT, 1, ProgressReporter.NONE);
      assertEquals("1", model.info().get("isolated_documents"));
      // An empty document's code is the sign of the biases.
      long[] code = model.encode(corpus.train().row(empty));
      float[] bias = model.inputLayer().bias();
      for (int j = 0; j < 8; j++) {
        assertEquals(bias[j] > 0, bit(code, j));
      }
    }
  }

  @Test
  void sameSeedSameModel() throws IOException {
    try (Corpus corpus = corpus(topicDocuments(10, 4))) {
      HashModel a = SthTrainer.train(corpus, 8, 5L, SthSettings.DEFAULT, 2, ProgressReporter.NONE);
      HashModel b = SthTrainer.train(corpus, 8, 5L, SthSettings.DEFAULT, 1, ProgressReporter.NONE);
      for (int t = 0; t < corpus.vocabulary().size(); t++) {
        assertArrayEquals(a.inputLayer().columns()[t], b.inputLayer().columns()[t], 0);
      }
      assertArrayEquals(a.inputLayer().bias(), b.inputLayer().bias(), 0);
    }
  }

  @Test
  void registeredAsAHashingMethod() throws IOException {
    assertEquals(HashingMethod.STH, HashingMethod.parse("sth"));
    assertFalse(HashingMethod.STH.supervised());
    try (Corpus corpus = corpus(topicDocuments(10, 5))) {
      HashModel model = HashingMethod.STH.train(corpus, 8, 1L, ProgressReporter.NONE);
      assertEquals("sth", model.method());
      assertEquals(8, model.bits());
      assertArrayEquals(new float[8], model.thresholds(), 0);
    }
  }

  @Test
  void tooManyBitsForTheDocuments() throws IOException {
    try (Corpus corpus = corpus(topicDocuments(3, 6))) { // 12 documents
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  SthTrainer.train(corpus, 16, 1L, SthSettings.DEFAULT, 1, ProgressReporter.NONE));
      assertTrue(
          e.getMessage().contains("16 bits need at least 17 training documents")
              && e.getMessage().contains("there are 12"),
          e.getMessage());
      e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  SthTrainer.train(corpus, 12, 1L, SthSettings.DEFAULT, 1, ProgressReporter.NONE));
      assertTrue(e.getMessage().contains("multiple of 8"), e.getMessage());
    }
  }

  @Test
  void tooManyBitsForTheConnectedDocuments() {
    // 12 documents, 5 of them isolated: the 7 with edges have 6 non-trivial eigenvectors.
    List<int[]> edges = new ArrayList<>(GraphFixtures.ringEdges(0, 7));
    NormalizedAdjacency s =
        NormalizedAdjacency.of(
            GraphFixtures.graph(12, edges.toArray(int[][]::new)), EdgeWeighting.BINARY);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SpectralCodes.compute(s, 8, 1e-8, 1L, ProgressReporter.NONE));
    assertTrue(
        e.getMessage().contains("has only 6") && e.getMessage().contains("5 isolated documents"),
        e.getMessage());
  }

  @Test
  void emptyTrainingSetAndMismatchedInputs() {
    SparseMatrix none = new SparseMatrix.Builder(5).build();
    Neighbors empty = new Neighbors(new int[0][], new float[0][]);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SthTrainer.fit(none, empty, 8, 1L, SthSettings.DEFAULT, 1, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("no training document"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> NormalizedAdjacency.of(empty, EdgeWeighting.COSINE));

    SparseMatrix.Builder b = new SparseMatrix.Builder(3);
    for (int i = 0; i < 20; i++) {
      b.addRow(new dev.semhash.text.SparseVector(new int[] {i % 3}, new float[] {1}));
    }
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SthTrainer.fit(
                    b.build(),
                    GraphFixtures.ring(19),
                    8,
                    1L,
                    SthSettings.DEFAULT,
                    1,
                    ProgressReporter.NONE));
    assertTrue(
        e.getMessage().contains("19 documents but the features have 20 rows"), e.getMessage());
    // Every document isolated: nothing to learn.
    Neighbors isolated = new Neighbors(new int[20][0], new float[20][0]);
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SthTrainer.fit(
                    b.build(), isolated, 8, 1L, SthSettings.DEFAULT, 1, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("only 0"), e.getMessage());
  }

  @Test
  void badSettings() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SthSettings.DEFAULT.withNeighbors(0));
    assertTrue(e.getMessage().contains("neighbors must be at least 1"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new SthSettings(20, EdgeWeighting.COSINE, Double.NaN, SvmSettings.DEFAULT));
    assertTrue(e.getMessage().contains("eigenTolerance"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SthSettings.DEFAULT.withWeighting(null));
  }

  @Test
  void directedGraphIsRejected() {
    Neighbors directed = new Neighbors(new int[][] {{1}, {}, {}}, new float[][] {{1f}, {}, {}});
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> NormalizedAdjacency.of(directed, EdgeWeighting.BINARY));
    assertTrue(e.getMessage().contains("symmetrized()"), e.getMessage());
  }
}
