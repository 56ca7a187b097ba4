package dev.semhash.training.rerank;

/**
 * Where training pairs (query, relevant document) come from, so that every user can train a model:
 * with judged queries, with labelled documents, with links between documents, or with nothing but
 * the documents themselves.
 */
public enum PairSource {
  /** Judged queries: the training split of a query/qrels dataset (SciFact). */
  QRELS("qrels"),
  /** Labels: a document is the query, the other documents sharing one of its labels relevant. */
  LABELS("labels"),
  /** Links (citations), both directions: a document is the query, its linked documents relevant. */
  LINKS("links"),
  /**
   * Weak supervision from the corpus itself: where most documents have a title, the title is the
   * query and its document relevant (title → body); otherwise a document is the query and its top
   * BM25 neighbours are relevant.
   */
  WEAK("weak");

  private final String cliName;

  PairSource(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  /** Parses a command-line name, naming the choices when unknown. */
  public static PairSource parse(String name) {
    for (PairSource p : values()) {
      if (p.cliName.equalsIgnoreCase(name.trim())) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown pair source '" + name + "'; choose qrels, labels, links or weak");
  }

  @Override
  public String toString() {
    return cliName;
  }
}
