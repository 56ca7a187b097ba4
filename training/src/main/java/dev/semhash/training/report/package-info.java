/**
 * Pictures of one training run: {@link dev.semhash.training.report.LearningCurve} reads the
 * per-epoch history that every neural hashing model (VDSH, VDSH-S, VDSH-SP, NbrReg, NbrReg+Doc,
 * node2hash) keeps in its model file's information, and {@link
 * dev.semhash.training.report.LearningCurveChart} draws it as a PNG: training and held-out loss by
 * epoch, the held-out KL term, the epoch where the KL weight reaches 1 and the epoch that early
 * stopping kept. Because the history travels in the model file, any model can be plotted after
 * the fact, on a machine that never trained it.
 */
package dev.semhash.training.report;
