package dev.semhash.training.rerank;

import dev.semhash.rerank.model.FixedOrderDot;
import java.util.Arrays;
import java.util.Random;

/**
 * A restricted Boltzmann machine with binary (logistic) visible units and binary or Gaussian
 * hidden units, trained by one step of contrastive divergence (CD-1), as DSE pretrains each layer
 * (Wu, Min and Bai, "Deep Semantic Embedding", section 2.2). Gaussian hidden units have unit
 * variance (the paper's choice), so their mean is {@code c + Wᵀv} and the update rule is the binary
 * one (the paper's eq. 12 with σ = 1 is eq. 11).
 *
 * <p>One CD-1 step on a visible vector {@code v0}: {@code p0 = E[h | v0]}; a hidden sample {@code
 * h0} (Bernoulli(p0), or p0 plus standard normal noise); the reconstruction {@code v1 = σ(b + W
 * h0)} (mean-field, not sampled); {@code p1 = E[h | v1]}. The gradient estimate is {@code ΔW = v0
 * p0ᵀ - v1 p1ᵀ}, {@code Δb = v0 - v1}, {@code Δc = p0 - p1} (eq. 13 with T = 1, data statistics
 * from probabilities as Hinton's practical guide recommends).
 *
 * <p>Weights are input-major ({@code visible × hidden}), the layout of the network layer they
 * initialise.
 */
final class Rbm {
  final int visible;
  final int hidden;
  final boolean gaussianHidden;
  final float[] w;
  final float[] b;
  final float[] c;

  /**
   * A weight this large means CD-1 has diverged: a unit's input would be at least this large, far
   * past where the logistic saturates, and a few more steps overflow it to infinity.
   */
  static final float DIVERGED = 1e6f;

  Rbm(int visible, int hidden, boolean gaussianHidden, float initStd, Random random) {
    this.visible = visible;
    this.hidden = hidden;
    this.gaussianHidden = gaussianHidden;
    this.w = new float[visible * hidden];
    this.b = new float[visible];
    this.c = new float[hidden];
    for (int i = 0; i < w.length; i++) {
      w[i] = (float) (random.nextGaussian() * initStd);
    }
  }

  /** {@code E[h | v]}: {@code σ(c + Wᵀv)}, or {@code c + Wᵀv} for Gaussian units. */
  float[] hiddenMean(float[] v) {
    float[] h = new float[hidden];
    for (int i = 0; i < visible; i++) {
      float x = v[i];
      if (x == 0f) {
        continue;
      }
      int base = i * hidden;
      for (int j = 0; j < hidden; j++) {
        h[j] += x * w[base + j];
      }
    }
    for (int j = 0; j < hidden; j++) {
      h[j] = gaussianHidden ? h[j] + c[j] : sigmoid(h[j] + c[j]);
    }
    return h;
  }

  /** {@code E[v | h] = σ(b + W h)}. */
  float[] visibleMean(float[] h) {
    float[] v = new float[visible];
    for (int i = 0; i < visible; i++) {
      v[i] = sigmoid(b[i] + FixedOrderDot.dot(w, i * hidden, h, hidden));
    }
    return v;
  }

  /** A hidden state drawn given its mean. */
  float[] sampleHidden(float[] mean, Random random) {
    float[] h = new float[hidden];
    for (int j = 0; j < hidden; j++) {
      h[j] = gaussianHidden ? (float) (mean[j] + random.nextGaussian()) : (random.nextFloat() < mean[j] ? 1f : 0f);
    }
    return h;
  }

  /**
   * Adds one CD-1 gradient estimate for {@code v0} with hidden sample {@code h0} to {@code gw, gb,
   * gc}; returns the squared reconstruction error {@code |v0 - v1|²}.
   */
  double cd1(float[] v0, float[] p0, float[] h0, float[] gw, float[] gb, float[] gc) {
    float[] v1 = visibleMean(h0);
    float[] p1 = hiddenMean(v1);
    double err = 0;
    for (int i = 0; i < visible; i++) {
      int base = i * hidden;
      float a = v0[i];
      float r = v1[i];
      for (int j = 0; j < hidden; j++) {
        gw[base + j] += a * p0[j] - r * p1[j];
      }
      gb[i] += a - r;
      err += (double) (a - r) * (a - r);
    }
    for (int j = 0; j < hidden; j++) {
      gc[j] += p0[j] - p1[j];
    }
    return err;
  }

  /**
   * Trains by CD-1 on {@code data} in shuffled mini-batches, with momentum and weight decay (on
   * {@code W} only): {@code vel = momentum × vel + rate × (gradient / batch - decay × W)}.
   *
   * @return the mean squared reconstruction error of the last epoch
   * @throws IllegalStateException when a weight passes {@link #DIVERGED} or is not finite (the
   *     rate is too large for this layer), naming the epoch
   */
  double train(float[][] data, int epochs, int batch, float rate, float momentum, float decay, Random random,
      dev.semhash.training.progress.ProgressReporter.Progress progress) {
    float[] gw = new float[w.length];
    float[] gb = new float[visible];
    float[] gc = new float[hidden];
    float[] vw = new float[w.length];
    float[] vb = new float[visible];
    float[] vc = new float[hidden];
    int[] order = new int[data.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    double err = 0;
    for (int epoch = 0; epoch < epochs; epoch++) {
      shuffle(order, random);
      err = 0;
      for (int start = 0; start < order.length; start += batch) {
        int end = Math.min(order.length, start + batch);
        for (int k = start; k < end; k++) {
          float[] v0 = data[order[k]];
          float[] p0 = hiddenMean(v0);
          err += cd1(v0, p0, sampleHidden(p0, random), gw, gb, gc);
        }
        float scale = rate / (end - start);
        float largest = 0f;
        for (int i = 0; i < w.length; i++) {
          vw[i] = momentum * vw[i] + scale * gw[i] - rate * decay * w[i];
          w[i] += vw[i];
          largest = Math.max(largest, Math.abs(w[i]));
        }
        // NaN fails this test too; weights this large already overflow the units' inputs
        if (!(largest < DIVERGED)) {
          throw diverged(epoch, epochs, rate);
        }
        for (int i = 0; i < visible; i++) {
          vb[i] = momentum * vb[i] + scale * gb[i];
          b[i] += vb[i];
        }
        for (int j = 0; j < hidden; j++) {
          vc[j] = momentum * vc[j] + scale * gc[j];
          c[j] += vc[j];
        }
        Arrays.fill(gw, 0f);
        Arrays.fill(gb, 0f);
        Arrays.fill(gc, 0f);
      }
      if (progress != null) {
        progress.step(1);
      }
    }
    return err / data.length;
  }

  private IllegalStateException diverged(int epoch, int epochs, float rate) {
    return new IllegalStateException(String.format(java.util.Locale.ROOT,
        "RBM pretraining (%d visible, %d %s hidden units) diverged in epoch %d of %d at rate %s: its weights"
            + " passed %.0e or are no longer finite; lower the rate or the input size",
        visible, hidden, gaussianHidden ? "Gaussian" : "binary", epoch + 1, epochs, rate, DIVERGED));
  }

  /** The hidden means of every row of {@code data}: the next RBM's training data. */
  float[][] transform(float[][] data) {
    float[][] out = new float[data.length][];
    for (int i = 0; i < data.length; i++) {
      out[i] = hiddenMean(data[i]);
    }
    return out;
  }

  static float sigmoid(float x) {
    return dev.semhash.rerank.model.Activation.SIGMOID.apply(x);
  }

  private static void shuffle(int[] a, Random random) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
