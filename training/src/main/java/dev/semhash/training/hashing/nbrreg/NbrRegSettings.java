package dev.semhash.training.hashing.nbrreg;

import dev.semhash.training.hashing.vdsh.DocumentWords;

import dev.semhash.training.hashing.vdsh.VdshSettings;
import dev.semhash.training.neighbors.Bm25NeighborSettings;

/**
 * Hyperparameters of {@link NbrRegTrainer}. {@link #DEFAULT}: the VDSH trainer's defaults (Adam
 * 0.001, dropout keep 0.8, batches of 100, KL annealing, median thresholds, early stopping), the
 * thesis's k = 20 BM25 neighbours (section 4.3), the neighbourhood term weighted like the
 * document's (eq. 4.1 adds them unweighted), each word of the document counted once (eq. 4.2).
 *
 * <pre class="prettyprint">
 * NbrRegSettings s = NbrRegSettings.DEFAULT.withVdsh(VdshSettings.DEFAULT.withMaxEpochs(10));
 * </pre>
 *
 * @param vdsh the network and training loop's settings
 * @param neighbours how the BM25 neighbourhood is found (k, query terms, k1, b)
 * @param neighbourhoodWeight weight of the neighbourhood log-likelihood in the loss (finite, &gt;= 0)
 * @param documentWords what the document's own word decoder reconstructs
 */
public record NbrRegSettings(
    VdshSettings vdsh, Bm25NeighborSettings neighbours, double neighbourhoodWeight, DocumentWords documentWords) {

  public static final NbrRegSettings DEFAULT =
      new NbrRegSettings(VdshSettings.DEFAULT, Bm25NeighborSettings.DEFAULT, 1.0, DocumentWords.UNIQUE);

  public NbrRegSettings {
    if (vdsh == null || neighbours == null || documentWords == null) {
      throw new IllegalArgumentException("vdsh, neighbours and documentWords settings are required");
    }
    if (!(neighbourhoodWeight >= 0) || Double.isInfinite(neighbourhoodWeight)) {
      throw new IllegalArgumentException(
          "neighbourhood weight must be a finite number >= 0, got " + neighbourhoodWeight);
    }
  }

  public NbrRegSettings withVdsh(VdshSettings vdsh) {
    return new NbrRegSettings(vdsh, neighbours, neighbourhoodWeight, documentWords);
  }

  public NbrRegSettings withNeighbours(Bm25NeighborSettings neighbours) {
    return new NbrRegSettings(vdsh, neighbours, neighbourhoodWeight, documentWords);
  }

  public NbrRegSettings withNeighbourhoodWeight(double neighbourhoodWeight) {
    return new NbrRegSettings(vdsh, neighbours, neighbourhoodWeight, documentWords);
  }

  public NbrRegSettings withDocumentWords(DocumentWords documentWords) {
    return new NbrRegSettings(vdsh, neighbours, neighbourhoodWeight, documentWords);
  }
}
