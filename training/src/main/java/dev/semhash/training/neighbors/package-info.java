/**
 * Nearest training documents of every training document, the neighbourhoods that weakly
 * supervised and graph-based hashing models train on: {@link
 * dev.semhash.training.neighbors.Bm25Neighbors} searches the corpus index with each document's
 * most informative terms under Lucene's BM25 (NbrReg, thesis chapter 4), and {@link
 * dev.semhash.training.neighbors.CosineKnnGraph} computes the exact k-nearest-neighbour graph by
 * cosine of TF-IDF vectors (node2hash's implicit graph, thesis section 5.3.2). Results are {@link
 * dev.semhash.training.neighbors.Neighbors}, cached on disk by {@link
 * dev.semhash.training.neighbors.NeighborCache} under a key of every setting that shaped them;
 * {@link dev.semhash.training.neighbors.CorpusNeighbors} ties the three together.
 */
package dev.semhash.training.neighbors;
