/**
 * Speed benchmarks that print figures (they never fail a build): raw code files in the exchange
 * format shared with Faiss (N rows of bits/8 bytes, row-major, no header), synthetic random and
 * clustered codes, the Hamming search benchmark that indexes codes with the semhash codec and
 * times the real query classes on one thread, and the pure-Java encoder's documents per second per
 * core ({@link dev.semhash.training.bench.EncoderSpeed}).
 */
package dev.semhash.training.bench;
