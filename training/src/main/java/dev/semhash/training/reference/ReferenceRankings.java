package dev.semhash.training.reference;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.eval.LabelRankingEvaluation;
import dev.semhash.training.eval.LabelRankingEvaluator;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference rankings of a corpus under the hashing protocol (every test document a query over
 * the training documents, relevant = shares a label): the exhaustive cosine of the corpus's
 * vectors (TF-IDF by default) and a linear classifier's label posterior, each with Prec@k and
 * NDCG@k, and the ceiling of a perfect ranking. No code is involved; the figures say how far a
 * table's codes stand from what their input holds (cosine) and from what a supervised linear model
 * reads in it (posterior).
 *
 * <pre class="prettyprint">
 * ReferenceRankings.Result r = ReferenceRankings.evaluate(
 *     corpus, OneVsRestLogisticRegression.Settings.DEFAULT, 100, 42L, 2, ProgressReporter.NONE);
 * System.out.println(r.cosine().precision() + " " + r.posterior().precision());
 * </pre>
 */
public final class ReferenceRankings {
  private ReferenceRankings() {}

  /**
   * @param cosine the exhaustive cosine of the corpus's document vectors
   * @param posterior the label posterior of the classifier ({@link LabelPosteriorScorer})
   * @param topLabelAccuracy the share of labelled queries whose most probable label is one of theirs
   * @param classifierSeconds wall time of the classifier's training
   * @param settings the classifier's settings
   * @param seed the seed of the classifier's document order
   */
  public record Result(
      LabelRankingEvaluation cosine,
      LabelRankingEvaluation posterior,
      double topLabelAccuracy,
      double classifierSeconds,
      OneVsRestLogisticRegression.Settings settings,
      long seed) {
    /** Mean Prec@k of a perfect ranking. */
    public double ceiling() {
      return cosine.ceiling();
    }
  }

  /**
   * Ranks the corpus's training documents for each of its test documents both ways.
   *
   * @throws IllegalArgumentException if the corpus has no test document or no labelled training
   *     document
   */
  public static Result evaluate(
      Corpus corpus,
      OneVsRestLogisticRegression.Settings settings,
      int k,
      long seed,
      int threads,
      ProgressReporter progress) {
    if (corpus.test().numRows() == 0) {
      throw new IllegalArgumentException(
          "the corpus has no test document; the reference rankings need test documents as queries");
    }
    List<List<String>> trainLabels = names(corpus, corpus.trainLabels());
    List<List<String>> testLabels = names(corpus, corpus.testLabels());
    LabelRankingEvaluator evaluator = new LabelRankingEvaluator(trainLabels);
    LabelRankingEvaluation cosine =
        evaluator.evaluate(
            testLabels, new SparseCosineScorer(corpus.train(), corpus.test()), k, threads, progress, "cosine");
    long start = System.nanoTime();
    OneVsRestLogisticRegression classifier =
        OneVsRestLogisticRegression.train(
            corpus.train(), corpus.trainLabels(), corpus.labels().size(), settings, seed, progress);
    double seconds = (System.nanoTime() - start) / 1e9;
    double[][] logits = new double[corpus.test().numRows()][classifier.numLabels()];
    int labelled = 0;
    int right = 0;
    for (int q = 0; q < logits.length; q++) {
      classifier.logits(corpus.test(), q, logits[q]);
      int[] truth = corpus.testLabels()[q];
      if (truth.length > 0) {
        labelled++;
        int best = argMax(logits[q]);
        for (int l : truth) {
          if (l == best) {
            right++;
          }
        }
      }
    }
    LabelRankingEvaluation posterior =
        evaluator.evaluate(
            testLabels,
            new LabelPosteriorScorer(logits, corpus.trainLabels()),
            k,
            threads,
            progress,
            "label posterior");
    return new Result(
        cosine, posterior, labelled == 0 ? 0 : right / (double) labelled, seconds, settings, seed);
  }

  /**
   * How reports name the vectors of a term weighting, given as {@code --weighting} names it:
   * "TF-IDF" for {@code tfidf}, "term-frequency", "BM25-weighted", "binary".
   */
  public static String vectorName(String weighting) {
    return switch (weighting) {
      case "tfidf" -> "TF-IDF";
      case "tf" -> "term-frequency";
      case "bm25" -> "BM25-weighted";
      case "binary" -> "binary";
      default -> weighting;
    };
  }

  private static int argMax(double[] values) {
    int best = 0;
    for (int i = 1; i < values.length; i++) {
      if (values[i] > values[best]) {
        best = i;
      }
    }
    return best;
  }

  private static List<List<String>> names(Corpus corpus, int[][] ids) {
    List<List<String>> names = new ArrayList<>(ids.length);
    for (int[] i : ids) {
      names.add(corpus.labels().decode(i));
    }
    return names;
  }
}
