/**
 * Reranking of a first-stage Lucene query's top hits with learned text-similarity models (SSI,
 * S2Net and other linear projection models). A {@link dev.semhash.rerank.model.RerankModel} read from
 * one model file turns text into vectors; {@link dev.semhash.rerank.document.RerankVectorField}
 * stores each document's vector at index time; {@link dev.semhash.rerank.search.RerankQuery} wraps
 * any query, takes its top N and reorders them by the model's score, alone or interpolated with the
 * first-stage score. Depends on Lucene only.
 */
package dev.semhash.rerank;
