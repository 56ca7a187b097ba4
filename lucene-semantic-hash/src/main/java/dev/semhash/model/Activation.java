package dev.semhash.model;

/** Element-wise activation of a {@link DenseLayer}. The ordinal is stored in model files. */
public enum Activation {
  IDENTITY,
  RELU,
  TANH,
  SIGMOID;

  /** Applies the activation in place. */
  void apply(float[] x) {
    switch (this) {
      case IDENTITY -> {}
      case RELU -> {
        for (int i = 0; i < x.length; i++) {
          x[i] = Math.max(0f, x[i]);
        }
      }
      case TANH -> {
        for (int i = 0; i < x.length; i++) {
          x[i] = (float) Math.tanh(x[i]);
        }
      }
      case SIGMOID -> {
        for (int i = 0; i < x.length; i++) {
          x[i] = (float) (1.0 / (1.0 + Math.exp(-x[i])));
        }
      }
    }
  }
}
