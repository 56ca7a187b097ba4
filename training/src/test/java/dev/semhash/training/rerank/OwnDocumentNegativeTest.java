package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Between documents (doc-doc, links) the query is a document of the collection, and must never be
 * drawn as its own negative, which would train the model to score the query document below the
 * relevant one, against its own match. DSE and DSSM drew their uniform negatives without that check
 * until 2026-12-07; DSSM compares the query with the documents in letter trigrams, its input.
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

  @Test
  void aDocumentsTextVectorisesToItsOwnVectorInWordsAndTrigrams() {
    // the sampler recognises the query document by its vector: the doc-doc and link tasks
    // vectorise the query's title and text as the corpus vectorised the document
    List<Document> docs = List.of(
        new Document("a", "Graph kernels", "Random walks on graphs compare molecules.", List.of(), "train"),
        new Document("b", "", "Hashing text into binary codes with a variational encoder.", List.of(), "train"),
        new Document("c", "Walks", "graphs and walks, walks and graphs", List.of(), "train"));
    for (AnalysisSettings analysis : List.of(new AnalysisSettings(true, false, 1, 255, false), AnalysisSettings.LETTER_TRIGRAMS)) {
      RerankCorpus c = RerankCorpus.build(docs, analysis, 1);
      for (int d = 0; d < docs.size(); d++) {
        assertEquals(c.document(d), c.vectorizer().vectorize(Bm25Index.contents(docs.get(d))), "document " + d + ", " + analysis);
      }
    }
  }

  private static RerankExamples.Example example(RerankCorpus c) {
    return new RerankExamples.Example("d0", "apple banana", c.document(0), new int[] {1}, new int[0], new float[0]);
  }
}
