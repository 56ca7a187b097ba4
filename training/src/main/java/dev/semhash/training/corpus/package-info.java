/**
 * The training corpus as a Lucene index, and everything a trainer reads from it. {@link
 * dev.semhash.training.corpus.CorpusIndex} indexes the training documents (analysed with the
 * model's {@link dev.semhash.text.AnalyzerSettings}, with term vectors) so that every statistic
 * comes from Lucene; {@link dev.semhash.training.corpus.VocabularySelector} picks the vocabulary
 * from its terms dictionary; {@link dev.semhash.training.corpus.CorpusVectors} turns documents into
 * rows of a compact {@link dev.semhash.training.corpus.SparseMatrix}; and {@link
 * dev.semhash.training.corpus.Corpus} builds all of it for one experiment from a dataset and a
 * {@link dev.semhash.training.corpus.CorpusSettings}.
 */
package dev.semhash.training.corpus;
