package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.neighbors.Bm25NeighborSettings;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.Neighbors;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VdshSpec} extras through the trainer, on 300 20 Newsgroups training posts: an auxiliary
 * decoder over neighbour document ids (a target space the size of the training set, as node2hash
 * uses) together with the mean-pooled neighbour encoder; the exported model encodes as the
 * trainer does, records the extras and survives its model file; rows that do not match the
 * training documents fail.
 * Runs in about 10 s.
 */
class VdshSpecTest {
  private static final VdshSettings TINY =
      VdshSettings.DEFAULT.withHiddenUnits(32).withMaxEpochs(2).withKlAnnealStep(0.1).withThreads(2);
  private static Corpus corpus;
  private static SparseMatrix counts;
  private static int[][] neighbours;
  private static VdshSpec spec;
  private static TrainedVdsh trained;
  private static HashModel model;

  @BeforeAll
  static void train() throws IOException {
    List<Document> all = new DatasetReader(SharedData.dataset("20newsgroups")).documents();
    List<Document> train = VdshTrainerTest.sample(all.stream().filter(Document::isTrain).toList(), 300, 3);
    CorpusSettings settings =
        CorpusSettings.DEFAULT.withVocabulary(VocabularySettings.DEFAULT.withMaxTerms(1000));
    corpus = Corpus.build(train, List.of(), settings, null, 2, ProgressReporter.NONE);
    counts = VdshTrainer.rawCounts(corpus, 2, ProgressReporter.NONE);
    Neighbors nn =
        CorpusNeighbors.bm25(corpus.index(), Bm25NeighborSettings.DEFAULT.withK(5), null, 2, ProgressReporter.NONE);
    int n = corpus.train().numRows();
    neighbours = new int[n][];
    List<SparseVector> ids = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      neighbours[d] = nn.of(d).length == 0 ? new int[] {d} : nn.of(d).clone();
      int[] sorted = neighbours[d].clone();
      Arrays.sort(sorted);
      float[] ones = new float[sorted.length];
      Arrays.fill(ones, 1f);
      ids.add(new SparseVector(sorted, ones));
    }
    spec =
        VdshSpec.builder("test-method")
            .decoder(new BagDecoder("neighbour_ids", SparseMatrix.ofRows(ids, n), 1.0))
            .neighbourEncoder(NeighbourEncoder.meanPooled(neighbours))
            .info("neighbours", "bm25, k=5")
            .build();
    trained =
        VdshTrainer.fit(corpus.train(), counts, corpus.trainLabels(), corpus.labels().size(), spec, 16, TINY, 7,
            ProgressReporter.NONE);
    model = trained.export(corpus, ProgressReporter.NONE);
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
  void exportedModelEncodesLikeTheTrainer() {
    int n = corpus.train().numRows();
    float[] mu = trainerMeans();
    float maxDiff = 0;
    for (int r = 0; r < n; r++) {
      float[] own = Arrays.copyOfRange(mu, r * 16, (r + 1) * 16);
      float[] exported = model.project(corpus.train().row(r), neighbourRows(r));
      for (int j = 0; j < 16; j++) {
        maxDiff = Math.max(maxDiff, Math.abs(own[j] - exported[j]));
      }
      assertArrayEquals(model.binarize(own), model.encode(corpus.train().row(r), neighbourRows(r)),
          "code of document " + r);
    }
    assertTrue(maxDiff < 1e-4f, "means differ by " + maxDiff);
  }

  @Test
  void epochsAreScoredWithTheExportedModelsOwnValues() {
    // float for float, neighbourhood pooling included: what an epoch is judged by is what its
    // export encodes, not ND4J's means (which match them only to rounding, above)
    ExportedMeans means = new ExportedMeans(trained.network(), corpus.train(), spec.neighbourEncoder(), 2);
    int n = corpus.train().numRows();
    int[] rows = new int[n];
    Arrays.setAll(rows, i -> n - 1 - i); // any order, any rows
    float[] values = means.of(corpus.train(), rows);
    for (int i = 0; i < n; i++) {
      assertArrayEquals(model.project(corpus.train().row(rows[i]), neighbourRows(rows[i])),
          Arrays.copyOfRange(values, i * 16, (i + 1) * 16), "document " + rows[i]);
    }
    assertThrows(IllegalArgumentException.class, () -> means.of(VdshTrainerTest.head(corpus.train(), 3), new int[] {0}));
    assertThrows(IllegalArgumentException.class, () -> new ExportedMeans(trained.network(), corpus.train(), null, 2));
  }

  @Test
  void rotatedEpochMeansAreTheItqModelsValues() {
    // Under ITQ an epoch is scored by the means with the rotation folded into the last layer, as
    // the exported ITQ model folds it: its values, pooling included, float for float, and so its codes
    ExportedMeans means = new ExportedMeans(trained.network(), corpus.train(), spec.neighbourEncoder(), 2);
    int n = corpus.train().numRows();
    int[] rows = new int[n];
    Arrays.setAll(rows, i -> i);
    float[] values = means.of(corpus.train(), rows);
    HashModel itqModel = ItqRotation.rotate(model, values, n, 7L);
    float[] rotated = means.rotated(ItqRotation.learn(values, n, 16, 7L)).of(corpus.train(), rows);
    long[][] codes = ItqRotation.signs(rotated, n, 16);
    for (int r = 0; r < n; r++) {
      assertArrayEquals(itqModel.project(corpus.train().row(r), neighbourRows(r)),
          Arrays.copyOfRange(rotated, r * 16, (r + 1) * 16), "document " + r);
      assertArrayEquals(itqModel.encode(corpus.train().row(r), neighbourRows(r)), codes[r], "code of document " + r);
    }
  }

  /** The trainer's means of every training document (rows x 16). */
  private static float[] trainerMeans() {
    int[] rows = new int[corpus.train().numRows()];
    Arrays.setAll(rows, i -> i);
    return trained.mu(corpus.train(), rows);
  }

  /** The training rows the trainer read document {@code r} with. */
  private static List<SparseVector> neighbourRows(int r) {
    return Arrays.stream(neighbours[r]).mapToObj(n -> corpus.train().row(n)).toList();
  }

  @Test
  void thresholdsAreTheMediansOfTheNeighbourhoodOutputs() {
    int n = corpus.train().numRows();
    float[] mu = trainerMeans();
    float[] thresholds = model.thresholds();
    for (int j = 0; j < 16; j++) {
      float[] column = new float[n];
      for (int r = 0; r < n; r++) {
        column[r] = mu[r * 16 + j];
      }
      assertEquals(TrainedVdsh.median(column), thresholds[j], 1e-4f, "threshold of bit " + j);
    }
  }

  @Test
  void modelRecordsTheExtras() {
    assertEquals("test-method", model.method());
    assertEquals("vdsh", model.info().get("architecture"));
    assertEquals("bm25, k=5", model.info().get("neighbours"));
    assertEquals(NeighbourEncoder.ENCODING, model.info().get("neighbour_encoder"));
    assertEquals(32, model.neighbourWidth()); // the last layer pools the neighbour branch's 32 units
    assertEquals("softmax over " + corpus.train().numRows() + " targets, weight 1.0",
        model.info().get("decoder_neighbour_ids"));
    // the first layer holds the document's and the neighbour branch's units side by side
    assertEquals(64, model.inputLayer().outputs());
  }

  @Test
  void modelFileRoundTripKeepsTheCodes(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("m.hashmodel");
    HashModelFormat.write(model, file);
    try (HashModel read = HashModelFormat.read(file)) {
      assertEquals(model.info(), read.info());
      for (int r = 0; r < corpus.train().numRows(); r += 7) {
        assertArrayEquals(model.encode(corpus.train().row(r), neighbourRows(r)),
            read.encode(corpus.train().row(r), neighbourRows(r)));
      }
    }
  }

  @Test
  void textWithoutAVocabularyTermGetsTheEmptyInputsCode() {
    // No vocabulary term: the first layer outputs its bias alone, so the code is defined (the
    // same for every such text) and comes from the biases through the rest of the encoder.
    // Read with itself as its only neighbour, as a text with no neighbour is.
    long[] code = model.encode("qwxzvb plorkth", List.of("qwxzvb plorkth"));
    SparseVector empty = new SparseVector(new int[0], new float[0]);
    float[] mu = model.project(empty, List.of(empty));
    assertArrayEquals(model.binarize(mu), code);
    assertArrayEquals(code, model.encode("", List.of("")));
    for (float v : mu) {
      assertTrue(Float.isFinite(v));
    }
  }

  @Test
  void extrasMustDescribeTheTrainingDocuments() {
    int n = corpus.train().numRows();
    SparseMatrix shortTargets =
        SparseMatrix.ofRows(List.of(new SparseVector(new int[] {0}, new float[] {1})), n);
    VdshSpec badDecoder = VdshSpec.builder("x").decoder(new BagDecoder("short", shortTargets, 1)).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VdshTrainer.fit(corpus.train(), counts, null, 0, badDecoder, 8, TINY, 1, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("1 target rows for " + n), e.getMessage());
    VdshSpec badNeighbours =
        VdshSpec.builder("x").neighbourEncoder(NeighbourEncoder.meanPooled(new int[][] {{0}})).build();
    e = assertThrows(IllegalArgumentException.class,
        () -> VdshTrainer.fit(corpus.train(), counts, null, 0, badNeighbours, 8, TINY, 1, ProgressReporter.NONE));
    assertTrue(e.getMessage().contains("one list per training document"), e.getMessage());
  }
}
