/**
 * Readers for the dataset layout of {@code shared/datasets}: gzip-compressed JSON Lines documents
 * and queries, TSV qrels and edges. Every reader streams, checks each line, and reports a malformed
 * line with the file, the line number and what is wrong ({@link
 * dev.semhash.training.data.DatasetFormatException}). Input that is read but left out (edges naming
 * no document) is counted in a warning, so nothing is lost unseen.
 */
package dev.semhash.training.data;
