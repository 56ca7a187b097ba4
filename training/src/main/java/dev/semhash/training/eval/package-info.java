/**
 * Evaluation measures and protocols of EVALUATION.md: per-ranking metrics with trec_eval
 * conventions ({@link dev.semhash.training.eval.RankingMetrics}: P@k, Recall@k, AP, RR@k, nDCG@k),
 * pairwise ones ({@link dev.semhash.training.eval.PairwiseMetrics} for AUC, {@link
 * dev.semhash.training.eval.TripleSample} for rank loss over a fixed seeded sample of triples),
 * label-based Hamming ranking of binary codes ({@link
 * dev.semhash.training.eval.HammingRankingEvaluator}: Prec@100, NDCG@100, precision within radius
 * 2), the same protocol on real-valued vectors by cosine ({@link
 * dev.semhash.training.eval.CosineRankingEvaluator}, what codes lost to binarisation), ranking of a whole collection by a scoring model with binary relevance ({@link
 * dev.semhash.training.eval.ScoredRankingEvaluator}: MAP, P@10, AUC, rank loss, for label and link
 * relevance), and query-document evaluation of a {@link dev.semhash.training.eval.Run} against {@link
 * dev.semhash.training.eval.Qrels} ({@link dev.semhash.training.eval.RetrievalEvaluator}: nDCG@10,
 * R@100, R@1000, MAP@1000, MRR@10), and the spread of a figure over repeated runs ({@link
 * dev.semhash.training.eval.Spread}). Every definition, tie rule and treatment of empty cases is
 * stated in the javadoc of the class that computes it.
 */
package dev.semhash.training.eval;
