package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.Document;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DSE's network reads the most frequent terms; its exported model keeps the whole dictionary. */
class DseTrainerTest {
  private static final String[] TEXTS = {"apple banana cherry", "apple banana", "apple date", "elder fig", "apple fig"};

  private static RerankCorpus corpus() {
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < TEXTS.length; i++) {
      docs.add(new Document("d" + i, "", TEXTS[i], List.of(), "train"));
    }
    return RerankCorpus.build(docs, new AnalysisSettings(true, false, 1, 255, false), 1);
  }

  @Test
  void mostFrequentTermsByDocumentFrequencyThenId() {
    RerankCorpus c = corpus();
    // ids are alphabetical: apple 0 (df 4), banana 1 (2), cherry 2 (1), date 3 (1), elder 4 (1), fig 5 (2)
    assertEquals("fig", c.dictionary().term(5));
    assertArrayEquals(new int[] {0}, DseTrainer.mostFrequentTerms(c, 1));
    assertArrayEquals(new int[] {0, 1, 5}, DseTrainer.mostFrequentTerms(c, 3));
    assertArrayEquals(new int[] {0, 1, 2, 5}, DseTrainer.mostFrequentTerms(c, 4), "ties at df 1 go to the lowest id");
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, DseTrainer.mostFrequentTerms(c, 100));
  }

  @Test
  void modelKeepsTheWholeDictionaryWhileTheNetworkReadsItsTopTerms() {
    RerankCorpus c = corpus();
    DseSettings d = DseSettings.defaults(3);
    DseSettings s = new DseSettings(4, 2, 0, d.pretrainRate(), d.gaussianPretrainRate(), d.learningRate(), d.momentum(),
        d.weightDecay(), 1, 1, 0f, 10, 1f, 3, 0, d.similarity(), false, 0f, 0);
    DseTrainer trainer = new DseTrainer(c, s);
    trainer.pretrain(dev.semhash.training.progress.ProgressReporter.NONE);
    assertEquals(4, trainer.network().terms);
    RerankModel model = trainer.snapshot();
    assertEquals(6, model.dictionary().size());
    assertEquals(6, model.queryProjection().terms());
    for (int j = 0; j < model.queryProjection().dimension(); j++) {
      assertEquals(0f, model.queryProjection().weight(3, j), "date is not read");
      assertEquals(0f, model.queryProjection().weight(4, j), "elder is not read");
    }
    // "elder" alone: no read term, so Φ is the network's response to an empty input, and the score
    // with "elder fig" is Φ·Φ + λ q·d over the whole dictionary
    var q = model.encodeQuery("elder");
    var doc = model.encodeDocument("elder fig");
    float[] empty = trainer.network().forward(dev.semhash.rerank.text.TermVector.EMPTY)[3];
    double phi = 0;
    for (int j = 0; j < empty.length; j++) {
      phi += empty[j] * (double) trainer.network().forward(c.document(3))[3][j];
    }
    double overlap = c.vectorizer().vectorize("elder").dot(c.document(3));
    assertEquals(true, overlap > 0.1, "the unread term still counts in λ q·d");
    assertEquals(phi + overlap, model.score(q, doc), 1e-5);
  }

  /** With cosine similarity the exported model scores cos(Φ(q), Φ(d)) + λ q·d, as the trainer does. */
  @Test
  void cosineModelScoresTheAngleOfTheEmbeddingsPlusTheOverlap() {
    RerankCorpus c = corpus();
    DseSettings d = DseSettings.defaults(3);
    DseSettings s = new DseSettings(6, 3, 0, d.pretrainRate(), d.gaussianPretrainRate(), d.learningRate(), d.momentum(),
        d.weightDecay(), 1, 1, 0f, 10, 0.5f, 3, 0, RerankModel.Similarity.COSINE, false, 0f, 0);
    DseTrainer trainer = new DseTrainer(c, s);
    trainer.pretrain(dev.semhash.training.progress.ProgressReporter.NONE);
    RerankModel model = trainer.snapshot();
    assertEquals(RerankModel.Similarity.COSINE, model.similarity());
    var query = c.vectorizer().vectorize("apple fig");
    for (int k = 0; k < TEXTS.length; k++) {
      float[] phiQ = trainer.network().forward(query)[3];
      float[] phiD = trainer.network().forward(c.document(k))[3];
      double expected = CosineGradient.cosine(phiQ, phiD) + 0.5 * query.dot(c.document(k));
      assertEquals(expected, trainer.score(phiQ, phiD, query, c.document(k)), 1e-5, "trainer, document " + k);
      assertEquals(expected, model.score(model.encodeQuery("apple fig"), model.encodeDocument(TEXTS[k])), 1e-5, "model, document " + k);
    }
  }

  /**
   * A network whose last sigmoid layer saturates maps every document to one embedding and ties
   * every tuple; the trainer sees the collapse and stops after two such epochs instead of running
   * all of them.
   */
  @Test
  void collapsedFineTuningStopsEarly() throws Exception {
    RerankCorpus c = corpus();
    DseSettings d = DseSettings.defaults(3);
    DseSettings s = new DseSettings(6, 3, 0, d.pretrainRate(), d.gaussianPretrainRate(), 0.01f, d.momentum(),
        d.weightDecay(), 10, 2, 0f, 10, 0f, 3, 0, RerankModel.Similarity.DOT, false, 0f, 0);
    DseTrainer trainer = new DseTrainer(c, s);
    trainer.pretrain(dev.semhash.training.progress.ProgressReporter.NONE);
    java.util.Random random = new java.util.Random(5);
    for (float[] w : trainer.network().weights) {
      for (int i = 0; i < w.length; i++) {
        w[i] = (float) random.nextGaussian(); // a trained network's scale: distinct embeddings
      }
    }
    assertFalse(trainer.collapsed(1.0, 1.0), "distinct embeddings");
    // σ(100) is exactly 1 in float: the third layer outputs all ones for every input, and its
    // derivative σ(1 − σ) is exactly 0, so no gradient can undo it
    java.util.Arrays.fill(trainer.network().biases[2], 100f);
    assertTrue(trainer.collapsed(1.0, 1.0));
    assertFalse(trainer.collapsed(0.7, 1.0), "a loss well under 1 is not what ties give");
    assertFalse(trainer.collapsed(1.0, 0.5));
    List<RerankExamples.Example> examples = new ArrayList<>();
    examples.add(new RerankExamples.Example("d0", TEXTS[0], c.document(0), new int[] {1}, new int[0], new float[0]));
    List<Double> losses = new ArrayList<>();
    trainer.train(examples, (epoch, loss, violated, t) -> losses.add(loss), dev.semhash.training.progress.ProgressReporter.NONE);
    assertEquals(List.of(1.0, 1.0), losses, "every tuple tied, and stopped after " + EmbeddingCollapse.EPOCHS_TO_STOP + " of 10 epochs");
  }

  /**
   * With every negative hard, one candidate deep and drawn from the model's own ranking, both
   * margin tuples of a one-pair epoch hold the untrained model's best other document (the update
   * follows the pair): the epoch's mean loss is its hinge and no other pair of negatives' mean.
   */
  @Test
  void modelNegativesAreTheModelsOwnBestDocuments() throws Exception {
    RerankCorpus c = corpus();
    DseSettings d = DseSettings.defaults(3);
    DseSettings s = new DseSettings(4, 2, 0, d.pretrainRate(), d.gaussianPretrainRate(), d.learningRate(), d.momentum(),
        d.weightDecay(), 1, 2, 1f, 1, 0.5f, 3, 0, RerankModel.Similarity.COSINE, true, 0f, 0);
    DseTrainer trainer = new DseTrainer(c, s);
    dev.semhash.rerank.text.TermVector q = c.document(0);
    List<RerankExamples.Example> examples = List.of(new RerankExamples.Example("d0", TEXTS[0], q, new int[] {1}, new int[0], new float[0]));
    RerankModel before = trainer.snapshot();
    int best = ModelNegatives.candidates(before, c, new dev.semhash.rerank.text.TermVector[] {q}, examples, 1)[0][0];
    var query = before.encodeQuery(q);
    float positive = before.score(query, before.encodeDocument(c.document(1)));
    double[] hinge = new double[TEXTS.length];
    for (int k = 0; k < TEXTS.length; k++) {
      hinge[k] = Math.max(0, 1 - positive + before.score(query, before.encodeDocument(c.document(k))));
    }
    List<Double> losses = new ArrayList<>();
    trainer.train(examples, (epoch, loss, violated, t) -> losses.add(loss), dev.semhash.training.progress.ProgressReporter.NONE);
    assertEquals(1, losses.size());
    assertTrue(best != 0 && best != 1, "neither the query nor its relevant document: " + best);
    assertEquals(hinge[best], losses.get(0), 1e-5, "both tuples held the model's best document");
    for (int a = 0; a < TEXTS.length; a++) {
      for (int b = 0; b < TEXTS.length; b++) {
        if (a != best || b != best) {
          assertTrue(Math.abs((hinge[a] + hinge[b]) / 2 - losses.get(0)) > 1e-4, "negatives " + a + ", " + b + " would give the same loss");
        }
      }
    }
  }

  /**
   * After one update (one pair, one epoch), the model built with β = 0.5 holds the mean of the
   * start and the last weights, while training itself went the same way as without averaging.
   */
  @Test
  void averagedModelIsTheMeanOfTheStartAndTheLastWeightsAfterOneUpdate() throws Exception {
    RerankCorpus c = corpus();
    DseSettings d = DseSettings.defaults(3);
    List<RerankExamples.Example> examples = List.of(new RerankExamples.Example("d0", TEXTS[0], c.document(0), new int[] {1}, new int[0], new float[0]));
    RerankModel start = null;
    RerankModel[] models = new RerankModel[2];
    float[] betas = {0f, 0.5f};
    for (int k = 0; k < 2; k++) {
      DseSettings s = new DseSettings(6, 3, 0, d.pretrainRate(), d.gaussianPretrainRate(), 0.5f, d.momentum(),
          d.weightDecay(), 1, 1, 0f, 10, 0f, 3, 0, RerankModel.Similarity.COSINE, false, betas[k], 0);
      DseTrainer trainer = new DseTrainer(c, s);
      trainer.pretrain(dev.semhash.training.progress.ProgressReporter.NONE);
      start = trainer.snapshot(); // the same for both: same seed, no training yet
      models[k] = trainer.train(examples, (epoch, loss, violated, t) -> assertEquals(1.0, violated, "the one tuple was violated"),
          dev.semhash.training.progress.ProgressReporter.NONE);
    }
    var first = start.queryProjection();
    var last = models[0].queryProjection();
    var averaged = models[1].queryProjection();
    boolean moved = false;
    for (int t = 0; t < first.terms(); t++) {
      for (int j = 0; j < first.dimension(); j++) {
        float expected = 0.5f * first.weight(t, j) + 0.5f * last.weight(t, j);
        assertEquals(expected, averaged.weight(t, j), 1e-6 * Math.max(1, Math.abs(expected)), "term " + t + ", unit " + j);
        moved |= first.weight(t, j) != last.weight(t, j);
      }
    }
    assertTrue(moved, "the update changed the first layer");
    assertEquals("exponential moving average of the weights, β = 0.5", models[1].info().get("weight_averaging"));
  }

  @Test
  void weightAverageOutsideZeroToOneIsRefused() {
    DseSettings d = DseSettings.defaults(3);
    for (float bad : new float[] {-0.1f, 1f, Float.NaN}) {
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
          () -> new DseSettings(6, 3, 0, d.pretrainRate(), d.gaussianPretrainRate(), 0.5f, d.momentum(), d.weightDecay(), 1, 1,
              0f, 10, 0f, 3, 0, RerankModel.Similarity.COSINE, false, bad, 0));
      assertTrue(e.getMessage().contains("[0, 1)") && e.getMessage().contains("0 builds the model from the last weights"), e.getMessage());
    }
  }

  @Test
  void networkIsThePapersShapeUnlessAHiddenWidthIsGiven() {
    DseSettings d = DseSettings.defaults(3);
    assertArrayEquals(new int[] {500, 500, 1000, 128}, d.widths(1000), "D-D/2-D/2-D-C");
    assertArrayEquals(new int[] {1, 1, 1, 128}, d.widths(1), "at least one unit");
    DseSettings h = withHidden(d, 3);
    assertArrayEquals(new int[] {3, 3, 6, 2}, h.widths(4), "D-H-H-2H-C");
    DseTrainer trainer = new DseTrainer(corpus(), h);
    trainer.pretrain(dev.semhash.training.progress.ProgressReporter.NONE);
    assertEquals(4, trainer.network().terms);
    assertArrayEquals(new int[] {3, 3, 6, 2}, trainer.network().widths);
    assertEquals("4-3-3-6-2", trainer.snapshot().info().get("architecture"));
    assertEquals("D-D/2-D/2-D-C", d.shape());
    assertEquals("D-H-H-2H-C", h.shape());
    assertTrue(trainer.snapshot().info().get("model").contains("Φ a D-H-H-2H-C network"));
  }

  @Test
  void hiddenWidthOutOfRangeIsRefused() {
    DseSettings d = DseSettings.defaults(3);
    for (int bad : new int[] {-1, DseSettings.MAX_HIDDEN_UNITS + 1}) {
      IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> withHidden(d, bad));
      assertTrue(e.getMessage().contains("--dse-hidden") && e.getMessage().contains("got " + bad) && e.getMessage().contains("500 served"), e.getMessage());
    }
  }

  /** Four input terms, C = 2, no pretraining, one epoch, and the first two hidden layers {@code hidden} wide. */
  private static DseSettings withHidden(DseSettings d, int hidden) {
    return new DseSettings(4, 2, 0, d.pretrainRate(), d.gaussianPretrainRate(), d.learningRate(), d.momentum(),
        d.weightDecay(), 1, 1, 0f, 10, 1f, 3, 0, d.similarity(), false, 0f, hidden);
  }
}
