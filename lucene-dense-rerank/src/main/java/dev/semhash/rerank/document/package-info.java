/**
 * Per-document rerank vectors, computed from the model file at index time. {@link
 * dev.semhash.rerank.document.RerankVectorField} builds the field for a document's text; {@link
 * dev.semhash.rerank.document.RerankVectors} reads the vectors of one segment back, and {@link
 * dev.semhash.rerank.document.StoredVectorScorer} scores them for a query straight from the stored
 * bytes; both check that the vectors were written by the model that reads them.
 */
package dev.semhash.rerank.document;
