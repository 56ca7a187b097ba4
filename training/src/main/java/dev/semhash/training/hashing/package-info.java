/**
 * Trainers of hashing models. Each trainer turns a training corpus into a {@link
 * dev.semhash.model.HashModel}, the one file that the runtime encoder reads; the codes used in
 * evaluation are always computed by that runtime encoder, so what is measured is what ships.
 */
package dev.semhash.training.hashing;
