package dev.semhash.training.hashing.node2hash;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.data.ValidationSplit;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.graph.Traversal;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import dev.semhash.training.progress.ProgressReporter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The validation runs behind {@link Node2hashSettings#DEFAULT}: CiteSeer's training papers
 * split by {@link ValidationSplit} (seed 42, a fifth held out): 2,020 to train on (their
 * citations among themselves are the graph) and the other 505 as queries, as {@code eval-hash
 * --validation 0.2} does; validation Prec@100 of node2hash for each setting in the grid, beside
 * VDSH and LSH on the same split. The test split is never read. Not a test: it runs only with
 * {@code -Dsemhash.benchmark=true}, e.g. {@code mvn -o -pl training -am test
 * -Dtest=Node2hashValidationTuning -Dsemhash.benchmark=true -Dn2h.bits=8,32
 * -Dn2h.traversal=walk,bfs -Dn2h.weight=0.3,1 -Dsurefire.failIfNoSpecifiedTests=false
 * -DredirectTestOutputToFile=false}. Other properties: {@code n2h.dataset}, {@code n2h.graph},
 * {@code n2h.size}, {@code n2h.samples}, {@code n2h.lr} (node2hash's Adam step), {@code n2h.batch}, {@code n2h.patience}, {@code
 * n2h.baselines} (false skips VDSH and LSH).
 */
class Node2hashValidationTuning {

  @Test
  void tune() throws Exception {
    assumeTrue(Boolean.getBoolean("semhash.benchmark"), "tuning run: set -Dsemhash.benchmark=true");
    String dataset = System.getProperty("n2h.dataset", "citeseer");
    int[] bitsList = ints("n2h.bits", "8,16,32,64,128");
    List<GraphSource> graphs = Arrays.stream(prop("n2h.graph", "links").split(",")).map(GraphSource::parse).toList();
    List<Traversal> traversals = Arrays.stream(prop("n2h.traversal", "walk").split(",")).map(Traversal::parse).toList();
    int[] sizes = ints("n2h.size", "20");
    int[] samples = ints("n2h.samples", "10");
    double[] weights = Arrays.stream(prop("n2h.weight", "1").split(",")).mapToDouble(Double::parseDouble).toArray();
    boolean baselines = Boolean.parseBoolean(prop("n2h.baselines", "true"));
    double[] rates = Arrays.stream(prop("n2h.lr", "0.001").split(",")).mapToDouble(Double::parseDouble).toArray();
    int batch = Integer.getInteger("n2h.batch", 100);
    int patience = Integer.getInteger("n2h.patience", Node2hashSettings.DEFAULT.vdsh().patience());

    DatasetReader reader = new DatasetReader(SharedData.dataset(dataset));
    ValidationSplit split = ValidationSplit.of(reader.documents(), 0.2, 42L);
    List<Document> train = split.train();
    List<Document> valid = split.queries();
    System.out.printf("%s validation split: %d train, %d queries, seed 42%n", dataset, train.size(), valid.size());
    try (Corpus corpus =
        Corpus.build(train, valid, reader.has("edges.tsv") ? reader.edges() : null,
            CorpusSettings.DEFAULT, null, 2, ProgressReporter.NONE)) {
      for (int bits : bitsList) {
        if (baselines) {
          for (HashingMethod m : List.of(HashingMethod.LSH, HashingMethod.VDSH)) {
            if (m == HashingMethod.LSH && Boolean.getBoolean("n2h.nolsh")) {
              continue;
            }
            try (HashModel model = m.train(corpus, bits, 42L, ProgressReporter.NONE)) {
              System.out.printf("bits %3d %-10s validation prec@100 %.4f%s%n", bits, m, precision(model, corpus, train, valid, bits), epochs(model));
            }
          }
        }
        for (GraphSource g : graphs) {
          for (Traversal t : traversals) {
            for (int size : sizes) {
              for (int draws : samples) {
                for (double w : weights) {
                 for (double lr : rates) {
                  Node2hashSettings s =
                      Node2hashSettings.DEFAULT.withGraph(g).withTraversal(t).withNeighborhoodSize(size)
                          .withSamples(draws).withNeighborWeight(w)
                          .withVdsh(Node2hashSettings.DEFAULT.vdsh().withLearningRate(lr).withBatchSize(batch).withPatience(patience));
                  long start = System.nanoTime();
                  try (HashModel model = Node2hashTrainer.train(corpus, bits, s, 42L, ProgressReporter.NONE)) {
                    System.out.printf(
                        "bits %3d node2hash graph %s traversal %s size %d draws %d weight %s lr %s batch %d patience %d: validation prec@100 %.4f (%.0f s)%s%n",
                        bits, g, t, size, draws, w, lr, batch, patience, precision(model, corpus, train, valid, bits),
                        (System.nanoTime() - start) / 1e9, epochs(model));
                  }
                 }
                }
              }
            }
          }
        }
      }
    }
  }

  private static double precision(HashModel model, Corpus corpus, List<Document> train, List<Document> valid, int bits)
      throws Exception {
    long[][] trainCodes = CodeEncoder.encode(model, corpus.train(), 2, ProgressReporter.NONE);
    long[][] validCodes = CodeEncoder.encode(model, corpus.test(), 2, ProgressReporter.NONE);
    return new HammingRankingEvaluator(bits, trainCodes, train.stream().map(Document::labels).toList())
        .evaluate(validCodes, valid.stream().map(Document::labels).toList(), new int[] {100}, 2, 2, ProgressReporter.NONE)
        .precisionAt(100);
  }

  private static String epochs(HashModel model) {
    return model.info().containsKey("best_epoch")
        ? "; best epoch " + model.info().get("best_epoch") + " of " + model.info().get("epochs_run")
            + ", validation losses " + model.info().get("validation_losses")
        : "";
  }

  private static String prop(String key, String def) {
    return System.getProperty(key, def);
  }

  private static int[] ints(String key, String def) {
    return Arrays.stream(prop(key, def).split(",")).mapToInt(Integer::parseInt).toArray();
  }
}
