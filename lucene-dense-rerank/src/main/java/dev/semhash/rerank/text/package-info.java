/**
 * Text to unit-length TF-IDF term vectors, identically at training, index and query time. {@link
 * dev.semhash.rerank.text.AnalysisSettings} rebuilds the Lucene analysis chain a model was trained
 * with, {@link dev.semhash.rerank.text.TermDictionary} holds its terms and their idf, and {@link
 * dev.semhash.rerank.text.TfIdfVectorizer} turns a text into a {@link
 * dev.semhash.rerank.text.TermVector}. A rerank model file stores the first two, so a document's
 * vector cannot depend on where it was computed. (The hashing module has its own, richer text
 * package; the reranker keeps this small copy so that it depends on Lucene alone.)
 */
package dev.semhash.rerank.text;
