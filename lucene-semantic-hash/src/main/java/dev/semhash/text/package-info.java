/**
 * Text to sparse term vectors, identically at training, index and query time. {@link
 * dev.semhash.text.AnalyzerSettings} rebuilds the Lucene analysis chain a model was trained with,
 * {@link dev.semhash.text.Vocabulary} holds the selected terms with the corpus statistics they were
 * weighted with, and {@link dev.semhash.text.TextVectorizer} turns a text into a {@link
 * dev.semhash.text.SparseVector} weighted by a {@link dev.semhash.text.TermWeighting}. A model file
 * stores all three, so the code or vector of a document cannot depend on where it was computed.
 */
package dev.semhash.text;
