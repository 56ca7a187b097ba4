/**
 * Lucene indexes with semantic codes: building a searchable index whose documents carry a code
 * field written by the semhash codec ({@link dev.semhash.training.indexing.SemanticIndexBuilder}),
 * and rewriting every code in place after a model is retrained, through Lucene's doc-values
 * updates ({@link dev.semhash.training.indexing.CodeReencoder}).
 */
package dev.semhash.training.indexing;
