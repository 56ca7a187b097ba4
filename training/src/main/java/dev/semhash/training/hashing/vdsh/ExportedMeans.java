package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashNetwork;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The encoder's means as its exported model computes them, for scoring epochs while training: the
 * current weights in the runtime's pure-Java layers ({@link HashNetwork}) instead of ND4J's graph.
 * The two sum in different orders, so a mean within float rounding of its threshold could take
 * another bit; scored this way, an epoch is judged by exactly the codes its export gives under
 * median, 2-means and sign thresholds, and the kept epoch's score is the exported model's own.
 * Under ITQ {@link #rotated} folds the rotation into the last layer as the export folds it, so
 * there too the scored codes are the export's.
 *
 * <pre class="prettyprint">
 * ExportedMeans means = new ExportedMeans(trainedNetwork, training, neighbours, 2);
 * float[] values = means.of(training, new int[] {0, 1, 2}); // 3 rows x bits, row-major
 * </pre>
 */
final class ExportedMeans implements EpochScorer.Means {
  private static final int ROWS_PER_TASK = 64;

  private final HashNetwork network;
  private final SparseMatrix training;
  private final NeighbourEncoder neighbours;
  private final int threads;
  /** A neighbourhood network's hidden values of every training row (every call pools over them); else null. */
  private final float[][] trainingHidden;

  /**
   * @param network the encoder's current weights ({@link TrainedVdsh#network})
   * @param training the training matrix, whose rows a neighbourhood network's lists refer to
   * @param neighbours each training row's neighbour rows; {@code null} unless the network reads a
   *     neighbourhood
   * @throws IllegalArgumentException if a neighbourhood network comes without neighbour lists
   */
  ExportedMeans(HashNetwork network, SparseMatrix training, NeighbourEncoder neighbours, int threads) {
    if (network.readsNeighbourhood() && (neighbours == null || neighbours.documents() != training.numRows())) {
      throw new IllegalArgumentException(
          "a neighbourhood network's means need a neighbour list for each of the " + training.numRows() + " training rows");
    }
    this.network = network;
    this.training = training;
    this.neighbours = neighbours;
    this.threads = threads;
    this.trainingHidden = network.readsNeighbourhood() ? hidden(network, training) : null;
  }

  private ExportedMeans(ExportedMeans unrotated, HashNetwork network) {
    this.network = network;
    this.training = unrotated.training;
    this.neighbours = unrotated.neighbours;
    this.threads = unrotated.threads;
    this.trainingHidden = unrotated.trainingHidden; // the fold changes the last layer only
  }

  /**
   * The same network with {@code itq} folded into its last layer ({@link ItqRotation#fold}), as
   * {@link ItqRotation#rotate(dev.semhash.model.HashModel, float[], int, long)} folds it into the exported model: its means' signs are the
   * export's codes, float for float.
   */
  @Override
  public ExportedMeans rotated(ItqRotation itq) {
    List<DenseLayer> layers = new ArrayList<>(network.layers());
    layers.set(layers.size() - 1, itq.fold(layers.get(layers.size() - 1)));
    return new ExportedMeans(this, new HashNetwork(network.inputLayer(), layers, network.neighbourWidth()));
  }

  /**
   * The means of the listed rows of {@code inputs}, row-major ({@code rows x bits}).
   *
   * @throws IllegalArgumentException if the network reads a neighbourhood and {@code inputs} is
   *     not the training matrix (only training rows have neighbour lists)
   */
  @Override
  public float[] of(SparseMatrix inputs, int[] rows) {
    int bits = network.outputs();
    float[] out = new float[rows.length * bits];
    if (network.readsNeighbourhood() && inputs != training) {
      throw new IllegalArgumentException("a neighbourhood network is scored on its training rows only");
    }
    float[][] hidden = trainingHidden;
    eachChunk(rows.length, (from, to) -> {
      for (int i = from; i < to; i++) {
        float[] values = hidden == null ? network.project(inputs.row(rows[i])) : pooled(hidden, rows[i]);
        System.arraycopy(values, 0, out, i * bits, bits);
      }
    });
    return out;
  }

  private float[] pooled(float[][] hidden, int row) {
    int[] nn = neighbours.of(row);
    List<float[]> pooled = new ArrayList<>(nn.length);
    for (int n : nn) {
      pooled.add(hidden[n]);
    }
    return network.pool(hidden[row], pooled);
  }

  private float[][] hidden(HashNetwork network, SparseMatrix training) {
    float[][] hidden = new float[training.numRows()][];
    eachChunk(hidden.length, (from, to) -> {
      for (int r = from; r < to; r++) {
        hidden[r] = network.hidden(training.row(r));
      }
    });
    return hidden;
  }

  private void eachChunk(int n, Parallel.ChunkTask task) {
    try (ProgressReporter.Progress p = ProgressReporter.NONE.start("means", n, "docs")) {
      Parallel.forEachChunk(n, ROWS_PER_TASK, threads, p, task);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
