/**
 * Reference rankings for the hashing tables: what the label-based protocol scores without any
 * code, so that a table of codes can be read against it. {@link
 * dev.semhash.training.reference.ReferenceRankings} ranks the training documents for every test
 * document three ways: perfectly (every document sharing a label first: the ceiling), by the
 * cosine of the full document vectors, TF-IDF by default (what the codes compress, {@link
 * dev.semhash.training.reference.SparseCosineScorer}), and by the label posterior of a linear
 * classifier trained on the training documents' labels (what supervised codes can hope to encode,
 * {@link dev.semhash.training.reference.OneVsRestLogisticRegression} and {@link
 * dev.semhash.training.reference.LabelPosteriorScorer}).
 */
package dev.semhash.training.reference;
