package dev.semhash.training.eval;

/**
 * Retrieval quality of real-valued document vectors ranked by cosine similarity, measured as
 * {@link HammingEvaluation} measures codes: what a hashing model's output held before it was
 * binarised, and thus what binarisation cost (thesis section 5.4.6, figure 5.5).
 *
 * @param queries number of test documents (queries)
 * @param documents number of training documents ranked for each query
 * @param dimensions length of each vector
 * @param k the cut-off of Prec@k and NDCG@k
 * @param precision mean Prec@k over the queries
 * @param ndcg mean NDCG@k over the queries, gain = number of labels shared
 * @param ceiling mean Prec@k of a perfect ranking: min(k, relevant training documents) / k
 */
public record SemanticVectorEvaluation(
    int queries, int documents, int dimensions, int k, double precision, double ndcg, double ceiling) {}
