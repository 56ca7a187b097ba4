package dev.semhash.training.hashing.vdsh;

import java.util.Locale;

/**
 * What the validation split measures to pick the best epoch and stop training.
 *
 * <p>The KL term's weight is annealed from 0 by a fixed step per mini-batch, so on a small corpus
 * it is still far below 1 when training ends (CiteSeer's 2,525 training papers reach 0.18 after
 * 30 epochs). Scored with the KL term at full weight, the validation loss then rewards the epochs
 * in which the encoder still ignores its input (a posterior equal to the prior costs no KL): on
 * CiteSeer, node2hash at 64 bits with unique document words kept epoch 10, whose codes scored a
 * Prec@100 of 0.2987, because the loss rose once the codes began to carry information.
 */
public enum EarlyStopping {
  /**
   * The negative evidence lower bound: every decoder's loss plus the KL term at weight 1, the
   * objective the annealing converges to.
   */
  ELBO,
  /**
   * The decoders' losses alone (words, labels, neighbours), without the KL term: how well the
   * codes of held-out documents explain them, whatever the annealing has reached.
   */
  RECONSTRUCTION;

  /** The KL weight at which validation losses are compared under this criterion. */
  public double klWeight() {
    return this == ELBO ? 1 : 0;
  }

  /** {@code elbo} or {@code reconstruction}, as the command line spells it. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@link #cliName()}, case-insensitively. */
  public static EarlyStopping parse(String value) {
    for (EarlyStopping e : values()) {
      if (e.cliName().equalsIgnoreCase(value)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "'" + value + "' is not an early-stopping criterion; choose elbo or reconstruction");
  }
}
