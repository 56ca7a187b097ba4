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
  RECONSTRUCTION,
  /**
   * Retrieval itself: Prec@100 of the held-out documents' codes ranked by Hamming distance against
   * the codes of the documents trained on (thresholds from those documents, as the exported
   * model's), relevant if sharing a label; higher is better. Only labels of training documents are
   * read, never the test split's, and for the unsupervised methods they choose the epoch without
   * ever entering the loss, so it needs a labelled corpus. An option, not the default, since a
   * corpus to hash seldom has labels and the reproduction's unsupervised cells read none.
   *
   * <p>For the unsupervised methods the held-out reconstruction keeps falling after the codes
   * have passed their best: on CiteSeer at 32 bits ({@code eval-hash --dataset
   * ../shared/datasets/citeseer --method vdsh|node2hash --bits 32 --seeds 42,1,2 --early-stopping
   * precision --score-every-epoch}) this criterion keeps VDSH's
   * epochs 22, 21 and 21, which are the test queries' best too (Prec@100 0.5346, 0.5501, 0.5405
   * against 0.5111, 0.5223, 0.5129 for {@link #RECONSTRUCTION}'s epochs 30, 29 and 30), and
   * node2hash's 28, 30 and 24 (0.5240, 0.5345, 0.5133 against 0.5166, 0.5250, 0.5130). For the supervised
   * variants, with the label term weighted 1000 ({@link VdshSettings#labelWeight()}), the held-out
   * loss stops falling after a few epochs while this precision keeps rising (20 Newsgroups,
   * VDSH-S, 32 bits: loss best at epoch 9, precision at 17, 0.8830), yet the queries of a
   * validation split ({@code eval-hash --validation 0.2 --early-stopping precision}) did not
   * follow: Prec@100 0.8561 against 0.8577 with {@link #RECONSTRUCTION} at 32 bits, 0.6820 against
   * 0.6745 at 8 bits.
   */
  PRECISION;

  /** The KL weight at which validation losses are compared under this criterion. */
  public double klWeight() {
    return this == ELBO ? 1 : 0;
  }

  /** Whether the criterion reads the training documents' labels (to choose the epoch, not to train). */
  public boolean readsLabels() {
    return this == PRECISION;
  }

  /** {@code elbo}, {@code reconstruction} or {@code precision}, as the command line spells it. */
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
        "'" + value + "' is not an early-stopping criterion; choose elbo, reconstruction or precision");
  }
}
