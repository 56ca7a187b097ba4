package dev.semhash.training.hashing.sth;

import dev.semhash.training.corpus.SparseMatrix;
import java.util.SplittableRandom;

/**
 * A linear support vector machine, {@code f(x) = w.x + b}, trained by dual coordinate descent on
 * the L2-regularised squared-hinge loss (Hsieh et al., ICML 2008; LIBLINEAR's default solver):
 *
 * <pre>min over w, b of  1/2 (|w|^2 + b^2) + C sum_i max(0, 1 - y_i (w.x_i + b))^2</pre>
 *
 * <p>The bias is a constant feature of value 1, regularised like the other weights, as LIBLINEAR
 * does with {@code -B 1}. Each pass visits the training rows in an order drawn from the seed and
 * optimises one dual variable at a time in closed form; training stops when the projected gradients
 * of a pass span less than {@link SvmSettings#epsilon()} (the dual optimality gap LIBLINEAR uses)
 * or after {@link SvmSettings#maxEpochs()} passes. The squared hinge makes the dual strongly
 * convex, so the solution is unique and the result independent of the order up to the tolerance.
 *
 * <pre class="prettyprint">
 * LinearSvm.Model m = LinearSvm.train(x, labels, rows, SvmSettings.DEFAULT, 42L);
 * boolean positive = m.decision(x, 7) &gt; 0;
 * </pre>
 */
public final class LinearSvm {
  private LinearSvm() {}

  /**
   * A trained classifier.
   *
   * @param weights one weight per column of the training matrix
   * @param bias the constant term
   * @param epochs passes made
   * @param converged whether the stopping tolerance was reached before the pass limit
   */
  public record Model(double[] weights, double bias, int epochs, boolean converged) {
    /** {@code w.x + b} for row {@code r} of {@code x}. */
    public double decision(SparseMatrix x, int r) {
      double s = bias;
      int[] cols = x.columns();
      float[] vals = x.values();
      for (int a = x.rowStart(r); a < x.rowEnd(r); a++) {
        s += weights[cols[a]] * vals[a];
      }
      return s;
    }
  }

  /**
   * Trains on the rows {@code rows} of {@code x}, row {@code r} being positive when {@code
   * positive[r]}.
   *
   * @param rows the training rows (distinct, in range); others are ignored
   * @param seed seeds the order in which rows are visited
   * @throws IllegalArgumentException if {@code rows} is empty or {@code positive} does not have a
   *     value per row of {@code x}
   */
  public static Model train(
      SparseMatrix x, boolean[] positive, int[] rows, SvmSettings settings, long seed) {
    if (positive.length != x.numRows()) {
      throw new IllegalArgumentException(
          positive.length + " labels for a matrix of " + x.numRows() + " rows");
    }
    if (rows.length == 0) {
      throw new IllegalArgumentException(
          "no training row; a classifier needs at least one example");
    }
    int[] cols = x.columns();
    float[] vals = x.values();
    double[] w = new double[x.numColumns()];
    double b = 0;
    double diag = 0.5 / settings.c();
    double[] qd = new double[rows.length];
    for (int k = 0; k < rows.length; k++) {
      int r = rows[k];
      double sq = 1; // the bias feature
      for (int a = x.rowStart(r); a < x.rowEnd(r); a++) {
        sq += (double) vals[a] * vals[a];
      }
      qd[k] = sq + diag;
    }
    double[] alpha = new double[rows.length];
    int[] order = new int[rows.length];
    for (int k = 0; k < order.length; k++) {
      order[k] = k;
    }
    SplittableRandom random = new SplittableRandom(seed);
    int epoch = 0;
    boolean converged = false;
    while (epoch < settings.maxEpochs()) {
      epoch++;
      for (int k = order.length - 1; k > 0; k--) {
        int j = random.nextInt(k + 1);
        int t = order[k];
        order[k] = order[j];
        order[j] = t;
      }
      double maxPg = Double.NEGATIVE_INFINITY;
      double minPg = Double.POSITIVE_INFINITY;
      for (int k : order) {
        int r = rows[k];
        double y = positive[r] ? 1 : -1;
        double f = b;
        for (int a = x.rowStart(r); a < x.rowEnd(r); a++) {
          f += w[cols[a]] * vals[a];
        }
        double g = y * f - 1 + diag * alpha[k];
        double pg = alpha[k] == 0 ? Math.min(g, 0) : g;
        maxPg = Math.max(maxPg, pg);
        minPg = Math.min(minPg, pg);
        if (pg != 0) {
          double old = alpha[k];
          alpha[k] = Math.max(old - g / qd[k], 0);
          double d = (alpha[k] - old) * y;
          for (int a = x.rowStart(r); a < x.rowEnd(r); a++) {
            w[cols[a]] += d * vals[a];
          }
          b += d;
        }
      }
      if (maxPg - minPg <= settings.epsilon()) {
        converged = true;
        break;
      }
    }
    return new Model(w, b, epoch, converged);
  }
}
