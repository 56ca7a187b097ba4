package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.Document;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exported DSSM model scores as its training objective does: the towers' cosine plus λ q·d. */
class DssmTrainerTest {
  private static final String[] TEXTS = {"sparse retrieval with learned weights", "dense retrieval of passages",
      "learned sparse weights", "citation graphs of papers", "graph neural networks for papers"};

  private static RerankCorpus words() {
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < TEXTS.length; i++) {
      docs.add(new Document("d" + i, "", TEXTS[i], List.of(), "train"));
    }
    return RerankCorpus.build(docs, new AnalysisSettings(true, true, 1, 255, true), 1);
  }

  @Test
  void exportedModelScoresTheCosinePlusTheWeightedTrigramOverlap() {
    String[] texts = TEXTS;
    RerankCorpus words = words();
    DssmSettings d = DssmSettings.defaults(7);
    DssmSettings s = new DssmSettings(new int[] {6}, 4, 1, d.gamma(), d.negatives(), d.learningRate(), 1, 0f, 1, 7, 0, 0.5f, 0, false);
    DssmTrainer trainer = new DssmTrainer(words, s);
    RerankCorpus trigrams = trainer.inputCorpus();
    RerankModel model = trainer.snapshot();
    assertEquals(0.5f, model.termOverlapWeight());
    TermVector q = trigrams.vectorizer().vectorize(texts[0]);
    var encodedQuery = model.encodeQuery(texts[0]);
    boolean overlapMatters = false;
    for (int k = 0; k < texts.length; k++) {
      TermVector doc = trigrams.document(k);
      double overlap = q.dot(doc);
      overlapMatters |= overlap > 0.1 && k > 0;
      double expected = cosine(out(trainer, q), out(trainer, doc)) + 0.5 * overlap;
      assertEquals(expected, model.score(encodedQuery, model.encodeDocument(texts[k])), 1e-5, "document " + k);
    }
    assertTrue(overlapMatters, "some document shares trigrams with the query, so λ is tested");
  }

  private static float[] out(DssmTrainer trainer, TermVector x) {
    float[][] f = trainer.network().forward(x);
    return f[f.length - 1];
  }

  private static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return dot / Math.sqrt(na * nb);
  }

  /**
   * With the LSA start the untrained towers' cosine is the LSA cosine up to tanh's bend and the
   * kept noise; with the paper's uniform start it is not.
   */
  @Test
  void lsaStartMakesTheUntrainedTowersCosineTheLsaCosine() {
    RerankCorpus words = words();
    DssmSettings d = DssmSettings.defaults(7);
    double[] worst = new double[2];
    for (int lsa = 0; lsa <= 1; lsa++) {
      DssmSettings s = new DssmSettings(new int[] {8, 6}, 4, 1, d.gamma(), 2, 0.01f, 1, 0f, 1, 7, 0, 0f, lsa * 30, false);
      DssmTrainer trainer = new DssmTrainer(words, s);
      RerankCorpus trigrams = trainer.inputCorpus();
      // the subspace, not the basis, decides cosines: any seed converges to the same top-4 subspace
      float[] basis = LsaSubspace.compute(trigrams, 4, 30, 1234);
      for (int a = 0; a < TEXTS.length; a++) {
        for (int b = a + 1; b < TEXTS.length; b++) {
          double lsaCosine = cosine(project(basis, trigrams.document(a)), project(basis, trigrams.document(b)));
          double net = cosine(out(trainer, trigrams.document(a)), out(trainer, trigrams.document(b)));
          worst[lsa] = Math.max(worst[lsa], Math.abs(net - lsaCosine));
        }
      }
    }
    assertTrue(worst[1] < 0.2, "LSA start: largest cosine difference " + worst[1] + ", uniform " + worst[0]);
    assertTrue(worst[0] > 0.5, "uniform start: largest cosine difference " + worst[0]);
  }

  private static float[] project(float[] basis, TermVector x) {
    float[] z = new float[4];
    for (int i = 0; i < x.size(); i++) {
      for (int j = 0; j < 4; j++) {
        z[j] += x.weights()[i] * basis[x.ids()[i] * 4 + j];
      }
    }
    return z;
  }

  /** A saturated tanh layer gives every text the same vector; training stops after two such epochs. */
  @Test
  void collapsedTrainingStopsEarly() throws Exception {
    String[] texts = TEXTS;
    RerankCorpus words = words();
    DssmSettings d = DssmSettings.defaults(7);
    DssmSettings s = new DssmSettings(new int[] {6}, 4, 1, d.gamma(), 2, 0.01f, 10, 0f, 1, 7, 0, 0f, 0, false);
    DssmTrainer trainer = new DssmTrainer(words, s);
    assertTrue(EmbeddingCollapse.collapsed(trainer.network(), trainer.inputCorpus()) == false, "Glorot start: distinct vectors");
    // tanh(100) is exactly 1 in float and its derivative 1 − tanh² exactly 0: no gradient undoes it
    java.util.Arrays.fill(trainer.network().biases[0], 100f);
    assertTrue(EmbeddingCollapse.collapsed(trainer.network(), trainer.inputCorpus()));
    RerankCorpus trigrams = trainer.inputCorpus();
    List<RerankExamples.Example> examples = List.of(new RerankExamples.Example(
        "d0", texts[0], trigrams.document(0), new int[] {2}, new int[0], new float[0]));
    List<Integer> epochs = new ArrayList<>();
    trainer.train(examples, (epoch, loss, wrong, t) -> epochs.add(epoch), dev.semhash.training.progress.ProgressReporter.NONE);
    assertEquals(List.of(1, 2), epochs, "stopped after " + EmbeddingCollapse.EPOCHS_TO_STOP + " of 10 epochs");
  }

  /**
   * With every negative hard, one candidate deep and drawn from the model's own ranking, the one
   * softmax of a one-pair epoch holds the relevant document and twice the untrained model's best
   * other document: its loss, the epoch's mean, is that softmax's and no other pair of negatives'.
   */
  @Test
  void modelNegativesAreTheModelsOwnBestDocuments() throws Exception {
    RerankCorpus words = words();
    DssmSettings d = DssmSettings.defaults(7);
    DssmSettings s = new DssmSettings(new int[] {6}, 4, 1, d.gamma(), 2, 0.01f, 1, 1f, 1, 7, 0, 0.5f, 0, true);
    DssmTrainer trainer = new DssmTrainer(words, s);
    RerankCorpus trigrams = trainer.inputCorpus();
    TermVector q = trigrams.document(0);
    List<RerankExamples.Example> examples = List.of(new RerankExamples.Example("d0", TEXTS[0], q, new int[] {2}, new int[0], new float[0]));
    int best = ModelNegatives.candidates(trainer.snapshot(), trigrams, new TermVector[] {q}, examples, 1)[0][0];
    double[][] expected = new double[TEXTS.length][TEXTS.length]; // loss with negatives a and b, before training
    for (int a = 0; a < TEXTS.length; a++) {
      for (int b = 0; b < TEXTS.length; b++) {
        int[] docs = {2, a, b};
        float[][] outs = new float[3][];
        double[] offsets = new double[3];
        for (int k = 0; k < 3; k++) {
          outs[k] = out(trainer, trigrams.document(docs[k]));
          offsets[k] = 0.5 * q.dot(trigrams.document(docs[k]));
        }
        expected[a][b] = DssmTrainer.softmaxLoss(out(trainer, q), outs, offsets, d.gamma(), new float[4], new float[3][4]);
      }
    }
    List<Double> losses = new ArrayList<>();
    trainer.train(examples, (epoch, loss, wrong, t) -> losses.add(loss), dev.semhash.training.progress.ProgressReporter.NONE);
    assertEquals(1, losses.size());
    assertTrue(best != 0 && best != 2, "neither the query nor its relevant document: " + best);
    assertEquals(expected[best][best], losses.get(0), 1e-9, "the softmax held the model's best document twice");
    for (int a = 0; a < TEXTS.length; a++) {
      for (int b = 0; b < TEXTS.length; b++) {
        if (a != best || b != best) {
          assertTrue(Math.abs(expected[a][b] - losses.get(0)) > 1e-6, "negatives " + a + ", " + b + " would give the same loss");
        }
      }
    }
  }
}
