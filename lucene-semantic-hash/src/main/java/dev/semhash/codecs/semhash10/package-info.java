/**
 * Version 1.0 of the semhash codes doc-values format ({@link
 * dev.semhash.codecs.semhash10.SemhashCodes10DocValuesFormat}, SPI name {@code SemhashCodes10}):
 * fixed-width binary codes stored without padding, read off-heap with a bulk XOR-popcount scan,
 * plus multi-index hash tables per segment. Its javadoc is the file-format specification.
 */
package dev.semhash.codecs.semhash10;
