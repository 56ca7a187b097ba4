package dev.semhash.training.hashing.vdsh;

import dev.semhash.training.corpus.SparseMatrix;

/**
 * Scores the network after every training epoch, for a report only: the trainer neither keeps an
 * epoch nor stops by the score, so a run with a scorer trains the same model as one without.
 * {@link QueryPrecisionByEpoch} scores a run's queries as the thesis authors' released code did.
 *
 * <pre class="prettyprint">
 * QueryPrecisionByEpoch byEpoch = QueryPrecisionByEpoch.of(corpus, 32, Binarization.MEDIAN, 2, 42L);
 * VdshTrainer.train(corpus, VdshVariant.VDSH, 32, VdshSettings.DEFAULT.withEpochScorer(byEpoch), 42L, progress);
 * double best = byEpoch.best();
 * </pre>
 */
@FunctionalInterface
public interface EpochScorer {
  /** The network's current means (rows x bits, row-major) for some rows of a document matrix. */
  @FunctionalInterface
  interface Means {
    /**
     * @param inputs documents in the corpus's vocabulary and weighting, such as {@code
     *     Corpus#test()}
     * @param rows the rows of {@code inputs} to encode
     */
    float[] of(SparseMatrix inputs, int[] rows);

    /**
     * These means centred and turned by ITQ's rotation, whose signs are the codes. By default the
     * values are rotated in double precision, which agrees with the export's codes to rounding
     * only; a network's means ({@link ExportedMeans}) fold the rotation into the last layer as the
     * export folds it, so that their signs are the export's codes exactly.
     */
    default Means rotated(ItqRotation itq) {
      return (inputs, rows) -> itq.rotateValues(of(inputs, rows), rows.length);
    }
  }

  /**
   * Scores the network as it stands after {@code epoch} (1 for the first); the value shows in the
   * epoch's progress line.
   */
  double score(int epoch, Means means);
}
