package dev.semhash.training.reproduce;

/**
 * The reference rankings of one dataset, as {@code eval-references} measured them on the
 * reproduction's queries: what the dataset's codes are read against.
 *
 * @param dataset the dataset's key
 * @param ceiling Prec@100 of a perfect ranking
 * @param cosinePrec100 Prec@100 of the exhaustive cosine of the document vectors
 * @param weighting the vectors' term weighting, as {@code --weighting} names it ({@code tfidf})
 * @param posteriorPrec100 Prec@100 of the linear classifier's label posterior
 * @param topLabelAccuracy share of the queries whose most probable label is one of theirs
 * @param seed the classifier's seed
 * @param command the command that computed them
 */
public record ReferenceResult(
    String dataset,
    double ceiling,
    double cosinePrec100,
    String weighting,
    double posteriorPrec100,
    double topLabelAccuracy,
    long seed,
    String command) {}
