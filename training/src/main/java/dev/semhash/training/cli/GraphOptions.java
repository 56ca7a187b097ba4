package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.graph.Traversal;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.node2hash.Node2hashSettings;
import dev.semhash.training.hashing.node2hash.Node2hashTrainer;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import picocli.CommandLine.Option;

/** node2hash's document graph and neighbourhood sampling; defaults are the method's. */
final class GraphOptions {
  @Option(
      names = "--graph",
      paramLabel = "G",
      description = "node2hash graph: links (the dataset's edges.tsv, undirected), knn (TF-IDF"
          + " cosine k-NN) or links+knn (both) (default: links when the dataset has edges, else knn).")
  String graph;

  @Option(
      names = "--knn",
      paramLabel = "K",
      description = "node2hash: neighbours per document of the knn graph (default: 20).")
  Integer knn;

  @Option(
      names = "--traversal",
      paramLabel = "T",
      description = "node2hash neighbourhood sampling: bfs, dfs or walk (default: bfs).")
  String traversal;

  @Option(
      names = "--neighbourhood-size",
      paramLabel = "M",
      description = "node2hash: the most documents in a sampled neighbourhood (default: 5).")
  Integer neighbourhoodSize;

  @Option(
      names = "--neighbour-weight",
      paramLabel = "W",
      description = "node2hash: weight of the neighbour decoder next to the words' (default: 1).")
  Double neighbourWeight;

  /** Trains {@code method}, with these settings when it is node2hash. */
  HashModel train(HashingMethod method, Corpus corpus, int bits, long seed, ProgressReporter progress)
      throws IOException {
    if (method != HashingMethod.NODE2HASH) {
      if (graph != null || knn != null || traversal != null || neighbourhoodSize != null || neighbourWeight != null) {
        throw new IllegalArgumentException(
            "--graph, --knn, --traversal, --neighbourhood-size and --neighbour-weight apply to"
                + " --method node2hash only, not " + method.cliName());
      }
      return method.train(corpus, bits, seed, progress);
    }
    return Node2hashTrainer.train(corpus, bits, settings(), seed, progress);
  }

  Node2hashSettings settings() {
    Node2hashSettings s = Node2hashSettings.DEFAULT;
    if (graph != null) {
      s = s.withGraph(GraphSource.parse(graph));
    }
    if (knn != null) {
      s = s.withKnnNeighbors(knn);
    }
    if (traversal != null) {
      s = s.withTraversal(Traversal.parse(traversal));
    }
    if (neighbourhoodSize != null) {
      s = s.withNeighborhoodSize(neighbourhoodSize);
    }
    if (neighbourWeight != null) {
      s = s.withNeighborWeight(neighbourWeight);
    }
    return s;
  }
}
