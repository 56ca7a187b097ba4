package dev.semhash.rerank.model;

/**
 * The element-wise non-linearity of a {@link DenseLayer}. Each is computed in {@code double} and
 * rounded once to {@code float}, so that the trainer (which calls the same method) and the runtime
 * produce bit-identical activations.
 *
 * <pre class="prettyprint">
 * float y = Activation.SIGMOID.apply(0f); // 0.5
 * </pre>
 */
public enum Activation {
  /** {@code y = x}: DSE's Gaussian (linear) top layer. */
  LINEAR,
  /** {@code y = 1 / (1 + e^(-x))}: DSE's binary (RBM) units. */
  SIGMOID,
  /** {@code y = tanh(x)}: DSSM's hidden and output units. */
  TANH;

  /** The activation of {@code x}. */
  public float apply(float x) {
    return switch (this) {
      case LINEAR -> x;
      case SIGMOID -> (float) (1.0 / (1.0 + Math.exp(-x)));
      case TANH -> (float) Math.tanh(x);
    };
  }

  /** The derivative {@code dy/dx} expressed through the output {@code y = apply(x)}. */
  public float derivativeFromOutput(float y) {
    return switch (this) {
      case LINEAR -> 1f;
      case SIGMOID -> y * (1f - y);
      case TANH -> 1f - y * y;
    };
  }
}
