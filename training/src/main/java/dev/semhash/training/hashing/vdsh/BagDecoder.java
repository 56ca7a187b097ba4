package dev.semhash.training.hashing.vdsh;

import dev.semhash.training.corpus.SparseMatrix;

/**
 * An extra softmax decoder from the latent vector {@code s} over a bag of target ids, added to a
 * VDSH-family loss: for each training document, {@code -sum_j y_j log softmax(c - s B)_j} with
 * {@code y} the document's row of {@link #targets()}, {@code B} and {@code c} the decoder's own
 * parameters, times {@link #weight()}. NbrReg (thesis eq. 4.1-4.2) decodes the unique words of
 * the document's BM25 neighbourhood; node2hash (thesis eq. 5.3-5.4) decodes its neighbours'
 * document ids. The target space is the matrix's column count, independent of the vocabulary.
 *
 * <p>The decoder shapes training only: it is not part of the exported encoder.
 *
 * <pre class="prettyprint">
 * BagDecoder nbr = new BagDecoder("neighbourhood", NeighbourhoodWords.of(counts, neighbours), 1.0);
 * VdshSpec spec = VdshSpec.builder("nbrreg").decoder(nbr).build();
 * </pre>
 *
 * @param name a short name for progress messages and the model's provenance (letters, digits,
 *     {@code -} and {@code _})
 * @param targets one row per training document (the same rows as the corpus's training matrix),
 *     one column per target id; values are the targets' counts or weights (non-negative); an
 *     empty row contributes nothing
 * @param weight the term's weight in the loss (finite, non-negative)
 */
public record BagDecoder(String name, SparseMatrix targets, double weight) {
  public BagDecoder {
    if (name == null || name.matches("[A-Za-z0-9_-]+") == false) {
      throw new IllegalArgumentException(
          "decoder name must be non-empty letters, digits, '-' or '_', got '" + name + "'");
    }
    if (targets == null) {
      throw new IllegalArgumentException("decoder '" + name + "' needs a target matrix");
    }
    if (!(weight >= 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException(
          "decoder '" + name + "' weight must be a finite number >= 0, got " + weight);
    }
    for (float v : targets.values()) {
      if (!(v >= 0) || Float.isInfinite(v)) {
        throw new IllegalArgumentException(
            "decoder '" + name + "' targets must be finite and non-negative, found " + v);
      }
    }
  }

  /** Size of the target space (the softmax's width). */
  public int targetSize() {
    return targets.numColumns();
  }
}
