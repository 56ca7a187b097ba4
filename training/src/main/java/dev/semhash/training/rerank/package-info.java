/**
 * Training and evaluation of rerank models for {@code lucene-dense-rerank}. {@link
 * dev.semhash.training.rerank.RerankCorpus} builds the TF-IDF dictionary and the documents' term
 * vectors, {@link dev.semhash.training.rerank.RerankExamples} the (query, relevant documents, hard
 * negative candidates) a trainer samples from, {@link dev.semhash.training.rerank.SsiTrainer} trains
 * Supervised Semantic Indexing ({@code qᵀ(UᵀV + I)d}, margin ranking loss, SGD), {@link
 * dev.semhash.training.rerank.DseTrainer} Deep Semantic Embedding (stacked-RBM pretraining with
 * {@link dev.semhash.training.rerank.Rbm}, margin-loss fine-tuning) and {@link
 * dev.semhash.training.rerank.DssmTrainer} DSSM (letter trigrams, tanh network, softmax over
 * sampled documents), both on {@link dev.semhash.training.rerank.SparseInputNetwork}, {@link
 * dev.semhash.training.rerank.CandidateReranker} reranks first-stage candidates offline with the
 * runtime's own arithmetic (to tune on validation queries), and {@link
 * dev.semhash.training.rerank.RerankSearchIndex} evaluates a model end to end through the real
 * {@link dev.semhash.rerank.search.RerankQuery} on a Lucene index whose documents carry index-time
 * vectors. SSI comes in every form of W of its paper ({@link dev.semhash.training.rerank.SsiVariant}).
 * For collections without judged queries, {@link dev.semhash.training.rerank.DocumentPairs} makes
 * training pairs from labels, links or the corpus itself ({@link
 * dev.semhash.training.rerank.PairSource}), and {@link dev.semhash.training.rerank.DocumentTask}
 * with {@link dev.semhash.training.rerank.DocumentTaskExperiment} runs the document-document and
 * link-prediction tasks, ranking whole collections ({@link
 * dev.semhash.training.rerank.CorpusScorer}, {@link dev.semhash.training.rerank.Bm25CorpusScorer}).
 */
package dev.semhash.training.rerank;
