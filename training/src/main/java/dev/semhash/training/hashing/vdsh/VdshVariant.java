package dev.semhash.training.hashing.vdsh;

/**
 * The three models of the thesis's chapter 3 (Chaidaroon and Fang, SIGIR 2017). All share the
 * encoder {@code d -> t1 -> t2 -> (mu, log sigma^2)} and the softmax word decoder; they differ in
 * what else the latent vector must explain.
 */
public enum VdshVariant {
  /** Unsupervised: the latent vector {@code s} reconstructs the document's words (eq. 3.2). */
  VDSH("vdsh", false, false),
  /** Supervised: {@code s} also predicts the document's labels (eq. 3.4). */
  VDSH_S("vdsh-s", true, false),
  /**
   * Supervised with a private variable {@code v}: words come from {@code s + v}, labels from
   * {@code s} alone, so {@code v} absorbs what the labels do not explain (eq. 3.5).
   */
  VDSH_SP("vdsh-sp", true, true);

  private final String cliName;
  private final boolean supervised;
  private final boolean privateVariable;

  VdshVariant(String cliName, boolean supervised, boolean privateVariable) {
    this.cliName = cliName;
    this.supervised = supervised;
    this.privateVariable = privateVariable;
  }

  /** The method name stored in model files and used on the command line. */
  public String cliName() {
    return cliName;
  }

  /** Whether training reads labels. */
  public boolean supervised() {
    return supervised;
  }

  /** Whether the model has the document-private latent variable {@code v}. */
  public boolean privateVariable() {
    return privateVariable;
  }
}
