package dev.semhash.training.hashing.vdsh;

import java.util.stream.IntStream;

/**
 * Adam (Kingma and Ba 2015) over a plain float array, with ND4J's defaults (beta1 0.9, beta2
 * 0.999, epsilon 1e-8) and its bias correction folded into the step size, so that the Java-held
 * first layer moves exactly like the SameDiff-held ones.
 */
final class JavaAdam {
  static final double BETA1 = 0.9;
  static final double BETA2 = 0.999;
  static final double EPSILON = 1e-8;

  private final float[] m;
  private final float[] v;
  private final double learningRate;
  private int iteration;

  JavaAdam(int size, double learningRate) {
    this.m = new float[size];
    this.v = new float[size];
    this.learningRate = learningRate;
  }

  /** {@code params -= step(grad)}; {@code grad} is left unchanged. */
  void step(float[] params, float[] grad, int threads) {
    iteration++;
    float b1 = (float) BETA1;
    float b2 = (float) BETA2;
    float eps = (float) EPSILON;
    float alpha =
        (float) (learningRate * Math.sqrt(1 - Math.pow(BETA2, iteration)) / (1 - Math.pow(BETA1, iteration)));
    int parts = Math.max(1, Math.min(threads, params.length / 4096));
    IntStream.range(0, parts).parallel().forEach(part -> {
      int from = (int) ((long) params.length * part / parts);
      int to = (int) ((long) params.length * (part + 1) / parts);
      for (int i = from; i < to; i++) {
        float g = grad[i];
        float mi = b1 * m[i] + (1 - b1) * g;
        float vi = b2 * v[i] + (1 - b2) * g * g;
        m[i] = mi;
        v[i] = vi;
        params[i] -= alpha * mi / ((float) Math.sqrt(vi) + eps);
      }
    });
  }
}
