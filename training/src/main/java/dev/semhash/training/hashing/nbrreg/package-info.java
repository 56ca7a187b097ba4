/**
 * NbrReg and NbrReg+Doc (Chaidaroon, Ebesu and Fang, SIGIR 2018; the thesis's chapter 4):
 * VDSH whose latent code must also explain the unique words of the document's k BM25 nearest
 * training documents, weak supervision without labels. NbrReg+Doc also feeds the neighbours
 * through a second encoder branch whose mean-pooled hidden vector is added to the document's.
 * Both are trained by {@link dev.semhash.training.hashing.vdsh.VdshTrainer} from a {@link
 * dev.semhash.training.hashing.vdsh.VdshSpec} that {@link
 * dev.semhash.training.hashing.nbrreg.NbrRegTrainer} builds.
 */
package dev.semhash.training.hashing.nbrreg;
