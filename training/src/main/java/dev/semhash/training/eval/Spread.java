package dev.semhash.training.eval;

/**
 * How a figure spreads over repeated runs, such as the same cell trained with different seeds: the
 * mean, the sample standard deviation (n − 1 in the denominator; NaN for a single value, which has
 * none), the minimum and the maximum.
 *
 * <pre class="prettyprint">
 * Spread s = Spread.of(new double[] {.5, .6, .7}); // mean .6, sd .1, min .5, max .7
 * </pre>
 *
 * @param count how many values
 * @param mean their mean
 * @param sd their sample standard deviation, NaN when {@code count} is 1
 * @param min the smallest
 * @param max the largest
 */
public record Spread(int count, double mean, double sd, double min, double max) {
  /** The spread of {@code values}, at least one. */
  public static Spread of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("a spread needs at least one value, got none: pass the figure of at least one run");
    }
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      sum += v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    double mean = sum / values.length;
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    double sd = values.length == 1 ? Double.NaN : Math.sqrt(squares / (values.length - 1));
    return new Spread(values.length, mean, sd, min, max);
  }
}
