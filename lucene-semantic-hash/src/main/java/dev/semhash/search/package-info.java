/**
 * Hamming-space queries over the binary codes of a field. {@link
 * dev.semhash.search.HammingRadiusQuery} matches every document within a Hamming radius of a
 * query code, by multi-index hashing where the segment has substring tables and probing is cheaper
 * than a scan, and by a bulk scan otherwise; {@link dev.semhash.search.HammingTopKQuery} finds the
 * exact k nearest documents (optionally among those a filter matches) when it is rewritten, like
 * Lucene's kNN vector queries. Both score a hit with {@link dev.semhash.search.HammingScore}, so
 * the scores of the two agree, and both read codes only through {@link
 * dev.semhash.index.HammingCodes#of}, so they run on any index and fast on the semhash format.
 */
package dev.semhash.search;
