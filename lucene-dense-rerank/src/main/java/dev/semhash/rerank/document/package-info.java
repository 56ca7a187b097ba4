/**
 * Per-document rerank vectors, computed from the model file at index time. {@link
 * dev.semhash.rerank.document.RerankVectorField} builds the field for a document's text; {@link
 * dev.semhash.rerank.document.RerankVectors} reads the vectors of one segment back, checking that
 * they were written by the model that reads them.
 */
package dev.semhash.rerank.document;
