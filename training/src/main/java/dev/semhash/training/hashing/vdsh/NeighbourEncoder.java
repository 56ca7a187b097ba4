package dev.semhash.training.hashing.vdsh;

/**
 * NbrReg+Doc's second encoder branch (thesis eq. 4.7-4.9): each neighbour's input goes through
 * its own two ReLU layers ({@code W1nn}, {@code W2nn}), the neighbours' hidden vectors are
 * mean-pooled and added to the document's hidden vector {@code h(d)} before the mean and variance
 * heads: {@code mu = Wmu (h(d) + mean_j hnn(n_j)) + bmu}.
 *
 * <p>At query time there is no neighbourhood: the exported encoder treats the document as its
 * own single neighbour, {@code mu = Wmu (h(d) + hnn(d)) + bmu}, so it needs nothing but the text.
 * The training documents' codes (thresholds included) come from the same exported encoder.
 *
 * <pre class="prettyprint">
 * int[][] nn = ...; // per training document, the training rows of its neighbours
 * VdshSpec spec = VdshSpec.builder("nbrreg-doc").neighbourEncoder(NeighbourEncoder.meanPooled(nn)).build();
 * </pre>
 */
public final class NeighbourEncoder {
  /** How the exported model encodes a document without neighbours, as recorded in its info. */
  public static final String QUERY_TIME =
      "mean-pooled neighbour branch in training; exported encoder uses the document as its own"
          + " single neighbour (no neighbours needed at query time)";

  private final int[][] neighbours;

  private NeighbourEncoder(int[][] neighbours) {
    this.neighbours = neighbours;
  }

  /**
   * Mean pooling over the listed neighbours.
   *
   * @param neighbours per training document (same rows as the training matrix), the rows of its
   *     neighbours; every document needs at least one
   */
  public static NeighbourEncoder meanPooled(int[][] neighbours) {
    if (neighbours == null) {
      throw new IllegalArgumentException("neighbour lists are required");
    }
    for (int d = 0; d < neighbours.length; d++) {
      if (neighbours[d] == null || neighbours[d].length == 0) {
        throw new IllegalArgumentException(
            "training document " + d + " has no neighbour; the neighbour encoder needs at least one"
                + " per document (give such a document itself as its neighbour, or drop it)");
      }
      for (int n : neighbours[d]) {
        if (n < 0 || n >= neighbours.length) {
          throw new IllegalArgumentException(
              "training document " + d + " lists neighbour " + n + ", outside the "
                  + neighbours.length + " training documents");
        }
      }
    }
    return new NeighbourEncoder(neighbours);
  }

  /** Neighbour rows of training document {@code d}. */
  int[] of(int d) {
    return neighbours[d];
  }

  /** Number of training documents described. */
  int documents() {
    return neighbours.length;
  }
}
