package dev.semhash.training.hashing.vdsh;

import dev.semhash.training.corpus.SparseMatrix;
import java.util.Arrays;
import java.util.Locale;

/**
 * Where the bias of each softmax decoder starts: the word decoder's {@code b} (thesis section
 * 3.2.1, {@code exp(-s^T G w_i + b_i)}) and the bias {@code c} of every {@link BagDecoder}
 * (NbrReg's neighbourhood words, node2hash's neighbour ids). The thesis does not say; the label
 * decoder of VDSH-S and VDSH-SP always starts at 0.
 *
 * <p>Adam moves a parameter by at most about its step (0.001) per update, and a training run here
 * makes a few thousand updates (20 Newsgroups: about 100 mini-batches an epoch, at most 30
 * epochs), so a bias that starts at 0 ends within about 3 of it, while the words' log shares
 * over the training documents span 8.1 on 20 Newsgroups and 8.2 on Reuters (10,000 words; the
 * commonest word's share is 5.7 and 5.6 above the uniform start's 1/10,000, measured on
 * 2026-12-07). The decoder then spends its latent variable on how common each word is, which says
 * little about what a document is about, and the shorter the code the more that costs. {@link
 * #LOG_FREQUENCY} starts each bias at the log of its target's share over the documents trained
 * on, as neural topic models start their background term, so that the latent variable only has
 * to explain how a document departs from the average one. The softmax ignores a constant added
 * to every logit, so the start is the average distribution itself.
 *
 * <p>It fits the words better and does not retrieve better, so {@link #ZERO} stays the default.
 * On validation splits ({@code eval-hash --validation 0.2 --decoder-bias log-frequency}, seed 42,
 * beside {@code zero}; 2026-12-07) the held-out reconstruction loss at the kept epoch was lower
 * in all 10 runs, by 6 to 27 nats per document, while Prec@100 moved by -.003 on average with
 * median thresholds (-.025 to +.050: VDSH at 8 bits on 20 Newsgroups .3358 against .2857, on
 * CiteSeer .4260 against .4510) and by -.008 with ITQ from the same networks (4 of 9 runs won).
 * On the test split 20 Newsgroups VDSH at 8 bits scored .2732 over seeds 42, 1 and 2 against
 * .2681 (docs/experiments.md, "The decoders' biases started at the words' log shares").
 *
 * <pre class="prettyprint">
 * VdshSettings s = VdshSettings.DEFAULT.withDecoderBias(DecoderBias.LOG_FREQUENCY);
 * </pre>
 */
public enum DecoderBias {
  /** Every decoder's bias starts at 0, so every target starts equally likely. */
  ZERO,
  /**
   * Target {@code j}'s bias starts at {@code ln((n_j + 1) / (N + V))}: {@code n_j} its count (or
   * weight) summed over the documents trained on, {@code N} the sum of all counts, {@code V} the
   * number of targets; adding one to each count keeps a target that no trained document holds
   * finite.
   */
  LOG_FREQUENCY;

  /**
   * The starting bias of a decoder over {@code targets}' columns, counted over {@code rows} (the
   * documents trained on, never the held-out ones).
   */
  public float[] start(SparseMatrix targets, int[] rows) {
    float[] bias = new float[targets.numColumns()];
    if (this == ZERO) {
      return bias;
    }
    double[] sums = new double[bias.length];
    double total = 0;
    int[] columns = targets.columns();
    float[] values = targets.values();
    for (int r : rows) {
      for (int k = targets.rowStart(r); k < targets.rowEnd(r); k++) {
        sums[columns[k]] += values[k];
        total += values[k];
      }
    }
    double denominator = total + bias.length;
    for (int j = 0; j < bias.length; j++) {
      bias[j] = (float) Math.log((sums[j] + 1) / denominator);
    }
    return bias;
  }

  /** {@code zero} or {@code log-frequency}, as the command line spells it. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Parses {@link #cliName()}, case-insensitively. */
  public static DecoderBias parse(String value) {
    for (DecoderBias b : values()) {
      if (b.cliName().equalsIgnoreCase(value)) {
        return b;
      }
    }
    throw new IllegalArgumentException(
        "'" + value + "' is not a decoder bias start; choose "
            + String.join(" or ", Arrays.stream(values()).map(DecoderBias::cliName).toList()));
  }
}
