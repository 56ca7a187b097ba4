package dev.semhash.training.neighbors;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Path;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import org.junit.jupiter.api.Test;

/**
 * Times neighbour computation on the full 20 Newsgroups training split and prints the figures.
 * A benchmark, not a timed test: it runs only with {@code -Dsemhash.benchmark=true}, e.g.
 * {@code mvn -o -pl training -am test -Dtest=NeighborsBenchmark -Dsemhash.benchmark=true
 * -Dsurefire.failIfNoSpecifiedTests=false -DredirectTestOutputToFile=false}.
 */
class NeighborsBenchmark {

  @Test
  void fullTwentyNewsgroups() throws Exception {
    assumeTrue(Boolean.getBoolean("semhash.benchmark"), "benchmark: set -Dsemhash.benchmark=true");
    Path shared = Path.of(System.getProperty("semhash.shared", "../shared"));
    DatasetReader dataset = new DatasetReader(shared.resolve("datasets/20newsgroups"));
    int threads = Parallel.defaultThreads();
    long t0 = System.nanoTime();
    try (Corpus corpus =
        Corpus.build(dataset, CorpusSettings.DEFAULT, null, threads, ProgressReporter.NONE)) {
      long t1 = System.nanoTime();
      System.out.printf(
          "corpus: %d train, %d test, %d terms, %d threads, build %.1f s%n",
          corpus.train().numRows(), corpus.test().numRows(), corpus.vocabulary().size(), threads,
          (t1 - t0) / 1e9);
      String terms = System.getProperty("semhash.benchmark.queryTerms", "32");
      for (String t : terms.split(",")) {
        Bm25NeighborSettings s = Bm25NeighborSettings.DEFAULT.withQueryTerms(Integer.parseInt(t));
        long a = System.nanoTime();
        Neighbors nn = new Bm25Neighbors(corpus.index(), s).compute(threads, ProgressReporter.NONE);
        long b = System.nanoTime();
        System.out.printf(
            "BM25 k=%d queryTerms=%s: %.1f s, shared-label rate %.4f, min count %d%n",
            s.k(), t, (b - a) / 1e9, nn.sharedLabelRate(corpus.trainLabels()), nn.minCount());
      }
      long a = System.nanoTime();
      Neighbors graph = CorpusNeighbors.tfidfCosine(corpus, 20, null, threads, ProgressReporter.NONE);
      long b = System.nanoTime();
      System.out.printf(
          "TF-IDF cosine k=20: %.1f s, shared-label rate %.4f, min count %d%n",
          (b - a) / 1e9, graph.sharedLabelRate(corpus.trainLabels()), graph.minCount());
    }
  }
}
