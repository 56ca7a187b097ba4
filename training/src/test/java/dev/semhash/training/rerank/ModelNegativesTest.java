package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.Document;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each query's hard-negative candidates are its best-scored documents but its relevant ones and itself. */
class ModelNegativesTest {
  @Test
  void candidatesAreTheModelsTopDocumentsButTheRelevantOnesAndTheQueryItself() {
    Random r = new Random(3);
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < 8; w++) {
        text.append("w").append(r.nextInt(40)).append(' ');
      }
      docs.add(new Document("d" + i, "", text.toString(), List.of(), "train"));
    }
    RerankCorpus corpus = RerankCorpus.build(docs, new AnalysisSettings(true, true, 1, 255, true), 1);
    RerankModel model = new SsiTrainer(corpus, SsiSettings.defaults(5).withDimension(8)).snapshot(); // random U, V
    List<RerankExamples.Example> examples = new ArrayList<>();
    TermVector[] queries = new TermVector[12];
    for (int e = 0; e < queries.length; e++) {
      int self = 5 * e;
      queries[e] = corpus.document(self);
      int[] positives = {(self + 1) % 60, (self + 7) % 60};
      java.util.Arrays.sort(positives);
      examples.add(new RerankExamples.Example("q" + e, "", queries[e], positives, new int[0], new float[0]));
    }
    int depth = 10;
    int[][] candidates = ModelNegatives.candidates(model, corpus, queries, examples, depth);
    assertEquals(queries.length, candidates.length);
    for (int e = 0; e < queries.length; e++) {
      var q = model.encodeQuery(queries[e]);
      Set<Integer> taken = new HashSet<>();
      float last = Float.POSITIVE_INFINITY;
      for (int d : candidates[e]) {
        assertFalse(examples.get(e).isPositive(d), "query " + e + ": relevant document " + d + " taken");
        assertFalse(d == 5 * e, "query " + e + ": its own document taken");
        float score = model.score(q, model.encodeDocument(corpus.document(d)));
        assertTrue(score <= last + 1e-5f, "query " + e + ": best first");
        last = score;
        taken.add(d);
      }
      assertEquals(depth, taken.size(), "query " + e);
      for (int d = 0; d < corpus.size(); d++) {
        if (taken.contains(d) == false && examples.get(e).isPositive(d) == false && d != 5 * e) {
          float score = model.score(q, model.encodeDocument(corpus.document(d)));
          assertTrue(score <= last + 1e-5f, "query " + e + ": document " + d + " (" + score + ") beats the last taken (" + last + ")");
        }
      }
    }
    assertThrows(IllegalArgumentException.class, () -> ModelNegatives.candidates(model, corpus, queries, examples.subList(0, 3), depth));
  }
}
