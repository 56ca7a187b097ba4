package dev.semhash.training.rerank;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.retrieval.Bm25Index;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A small real-data document-document task for cheap quality floors: 20 Newsgroups (as the DSE
 * paper's NIPS experiment), 4 groups, 100 training posts each as the collection and 25 test posts
 * each as queries; a training post is relevant to a query post of the same group. Training
 * examples: each collection post as a query with 5 same-group posts as positives and no first-stage
 * candidates (uniform negatives).
 */
final class NewsgroupsSlice {
  private static final List<String> GROUPS = List.of("comp.graphics", "rec.sport.hockey", "sci.med", "talk.politics.guns");

  final RerankCorpus corpus;
  final List<RerankExamples.Example> train;
  final List<Document> queries;
  final double tfidfMap;
  private final Path tmp;

  NewsgroupsSlice(Path tmp) throws Exception {
    this(tmp, GROUPS, 100, 25);
  }

  /** {@code trainPerGroup} collection posts and {@code testPerGroup} query posts of each of {@code groups}. */
  NewsgroupsSlice(Path tmp, List<String> groups, int trainPerGroup, int testPerGroup) throws Exception {
    this.tmp = tmp;
    List<Document> all = new DatasetReader(SharedData.dataset("20newsgroups")).documents();
    List<Document> docs = new ArrayList<>();
    queries = new ArrayList<>();
    for (String g : groups) {
      List<Document> inTrain = new ArrayList<>(all.stream().filter(d -> d.isTrain() && d.labels().contains(g)).toList());
      List<Document> inTest = new ArrayList<>(all.stream().filter(d -> d.isTest() && d.labels().contains(g)).toList());
      Collections.shuffle(inTrain, new Random(1));
      Collections.shuffle(inTest, new Random(2));
      docs.addAll(inTrain.subList(0, trainPerGroup));
      queries.addAll(inTest.subList(0, testPerGroup));
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
  private double averagePrecision(float[] scores, Document q) {
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

  /** MAP of {@code model} over the test queries (saved and read back, so the runtime's inference is what is measured). */
  double map(RerankModel trained, String name) throws Exception {
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
}
