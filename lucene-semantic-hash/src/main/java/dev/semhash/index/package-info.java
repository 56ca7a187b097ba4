/**
 * Per-segment access to the binary codes of a field, independent of how they are stored. {@link
 * dev.semhash.index.HammingCodes#of} returns the fast view that the semhash doc-values format
 * provides (codes read in bulk straight from the memory-mapped file, plus its multi-index hash
 * tables), and falls back to reading any other field's {@code BinaryDocValues} into memory, so
 * queries work on every index and are fast on indexes written with the format.
 */
package dev.semhash.index;
