package dev.semhash.training.eval;

import java.util.Locale;

/**
 * The result of {@link ScoredRankingEvaluator#evaluate}.
 *
 * @param queries number of queries given
 * @param rankedQueries queries with at least one relevant candidate (MAP and P@10 average over
 *     these)
 * @param map mean average precision over the full ranking
 * @param precisionAt10 mean P@10
 * @param auc mean AUC over queries with both relevant and non-relevant candidates (NaN if none)
 * @param rankLoss share of sampled triples ordered wrongly, ties counting one half
 * @param triples size of the rank-loss sample
 * @param seed seed of the rank-loss sample
 */
public record ScoredRankingEvaluation(
    int queries,
    int rankedQueries,
    double map,
    double precisionAt10,
    double auc,
    double rankLoss,
    int triples,
    long seed) {

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%d queries (%d ranked): MAP %.4f, P@10 %.4f, AUC %.4f, rank loss %.4f (%d triples, seed %d)",
        queries, rankedQueries, map, precisionAt10, auc, rankLoss, triples, seed);
  }
}
