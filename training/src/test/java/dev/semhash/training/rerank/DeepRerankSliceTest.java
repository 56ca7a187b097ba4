package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cheap real-data floor for DSE and DSSM: 20 Newsgroups document-document ranking (as the DSE
 * paper's NIPS experiment) on a slice of 4 groups, 100 training posts each as the collection and 25
 * test posts each as queries; a training post is relevant to a query post of the same group. Each
 * model is trained on the training posts as queries (5 same-group posts each as positives, uniform
 * negatives), saved, read back, and must beat the TF-IDF cosine's MAP clearly. Runs in about 30 s
 * on an idle machine.
 */
class DeepRerankSliceTest {
  private static final List<String> GROUPS = List.of("comp.graphics", "rec.sport.hockey", "sci.med", "talk.politics.guns");

  private static RerankCorpus corpus;
  private static List<RerankExamples.Example> train;
  private static List<Document> queries;
  private static double tfidfMap;

  @TempDir static Path tmp;

  @BeforeAll
  static void slice() throws Exception {
    List<Document> all = new DatasetReader(SharedData.dataset("20newsgroups")).documents();
    List<Document> docs = new ArrayList<>();
    queries = new ArrayList<>();
    for (String g : GROUPS) {
      List<Document> inTrain = new ArrayList<>(all.stream().filter(d -> d.isTrain() && d.labels().contains(g)).toList());
      List<Document> inTest = new ArrayList<>(all.stream().filter(d -> d.isTest() && d.labels().contains(g)).toList());
      Collections.shuffle(inTrain, new Random(1));
      Collections.shuffle(inTest, new Random(2));
      docs.addAll(inTrain.subList(0, 100));
      queries.addAll(inTest.subList(0, 25));
    }
    corpus = RerankCorpus.build(docs, dev.semhash.rerank.text.AnalysisSettings.ENGLISH_STEMMED, 2);
    Random random = new Random(3);
    train = new ArrayList<>();
    for (int i = 0; i < docs.size(); i++) {
      List<Integer> same = new ArrayList<>();
      for (int j = 0; j < docs.size(); j++) {
        if (j != i && docs.get(j).labels().equals(docs.get(i).labels())) {
          same.add(j);
        }
      }
      Collections.shuffle(same, random);
      int[] positives = same.subList(0, 5).stream().mapToInt(Integer::intValue).sorted().toArray();
      train.add(new RerankExamples.Example(docs.get(i).id(), Bm25Index.contents(docs.get(i)), corpus.document(i), positives, new int[0],
          new float[0]));
    }
    double sum = 0;
    for (Document q : queries) {
      TermVector qv = corpus.vectorizer().vectorize(Bm25Index.contents(q));
      float[] scores = new float[corpus.size()];
      for (int d = 0; d < scores.length; d++) {
        scores[d] = qv.dot(corpus.document(d));
      }
      sum += averagePrecision(scores, q);
    }
    tfidfMap = sum / queries.size();
  }

  /** Average precision of ranking the collection by {@code scores} (ties by ordinal) for query {@code q}. */
  private static double averagePrecision(float[] scores, Document q) {
    Integer[] order = new Integer[scores.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> scores[a] != scores[b] ? Float.compare(scores[b], scores[a]) : Integer.compare(a, b));
    Set<String> label = Set.copyOf(q.labels());
    int hits = 0;
    double sum = 0;
    for (int rank = 0; rank < order.length; rank++) {
      if (label.containsAll(corpus.documents().get(order[rank]).labels())) {
        hits++;
        sum += (double) hits / (rank + 1);
      }
    }
    return hits == 0 ? 0 : sum / hits;
  }

  /** MAP of {@code model} (saved and read back, so the runtime's inference is what is measured). */
  private static double map(RerankModel trained, String name) throws Exception {
    Path file = tmp.resolve(name + ".rerankmodel");
    RerankModelFormat.write(trained, file);
    RerankModel model = RerankModelFormat.read(file);
    RerankModel.DocumentVector[] docs = new RerankModel.DocumentVector[corpus.size()];
    for (int d = 0; d < docs.length; d++) {
      docs[d] = model.encodeDocument(Bm25Index.contents(corpus.documents().get(d)));
    }
    double sum = 0;
    for (Document q : queries) {
      RerankModel.QueryVector qv = model.encodeQuery(Bm25Index.contents(q));
      float[] scores = new float[docs.length];
      for (int d = 0; d < docs.length; d++) {
        scores[d] = model.score(qv, docs[d]);
      }
      sum += averagePrecision(scores, q);
    }
    return sum / queries.size();
  }

  @Test
  void dseBeatsTfIdf() throws Exception {
    DseSettings s = new DseSettings(500, 10, 3, 0.05f, 0.005f, 0.01f, 0.9f, 1e-4f, 8, 5, 0f, 1, 0f, 42, 0);
    DseTrainer trainer = new DseTrainer(corpus, s);
    RerankModel model = trainer.train(train, (e, l, v, t) -> {}, ProgressReporter.NONE);
    double map = map(model, "dse");
    System.out.printf("20NG slice: TF-IDF MAP %.4f, DSE (C = 10, λ = 0) MAP %.4f%n", tfidfMap, map);
    assertTrue(map > tfidfMap + 0.15, "DSE MAP " + map + " vs TF-IDF " + tfidfMap);
  }

  @Test
  void dssmBeatsTfIdf() throws Exception {
    DssmSettings s = new DssmSettings(new int[] {64}, 32, 2, 10f, 4, 0.1f, 4, 0f, 1, 42, 0);
    DssmTrainer trainer = new DssmTrainer(corpus, s);
    RerankModel model = trainer.train(train, (e, l, v, t) -> {}, ProgressReporter.NONE);
    double map = map(model, "dssm");
    System.out.printf("20NG slice: TF-IDF MAP %.4f, DSSM MAP %.4f%n", tfidfMap, map);
    assertTrue(map > tfidfMap + 0.15, "DSSM MAP " + map + " vs TF-IDF " + tfidfMap);
  }
}
