package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Between documents (doc-doc, links) the query is a document of the collection. SSI and S2Net never
 * draw it as its own negative (NegativeSampler with the corpus), nor does ModelNegatives; DSE and
 * DSSM draw their uniform negatives with a corpus-less sampler, so the query document itself can be
 * a "non-relevant" document, which trains the model to score the query document below the relevant one, against its own match.
 *
 * <p>Two documents: the query is document 0, document 1 is relevant, so no negative exists and no
 * tuple or softmax may be formed: the epoch's loss and violated share must be 0.
 */
class OwnDocumentNegativeTest {
  private static RerankCorpus corpus() {
    List<Document> docs = new ArrayList<>();
    docs.add(new Document("d0", "", "apple banana", List.of(), "train"));
    docs.add(new Document("d1", "", "apple cherry", List.of(), "train"));
    return RerankCorpus.build(docs, new AnalysisSettings(true, false, 1, 255, false), 1);
  }

  @Disabled("not fixed: a corpus-aware sampler redraws where the query document was drawn, which changes the random"
      + " stream and so the committed doc-doc and links figures of DSE and DSSM (README, docs/experiments.md);"
      + " the query document is 1/N of the uniform draws (CiteSeer 1/3,312, 20 Newsgroups 1/11,314), far below seed noise")
  @Test
  void dseNeverDrawsTheQueryDocumentAsANegative() throws Exception {
    RerankCorpus c = corpus();
    DseSettings d = DseSettings.defaults(3);
    DseSettings s = new DseSettings(10, 2, 0, d.pretrainRate(), d.gaussianPretrainRate(), d.learningRate(), d.momentum(),
        d.weightDecay(), 1, 5, 0f, 10, 1f, 3, 0, RerankModel.Similarity.COSINE, false, 0f, 0);
    DseTrainer trainer = new DseTrainer(c, s);
    List<double[]> epochs = new ArrayList<>();
    trainer.train(List.of(example(c)), (epoch, loss, violated, t) -> epochs.add(new double[] {loss, violated}),
        ProgressReporter.NONE);
    assertEquals(0.0, epochs.get(0)[1], "share of violated tuples: a tuple was formed with the query document as its negative");
  }

  @Disabled("not fixed: see dseNeverDrawsTheQueryDocumentAsANegative")
  @Test
  void dssmNeverDrawsTheQueryDocumentAsANegative() throws Exception {
    RerankCorpus c = corpus();
    DssmSettings s = new DssmSettings(new int[] {4}, 3, 1, 10f, 5, 0.01f, 1, 0f, 10, 7, 0, 1f, 0, false);
    DssmTrainer trainer = new DssmTrainer(c, s);
    RerankCorpus trigrams = trainer.inputCorpus();
    RerankExamples.Example ex = new RerankExamples.Example("d0", "apple banana", trigrams.document(0), new int[] {1},
        new int[0], new float[0]);
    List<double[]> epochs = new ArrayList<>();
    trainer.train(List.of(ex), (epoch, loss, wrong, t) -> epochs.add(new double[] {loss, wrong}), ProgressReporter.NONE);
    assertEquals(0.0, epochs.get(0)[0], "mean softmax loss: a softmax was formed with the query document as a negative");
  }

  private static RerankExamples.Example example(RerankCorpus c) {
    return new RerankExamples.Example("d0", "apple banana", c.document(0), new int[] {1}, new int[0], new float[0]);
  }
}
