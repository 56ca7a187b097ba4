package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A supervised variant's error for an unlabelled training document names it by its dataset id. */
class VdshTrainerLabelsTest {
  @Test
  void anUnlabelledTrainingDocumentIsNamedByItsId() throws IOException {
    List<Document> train =
        List.of(
            new Document("news/1", "", "lucene index search", List.of("ir"), "train"),
            new Document("news/2", "", "lucene search query", List.of(), "train"),
            new Document("news/3", "", "neural network training", List.of("ml"), "train"));
    CorpusSettings settings =
        CorpusSettings.DEFAULT.withVocabulary(new VocabularySettings(100, 1, 1.0));
    try (Corpus corpus = Corpus.build(train, List.of(), settings, null, 1, ProgressReporter.NONE)) {
      for (VdshVariant v : List.of(VdshVariant.VDSH_S, VdshVariant.VDSH_SP)) {
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class,
                () -> VdshTrainer.train(corpus, v, 8, VdshSettings.DEFAULT, 1, ProgressReporter.NONE));
        assertEquals(
            v.cliName() + " is supervised but training document \"news/2\" has no label; label every"
                + " training document, drop the unlabelled ones, or use the unsupervised vdsh",
            e.getMessage());
      }
    }
  }
}
