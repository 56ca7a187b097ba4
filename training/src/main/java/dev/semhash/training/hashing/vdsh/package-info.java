/**
 * Variational deep semantic hashing (VDSH, VDSH-S, VDSH-SP; Chaidaroon and Fang, SIGIR 2017, the
 * thesis's chapter 3): a variational autoencoder whose encoder maps a document's term vector to a
 * Gaussian posterior over a latent vector, whose decoder reconstructs the document's words (and,
 * supervised, its labels), and whose posterior mean, thresholded per dimension (at its median,
 * or at 0 after the {@link dev.semhash.training.hashing.vdsh.ItqRotation} learnt by iterative
 * quantization), is the document's hash code. Training runs on ND4J SameDiff with the sparse first layer in plain Java; {@link
 * dev.semhash.training.hashing.vdsh.VdshTrainer} exports the encoder as a {@link
 * dev.semhash.model.HashModel}, so evaluation measures the shipped runtime encoder. Methods
 * built on VDSH describe their extras in a {@link dev.semhash.training.hashing.vdsh.VdshSpec}:
 * auxiliary {@link dev.semhash.training.hashing.vdsh.BagDecoder}s from the latent code (NbrReg's
 * neighbourhood words, node2hash's neighbour ids) and a mean-pooled {@link
 * dev.semhash.training.hashing.vdsh.NeighbourEncoder} (NbrReg+Doc).
 */
package dev.semhash.training.hashing.vdsh;
