/**
 * Self-taught hashing (STH; Zhang, Wang, Cai and Lu, SIGIR 2010), the spectral baseline of the
 * thesis: target codes for the training documents from the Laplacian eigenmap of their TF-IDF
 * cosine k-nearest-neighbour graph ({@link dev.semhash.training.hashing.sth.NormalizedAdjacency},
 * {@link dev.semhash.training.hashing.sth.TopEigenSolver}, {@link
 * dev.semhash.training.hashing.sth.SpectralCodes}), then one linear SVM per bit ({@link
 * dev.semhash.training.hashing.sth.LinearSvm}) as the hash function for unseen documents, exported
 * as a {@link dev.semhash.model.HashModel} by {@link dev.semhash.training.hashing.sth.SthTrainer}.
 * Everything is plain Java and seeded.
 */
package dev.semhash.training.hashing.sth;
