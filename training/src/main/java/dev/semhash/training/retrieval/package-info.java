/**
 * First-stage retrieval with Lucene BM25: {@link dev.semhash.training.retrieval.Bm25Index} indexes
 * a collection (title and text in one field), owns its index (in memory or on disk), and returns
 * the top N documents of a query as (ordinal, id, score); {@link
 * dev.semhash.training.retrieval.BagOfWordsQuery} builds Anserini-style bag-of-words queries. With
 * {@link dev.semhash.training.retrieval.Bm25Index.Settings#ANSERINI} it reproduces Anserini's BEIR
 * "flat" BM25 baseline, and rerankers reuse it for their candidates.
 */
package dev.semhash.training.retrieval;
