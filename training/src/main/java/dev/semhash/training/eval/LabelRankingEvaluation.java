package dev.semhash.training.eval;

/**
 * Retrieval quality of one ranking of the training documents per test document, judged by shared
 * labels as {@link HammingEvaluation} judges codes ({@link LabelRankingEvaluator}).
 *
 * @param queries number of test documents (queries)
 * @param documents number of training documents ranked for each query
 * @param k the cut-off of Prec@k and NDCG@k
 * @param precision mean Prec@k over the queries
 * @param ndcg mean NDCG@k over the queries, gain = number of labels shared
 * @param ceiling mean Prec@k of a perfect ranking: min(k, relevant training documents) / k
 */
public record LabelRankingEvaluation(
    int queries, int documents, int k, double precision, double ndcg, double ceiling) {}
