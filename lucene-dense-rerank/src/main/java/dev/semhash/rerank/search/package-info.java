/**
 * Reranking queries. {@link dev.semhash.rerank.search.RerankQuery} wraps any first-stage query,
 * takes its top N hits, scores them with a {@link dev.semhash.rerank.model.RerankModel} against the
 * vectors stored at index time, and returns them reordered, the model score alone ({@link
 * dev.semhash.rerank.search.Combination#REPLACE}) or added to the first-stage score ({@link
 * dev.semhash.rerank.search.Combination#INTERPOLATE}) after both are min-max normalised over the N
 * hits ({@link dev.semhash.rerank.search.RerankScores}).
 */
package dev.semhash.rerank.search;
