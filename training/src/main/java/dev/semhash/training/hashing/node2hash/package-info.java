/**
 * node2hash (thesis chapter 5): VDSH whose latent code must also generate the ids of the
 * document's neighbours in a document graph, sampled by breadth-first, depth-first or
 * random-walk traversal over explicit links or the TF-IDF k-NN graph. The encoder, and so the
 * exported model, is VDSH's: codes of unseen documents come from their text alone.
 */
package dev.semhash.training.hashing.node2hash;
