/**
 * Hashing models: one file fully determines text &rarr; binary code. A {@link
 * dev.semhash.model.HashModel} is the analysis chain, vocabulary and term weighting of the text it
 * was trained on, a feed-forward network (a sparse first layer, then dense layers) and one threshold
 * per bit. Random-hyperplane LSH, self-taught hashing's per-bit linear classifiers and the encoders
 * of the variational models (VDSH, NbrReg, node2hash) are all such networks, so one pure-Java
 * encoder serves every method, at index time and at query time alike; {@link
 * dev.semhash.model.HashNetwork} is that network alone, which trainers use to score a network
 * while it trains with exactly the arithmetic of its exported model. {@link
 * dev.semhash.model.HashModelFormat} reads and writes the versioned, checksummed file.
 */
package dev.semhash.model;
