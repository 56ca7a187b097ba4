package dev.semhash.search;

import org.apache.lucene.search.DocIdSetIterator;

/** An iterator over matching documents that knows the Hamming distance of the current one. */
abstract class DistanceIterator extends DocIdSetIterator implements HammingScorer.Distance {}
