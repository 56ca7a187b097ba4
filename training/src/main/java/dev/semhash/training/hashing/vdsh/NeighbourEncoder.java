package dev.semhash.training.hashing.vdsh;

import dev.semhash.model.HashModel;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * NbrReg+Doc's second encoder branch (thesis eq. 4.7-4.9): each neighbour's input goes through
 * its own two ReLU layers ({@code W1nn}, {@code W2nn}), the neighbours' hidden vectors are
 * mean-pooled and added to the document's hidden vector {@code h(d)} before the mean and variance
 * heads: {@code mu = Wmu (h(d) + mean_j hnn(n_j)) + bmu}.
 *
 * <p>The exported model reads neighbourhoods too ({@link
 * dev.semhash.model.HashModel#readsNeighbourhood()}): its block-diagonal layers compute {@code
 * [h(x), hnn(x)]} for any document x, and its last layer reads a document's {@code h(d)} beside
 * the mean of its neighbours' {@code hnn}. Its median thresholds come from the training documents
 * read with the neighbours they were trained with; a new document is read with its nearest
 * training documents by BM25 ({@code NeighbourhoodEncoding}).
 *
 * <p>Until 2026-11-27 the exported encoder read every document as its own single neighbour,
 * {@code mu = Wmu (h(d) + hnn(d)) + bmu}, so that it needed nothing but the text. Unlike the
 * training, that read a single document where the branch had learnt the mean of 20, and cost
 * Prec@100: on 20 Newsgroups at 64 bits, .5657 against .6162 with the neighbourhoods, for the same
 * network. Model files of that time say {@link #SELF_NEIGHBOUR} under {@code neighbour_encoder}.
 *
 * <pre class="prettyprint">
 * int[][] nn = ...; // per training document, the training rows of its neighbours
 * VdshSpec spec = VdshSpec.builder("nbrreg-doc").neighbourEncoder(NeighbourEncoder.meanPooled(nn)).build();
 * </pre>
 */
public final class NeighbourEncoder {
  /** How the exported model encodes a document, as recorded in its info. */
  public static final String ENCODING =
      "mean-pooled neighbour branch; the model reads each document with its BM25 neighbours among"
          + " the training documents (training documents: those they were trained with)";

  /** What models exported before 2026-11-27 record: each document its own single neighbour. */
  public static final String SELF_NEIGHBOUR =
      "mean-pooled neighbour branch in training; exported encoder uses the document as its own"
          + " single neighbour (no neighbours needed at query time)";

  private final int[][] neighbours;

  /**
   * The network of a model exported before 2026-11-27 (its info says {@link #SELF_NEIGHBOUR}),
   * made to read neighbourhoods: the same layers, whose second half of units is the neighbour
   * branch, pooled over the neighbours; the info says {@link #ENCODING} and keeps the former
   * reading under {@code neighbour_encoder_before}. The thresholds are the old ones, made for
   * the old reading: compute new ones from the outputs read with neighbourhoods ({@link
   * ModelBinarization#apply(HashModel, float[][], Binarization, long)}).
   *
   * @throws IllegalArgumentException if {@code old} is not such a model
   */
  public static HashModel upgrade(HashModel old) {
    if (SELF_NEIGHBOUR.equals(old.info().get("neighbour_encoder")) == false || old.readsNeighbourhood()
        || old.layers().size() != 2 || old.inputLayer().outputs() % 2 != 0) {
      throw new IllegalArgumentException(
          "model '" + old.method() + "' is not a NbrReg+Doc model that reads each document as its own neighbour"
              + " (neighbour_encoder: " + old.info().get("neighbour_encoder") + "); only those can be upgraded");
    }
    Map<String, String> info = new LinkedHashMap<>(old.info());
    info.put("neighbour_encoder", ENCODING);
    info.put("neighbour_encoder_before", SELF_NEIGHBOUR);
    return new HashModel(old.method(), info, old.analyzerSettings(), old.vocabulary(), old.weighting(),
        old.normalize(), old.inputLayer(), old.layers(), old.thresholds(), old.inputLayer().outputs() / 2);
  }

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
