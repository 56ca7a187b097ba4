package dev.semhash.training.rerank;

/**
 * The forms of SSI's matrix {@code W} in {@code f(q, d) = qᵀ W d} (Bai et al., section 2.2). The
 * low-rank forms work with any dictionary; the diagonal one stores one weight per term; the
 * unconstrained and sparse ones learn a full {@code terms × terms} matrix first and so need a small
 * dictionary ({@link #MAX_FULL_TERMS}).
 */
public enum SsiVariant {
  /** {@code W = UᵀV + I}: query and document embedded differently, plus TF-IDF cosine. */
  UV("uv", "W = UᵀV + I"),
  /** {@code W = UᵀU + I}: symmetric, query and document embedded the same way. */
  UU("uu", "W = UᵀU + I"),
  /** {@code W = D}, diagonal: a learnt re-weighting of the TF-IDF terms, started at the identity. */
  DIAGONAL("diagonal", "W = D (diagonal)"),
  /**
   * Sparse {@code W} by recursive feature elimination: a full {@code W} is trained, then the
   * smallest entries of each column are removed and the rest retrained, until each column keeps at
   * most p entries.
   */
  SPARSE("sparse", "sparse W (recursive feature elimination)"),
  /** {@code W} unconstrained, started at the identity: {@code terms²} weights. */
  FULL("full", "W unconstrained");

  /** Largest dictionary the unconstrained and sparse variants accept (a {@code terms²} matrix). */
  public static final int MAX_FULL_TERMS = 5000;

  private final String cliName;
  private final String formula;

  SsiVariant(String cliName, String formula) {
    this.cliName = cliName;
    this.formula = formula;
  }

  /** The name on the command line ({@code --ssi-variant}). */
  public String cliName() {
    return cliName;
  }

  /** The form of W, for reports. */
  public String formula() {
    return formula;
  }

  /** True if the variant trains a full {@code terms × terms} matrix. */
  public boolean needsFullMatrix() {
    return this == SPARSE || this == FULL;
  }

  /** Parses a command-line name, naming the choices when unknown. */
  public static SsiVariant parse(String name) {
    for (SsiVariant v : values()) {
      if (v.cliName.equalsIgnoreCase(name.trim())) {
        return v;
      }
    }
    throw new IllegalArgumentException(
        "unknown SSI variant '" + name + "'; choose uv, uu, diagonal, sparse or full");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
