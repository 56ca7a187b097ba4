package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.report.LearningCurve;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-epoch history a trained network writes into its model's info, as the reports read it
 * back: the epoch that held-out labels rank first ({@code label_chosen_epoch} of a scored cell,
 * {@code EpochScoringOption.labelChosenEpoch}) is the best of {@code validation_prec@100}.
 */
class TrainedVdshInfoTest {

  private static TrainedVdsh trained(double... validationPrecision) {
    List<VdshTrainer.EpochStats> history = new java.util.ArrayList<>();
    for (int e = 0; e < validationPrecision.length; e++) {
      history.add(new VdshTrainer.EpochStats(e + 1, 10, 9, 1, validationPrecision[e], 1, 1, 1, 0.5, 0.5));
    }
    return new TrainedVdsh(VdshSpec.builder("vdsh").build(), 8, VdshSettings.DEFAULT, 42L, null, null, null, null,
        history, 1, 10, 2, 1.0);
  }

  @Test
  void theEpochHeldOutLabelsRankFirstSurvivesTheInfo() throws IOException {
    List<Document> train = List.of(
        new Document("a", "", "space shuttle launch", List.of("sci"), "train"),
        new Document("b", "", "hockey game tonight", List.of("rec"), "train"));
    CorpusSettings settings = CorpusSettings.DEFAULT.withVocabulary(new VocabularySettings(100, 1, 1.0));
    try (Corpus corpus = Corpus.build(train, List.of(), settings, null, 1, ProgressReporter.NONE)) {
      // Held-out Prec@100 of two epochs ~1e-5 apart (a few hits among ~800 queries, as on Reuters'
      // held-out stories): the second epoch is the better one.
      Map<String, String> info = trained(0.69812, 0.69814).info(corpus);
      List<Double> read = LearningCurve.of(info).validationPrecision();
      assertEquals(2, dev.semhash.training.hashing.vdsh.QueryPrecisionByEpoch.bestEpoch(read),
          "validation_prec@100 = " + info.get("validation_prec@100"));
    }
  }
}
