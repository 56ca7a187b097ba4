package dev.semhash.training.cli;

import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.reproduce.CellStore;
import dev.semhash.training.reproduce.ReproductionDataset;

/**
 * One cell of {@code semhash reproduce}: a method at one code length on one dataset, trained with
 * one seed, its codes made with median thresholds or ({@code itq}) rotated by ITQ.
 */
record ReproductionCell(ReproductionDataset dataset, HashingMethod method, int bits, boolean itq, long seed) {

  /** How progress lines and failures name the cell, e.g. {@code reuters vdsh-s+itq 32 bits seed 1}. */
  String name() {
    return dataset.key() + " " + methodKey() + " " + bits + " bits"
        + (seed == CellStore.TABLE_SEED ? "" : " seed " + seed);
  }

  /** The same cell with median thresholds ({@code itq} false) or ITQ codes. */
  ReproductionCell withItq(boolean itqCodes) {
    return new ReproductionCell(dataset, method, bits, itqCodes, seed);
  }

  /** The method's name in the table: {@code vdsh-s}, or {@code vdsh-s+itq} for ITQ codes. */
  String methodKey() {
    return method.cliName() + (itq ? CellStore.ITQ_VARIANT : "");
  }
}
