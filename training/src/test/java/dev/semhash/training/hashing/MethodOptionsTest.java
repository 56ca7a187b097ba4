package dev.semhash.training.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.graph.Traversal;
import dev.semhash.training.hashing.nbrreg.NbrRegSettings;
import dev.semhash.training.hashing.node2hash.Node2hashSettings;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.DecoderBias;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import dev.semhash.training.progress.ProgressReporter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Overrides land on each method's own defaults, and a method refuses options it does not use. */
class MethodOptionsTest {
  private static final String NEURAL =
      "the neural methods (vdsh, vdsh-s, vdsh-sp, nbrreg, nbrreg-doc, node2hash)";

  @Test
  void everyVdshOverrideReplacesItsDefaultAndNothingElse() {
    MethodOptions all =
        MethodOptions.builder()
            .maxEpochs(7)
            .patience(2)
            .minTrainingDocuments(0)
            .learningRate(0.01)
            .hiddenUnits(64)
            .batchSize(32)
            .klAnnealStep(0.5)
            .labelWeight(3.0)
            .keepProbability(0.9)
            .binarization(Binarization.SIGN)
            .decoderBias(DecoderBias.LOG_FREQUENCY)
            .build();
    VdshSettings d = VdshSettings.DEFAULT;
    VdshSettings expected =
        d.withMaxEpochs(7)
            .withPatience(2)
            .withMinTrainingDocuments(0)
            .withLearningRate(0.01)
            .withHiddenUnits(64)
            .withBatchSize(32)
            .withKlAnnealStep(0.5)
            .withLabelWeight(3.0)
            .withKeepProbability(0.9)
            .withBinarization(Binarization.SIGN)
            .withDecoderBias(DecoderBias.LOG_FREQUENCY);
    assertEquals(expected, all.applyTo(d));
    // not options: kept whatever the overrides
    assertEquals(d.validationFraction(), all.applyTo(d).validationFraction());
    assertEquals(d.threads(), all.applyTo(d).threads());

    VdshSettings one = MethodOptions.builder().learningRate(0.003).build().applyTo(d);
    assertEquals(d.withLearningRate(0.003), one);
    assertEquals(d, MethodOptions.NONE.applyTo(d));
  }

  @Test
  void node2hashKeepsItsOwnPatienceUnlessOverridden() {
    Node2hashSettings d = Node2hashSettings.DEFAULT;
    assertEquals(10, d.vdsh().patience(), "the premise: node2hash's default differs from VDSH's");
    Node2hashSettings epochs = MethodOptions.builder().maxEpochs(3).build().applyTo(d);
    assertEquals(10, epochs.vdsh().patience());
    assertEquals(3, epochs.vdsh().maxEpochs());
    assertEquals(d.withVdsh(d.vdsh().withMaxEpochs(3)), epochs);
    assertEquals(2, MethodOptions.builder().patience(2).build().applyTo(d).vdsh().patience());

    MethodOptions graph =
        MethodOptions.builder()
            .graph(GraphSource.KNN)
            .knn(7)
            .traversal(Traversal.DFS)
            .neighbourhoodSize(3)
            .neighbourWeight(0.5)
            .build();
    assertEquals(
        d.withGraph(GraphSource.KNN)
            .withKnnNeighbors(7)
            .withTraversal(Traversal.DFS)
            .withNeighborhoodSize(3)
            .withNeighborWeight(0.5),
        graph.applyTo(d));
    assertEquals(d, MethodOptions.NONE.applyTo(d));
  }

  @Test
  void nbrRegAppliesTheOverridesToItsVdshSettings() {
    NbrRegSettings d = NbrRegSettings.DEFAULT;
    NbrRegSettings s = MethodOptions.builder().hiddenUnits(100).patience(6).build().applyTo(d);
    assertEquals(d.withVdsh(d.vdsh().withHiddenUnits(100).withPatience(6)), s);
  }

  @Test
  void anOptionOnAMethodThatDoesNotUseItFailsNamingBoth() {
    MethodOptions epochs = MethodOptions.builder().maxEpochs(5).build();
    IllegalArgumentException lsh =
        assertThrows(IllegalArgumentException.class, () -> epochs.requireApplicableTo(HashingMethod.LSH));
    assertEquals("--epochs applies to " + NEURAL + ", not lsh", lsh.getMessage());
    for (HashingMethod m : List.of(HashingMethod.VDSH, HashingMethod.NBRREG_DOC, HashingMethod.NODE2HASH)) {
      epochs.requireApplicableTo(m);
    }

    MethodOptions labels = MethodOptions.builder().labelWeight(VdshSettings.BALANCED_LABEL_WEIGHT).build();
    labels.requireApplicableTo(HashingMethod.VDSH_S);
    IllegalArgumentException vdsh =
        assertThrows(IllegalArgumentException.class, () -> labels.requireApplicableTo(HashingMethod.VDSH));
    assertEquals("--label-weight applies to the supervised methods (vdsh-s, vdsh-sp), not vdsh", vdsh.getMessage());

    MethodOptions mixed =
        MethodOptions.builder().patience(2).binarization(Binarization.SIGN).traversal(Traversal.BFS).knn(5).build();
    IllegalArgumentException sth =
        assertThrows(IllegalArgumentException.class, () -> mixed.requireApplicableTo(HashingMethod.STH));
    assertEquals(
        "--patience and --binarization apply to " + NEURAL + ", not sth;"
            + " --knn and --traversal apply to --method node2hash only, not sth",
        sth.getMessage());
    IllegalArgumentException nbrreg =
        assertThrows(IllegalArgumentException.class, () -> mixed.requireApplicableTo(HashingMethod.NBRREG));
    assertEquals("--knn and --traversal apply to --method node2hash only, not nbrreg", nbrreg.getMessage());
  }

  @Test
  void trainingRefusesAnUnusedOptionBeforeTouchingTheCorpus() {
    MethodOptions hidden = MethodOptions.builder().hiddenUnits(8).build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> HashingMethod.LSH.train(null, 32, hidden, 42L, ProgressReporter.NONE));
    assertEquals("--hidden applies to " + NEURAL + ", not lsh", e.getMessage());
  }

  @Test
  void givenListsTheSetOptionsAsTheCommandLineSpellsThem() {
    assertTrue(MethodOptions.NONE.isEmpty());
    assertEquals(Map.of(), MethodOptions.NONE.given());
    MethodOptions o =
        MethodOptions.builder()
            .labelWeight(VdshSettings.BALANCED_LABEL_WEIGHT)
            .maxEpochs(4)
            .graph(GraphSource.LINKS_AND_KNN)
            .binarization(Binarization.MEDIAN)
            .decoderBias(DecoderBias.LOG_FREQUENCY)
            .build();
    assertEquals(
        List.of("--epochs", "--label-weight", "--binarization", "--decoder-bias", "--graph"),
        List.copyOf(o.given().keySet()));
    assertEquals(List.of(4, "balanced", "median", "log-frequency", "links+knn"), List.copyOf(o.given().values()));
  }

  @Test
  void outOfRangeValuesNameTheirFlag() {
    assertEquals(
        "--epochs must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> MethodOptions.builder().maxEpochs(0).build())
            .getMessage());
    assertEquals(
        "--min-training-documents must be at least 0 (0: patience alone decides), got -5",
        assertThrows(IllegalArgumentException.class, () -> MethodOptions.builder().minTrainingDocuments(-5).build())
            .getMessage());
    assertEquals(
        "--keep-probability must be in (0, 1], got 1.5",
        assertThrows(IllegalArgumentException.class, () -> MethodOptions.builder().keepProbability(1.5).build())
            .getMessage());
    assertEquals(
        "--learning-rate must be a positive number, got -0.1",
        assertThrows(IllegalArgumentException.class, () -> MethodOptions.builder().learningRate(-0.1).build())
            .getMessage());
    assertEquals(
        "--label-weight must be a finite number >= 0 or balanced, got -2.0",
        assertThrows(IllegalArgumentException.class, () -> MethodOptions.builder().labelWeight(-2.0).build())
            .getMessage());
  }
}
