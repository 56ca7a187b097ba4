/**
 * Documents as the nodes of an undirected graph, and the neighbourhoods that graph-aware hashing
 * (node2hash, thesis chapter 5) learns from: {@link dev.semhash.training.graph.DocumentGraph}
 * holds the adjacency of the training documents, built from a dataset's explicit links (such as
 * citations) or from the TF-IDF cosine k-nearest-neighbour graph, as {@link
 * dev.semhash.training.graph.GraphSource} chooses; {@link
 * dev.semhash.training.graph.NeighborhoodSampler} draws each document's neighbourhood by a
 * {@link dev.semhash.training.graph.Traversal} (breadth-first, depth-first or random walk) from
 * one seed.
 */
package dev.semhash.training.graph;
