/**
 * The reproduction of the thesis's semantic-hashing tables: one result file per cell (dataset ×
 * method × code length) in a results folder, read back as {@link
 * dev.semhash.training.reproduce.CellResult}s; the thesis's Prec@100 numbers ({@link
 * dev.semhash.training.reproduce.ThesisNumbers}); and the report built from both, a Markdown page
 * with our numbers beside the thesis's ({@link dev.semhash.training.reproduce.ReproductionReport})
 * and PNG plots of Prec@100 against code length ({@link
 * dev.semhash.training.reproduce.Prec100Chart}). The command {@code semhash reproduce} runs the
 * cells; this package neither trains nor evaluates.
 */
package dev.semhash.training.reproduce;
