package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Iterative quantization (ITQ; Gong and Lazebnik, CVPR 2011): an orthogonal rotation of the
 * centred encoder outputs chosen so that their signs lose as little as possible, {@code min ||B −
 * V R||²} over binary {@code B ∈ {−1, 1}} and orthogonal {@code R}.
 *
 * <p>Median thresholds cut every dimension on its own; where the documents of one topic lie
 * across a threshold, the topic is split between two codes. The rotation turns the cloud of
 * outputs so that groups of documents sit inside orthants, which Hamming ranking then keeps
 * together. The loop alternates the two exact half-steps of the paper: {@code B = sign(V R)}, then
 * the orthogonal Procrustes solution {@code R = Ŵ Ûᵀ} from the SVD {@code Bᵀ V = Û Σ Ŵᵀ}.
 *
 * <p>The rotation is folded into the encoder's last, linear layer ({@link #fold}), so that a model
 * file keeps its format: the folded layer outputs {@code (W h + b − mean) R} and every threshold is
 * 0.
 *
 * <pre class="prettyprint">
 * // the same network, its codes now from the rotation learnt on the training documents
 * HashModel itq = ItqRotation.rotate(medianModel, corpus.train(), 42L, 2, ProgressReporter.NONE);
 * </pre>
 */
public final class ItqRotation {
  /** Alternations of the two half-steps; the paper's 50 (the quantization loss has flattened). */
  static final int ITERATIONS = 50;

  private final float[] mean;
  /** {@code rotation[o][j]}: weight of centred output {@code o} in rotated output {@code j}. */
  private final double[][] rotation;
  private final double[] lossByIteration;

  private ItqRotation(float[] mean, double[][] rotation, double[] lossByIteration) {
    this.mean = mean;
    this.rotation = rotation;
    this.lossByIteration = lossByIteration;
  }

  /**
   * The model with its codes from ITQ: the rotation is learnt on the model's real-valued outputs
   * for the rows of {@code train} (its thresholds play no part) and folded into its last layer,
   * the thresholds are 0, and the info records {@code binarization=itq} and the quantization loss.
   * The network is otherwise the same, so a model trained with median thresholds and rotated here
   * equals one trained with {@code --binarization itq} at the same seed.
   *
   * @param train the training documents' vectors, from the model's own vectorizer settings
   * @throws IllegalArgumentException for a model that reads neighbourhoods: its outputs need them,
   *     so give them with {@link #rotate(HashModel, float[][], long)}
   */
  public static HashModel rotate(
      HashModel model, SparseMatrix train, long seed, int threads, ProgressReporter progress)
      throws IOException {
    if (model.readsNeighbourhood()) {
      throw new IllegalArgumentException(
          "model '" + model.method() + "' reads each document's neighbourhood; learn its rotation from its outputs"
              + " on the training documents read with their neighbours (NeighbourhoodEncoding.project, then"
              + " rotate(model, projections, seed))");
    }
    return rotate(model, TrainedVdsh.projections(model, train, threads, progress), train.numRows(), seed);
  }

  /**
   * As {@link #rotate(HashModel, SparseMatrix, long, int, ProgressReporter)}, from the model's
   * outputs on the training documents, one row each (for a model that reads neighbourhoods, read
   * with them).
   */
  public static HashModel rotate(HashModel model, float[][] trainProjections, long seed) {
    return rotate(model, TrainedVdsh.flatten(trainProjections, model.bits()), trainProjections.length, seed);
  }

  /**
   * As {@link #rotate(HashModel, SparseMatrix, long, int, ProgressReporter)}, from the model's
   * outputs already computed for the training documents.
   *
   * @param values row-major outputs of {@code model}, {@code rows × bits}
   */
  static HashModel rotate(HashModel model, float[] values, int rows, long seed) {
    List<DenseLayer> layers = new ArrayList<>(model.layers());
    if (layers.isEmpty()) {
      throw new IllegalArgumentException(
          "model " + model.method() + " has no layer after its input layer to fold a rotation into;"
              + " ITQ applies to the neural methods");
    }
    ItqRotation itq = learn(values, rows, model.bits(), seed);
    layers.set(layers.size() - 1, itq.fold(layers.get(layers.size() - 1)));
    Map<String, String> info = new LinkedHashMap<>(model.info());
    info.put("binarization", Binarization.ITQ.cliName());
    double[] loss = itq.lossByIteration();
    info.put("itq_quantization_loss",
        String.format(Locale.ROOT, "%.3f after 1 iteration, %.3f after %d", loss[0], loss[loss.length - 1], loss.length));
    return model.with(info, layers, new float[model.bits()]);
  }

  /**
   * Learns the rotation from the encoder's outputs on the training documents.
   *
   * @param values row-major outputs, {@code rows × bits}
   * @param seed seeds the random orthogonal start
   * @throws IllegalArgumentException if there are fewer than two rows or a value is not finite
   */
  static ItqRotation learn(float[] values, int rows, int bits, long seed) {
    if (rows < 2 || values.length != rows * bits) {
      throw new IllegalArgumentException(
          "ITQ needs the outputs of at least two training documents, got " + rows + " rows of "
              + bits + " values in an array of " + values.length);
    }
    float[] mean = new float[bits];
    double[] sum = new double[bits];
    for (int r = 0; r < rows; r++) {
      for (int j = 0; j < bits; j++) {
        float v = values[r * bits + j];
        if (Float.isFinite(v) == false) {
          throw new IllegalArgumentException(
              "training document " + r + " has output " + v + " at bit " + j
                  + "; the encoder diverged, so no rotation can be learnt (retrain with a smaller --learning-rate)");
        }
        sum[j] += v;
      }
    }
    double[][] centred = new double[rows][bits];
    for (int j = 0; j < bits; j++) {
      mean[j] = (float) (sum[j] / rows);
    }
    for (int r = 0; r < rows; r++) {
      for (int j = 0; j < bits; j++) {
        centred[r][j] = values[r * bits + j] - mean[j];
      }
    }
    INDArray v = Nd4j.create(centred);
    INDArray rotation = randomOrthogonal(bits, seed);
    double[] loss = new double[ITERATIONS];
    for (int it = 0; it < ITERATIONS; it++) {
      INDArray b = Nd4j.create(signs(v.mmul(rotation).toDoubleMatrix()));
      INDArray[] svd = svd(b.transpose().mmul(v));
      rotation = svd[2].transpose().mmul(svd[0].transpose());
      loss[it] = b.sub(v.mmul(rotation)).norm2Number().doubleValue();
    }
    return new ItqRotation(mean, rotation.toDoubleMatrix(), loss);
  }

  /** The quantization loss {@code ||B − V R||} after each iteration, for reports and tests. */
  double[] lossByIteration() {
    return lossByIteration.clone();
  }

  /** The rotation, {@code bits × bits}, orthogonal (a copy). */
  double[][] rotation() {
    double[][] copy = new double[rotation.length][];
    for (int i = 0; i < rotation.length; i++) {
      copy[i] = rotation[i].clone();
    }
    return copy;
  }

  /**
   * The layer that outputs this rotation of {@code last}'s centred outputs: weights {@code Rᵀ W}
   * and bias {@code Rᵀ (b − mean)}, to be thresholded at 0.
   *
   * @throws IllegalArgumentException if {@code last} is not linear or has another output count
   */
  DenseLayer fold(DenseLayer last) {
    int bits = mean.length;
    if (last.activation() != Activation.IDENTITY || last.outputs() != bits) {
      throw new IllegalArgumentException(
          "ITQ folds its rotation into a linear last layer of " + bits + " outputs, but the encoder's"
              + " last layer is " + last.activation() + " with " + last.outputs()
              + " outputs; use --binarization median for this model");
    }
    float[][] w = last.weights();
    float[] b = last.bias();
    float[][] folded = new float[bits][last.inputs()];
    float[] bias = new float[bits];
    for (int j = 0; j < bits; j++) {
      for (int i = 0; i < last.inputs(); i++) {
        double s = 0;
        for (int o = 0; o < bits; o++) {
          s += rotation[o][j] * w[o][i];
        }
        folded[j][i] = (float) s;
      }
      double s = 0;
      for (int o = 0; o < bits; o++) {
        s += rotation[o][j] * ((double) b[o] - mean[o]);
      }
      bias[j] = (float) s;
    }
    return new DenseLayer(folded, bias, Activation.IDENTITY);
  }

  /**
   * Row-major outputs centred and turned by this rotation in double precision, whose signs are the
   * codes: the folded model's values up to float rounding (for choosing epochs where no network is
   * at hand, not for model files).
   */
  float[] rotateValues(float[] values, int rows) {
    int bits = mean.length;
    float[] z = new float[rows * bits];
    for (int r = 0; r < rows; r++) {
      for (int j = 0; j < bits; j++) {
        double s = 0;
        for (int o = 0; o < bits; o++) {
          s += ((double) values[r * bits + o] - mean[o]) * rotation[o][j];
        }
        z[r * bits + j] = (float) s;
      }
    }
    return z;
  }

  /** Codes of values already rotated (row-major): each bit set where its value is above 0. */
  static long[][] signs(float[] rotated, int rows, int bits) {
    long[][] codes = new long[rows][];
    float[] zero = new float[bits];
    for (int r = 0; r < rows; r++) {
      codes[r] = HashModel.binarize(rotated, r * bits, zero);
    }
    return codes;
  }

  private static double[][] signs(double[][] x) {
    for (double[] row : x) {
      for (int j = 0; j < row.length; j++) {
        row[j] = row[j] >= 0 ? 1 : -1;
      }
    }
    return x;
  }

  /** The U of the SVD of a seeded Gaussian matrix: a random orthogonal start. */
  private static INDArray randomOrthogonal(int n, long seed) {
    Random random = new Random(seed);
    double[][] g = new double[n][n];
    for (double[] row : g) {
      for (int j = 0; j < n; j++) {
        row[j] = random.nextGaussian();
      }
    }
    return svd(Nd4j.create(g))[0];
  }

  /** {@code {U, S, Vᵀ}} of a square matrix, by LAPACK's gesvd. */
  private static INDArray[] svd(INDArray a) {
    int n = (int) a.rows();
    INDArray u = Nd4j.create(DataType.DOUBLE, n, n);
    INDArray s = Nd4j.create(DataType.DOUBLE, n);
    INDArray vt = Nd4j.create(DataType.DOUBLE, n, n);
    Nd4j.getBlasWrapper().lapack().gesvd(a.dup(), s, u, vt);
    return new INDArray[] {u, s, vt};
  }
}
