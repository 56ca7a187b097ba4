package dev.semhash.training.cli;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.ValidationSplit;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.Map;

/**
 * Which documents are the queries of a label-based evaluation: the dataset's test split (the
 * protocol), held-out training documents ({@code --validation}, for tuning) or a random share of
 * all documents ({@code --random-split}, as the thesis split Reuters).
 */
final class QuerySplit {
  private QuerySplit() {}

  /**
   * The dataset's corpus, or the corpus of a {@link ValidationSplit}: of its training documents
   * ({@code validation}) or of all of them ({@code randomSplit}); says which in {@code results}
   * and on the console.
   *
   * @param validation the held-out fraction of the training documents, or {@code null}
   * @param randomSplit the held-out fraction of all documents, or {@code null}; not with {@code
   *     validation}
   */
  static Corpus corpus(
      DatasetReader reader,
      CorpusSettings settings,
      Double validation,
      Double randomSplit,
      long seed,
      int threads,
      ProgressReporter progress,
      Map<String, Object> results)
      throws IOException {
    if (validation == null && randomSplit == null) {
      results.put("evaluated_on", "test");
      return Corpus.build(reader, settings, null, threads, progress);
    }
    boolean tuning = validation != null;
    double fraction = tuning ? validation : randomSplit;
    ValidationSplit split = tuning
        ? ValidationSplit.of(reader.documents(), fraction, seed)
        : ValidationSplit.resampled(reader.documents(), fraction, seed);
    String mode = tuning ? "validation" : "random_split";
    results.put("evaluated_on", mode);
    results.put(mode + "_fraction", fraction);
    System.out.printf(
        "%s: %,d of the %s train, the other %,d (fraction %s, shuffled with seed %d) are the queries%n",
        tuning ? "validation run, not the test split" : "random split, not the dataset's",
        split.train().size(), tuning ? "training documents" : "documents of both splits",
        split.queries().size(), fraction, seed);
    results.put("split_train_documents", split.train().size());
    results.put("split_queries", split.queries().size());
    return Corpus.build(
        split.train(),
        split.queries(),
        reader.has("edges.tsv") ? reader.edges() : null, // node2hash's graph among the training documents
        settings,
        null,
        threads,
        progress);
  }

  /** Fails unless at most one of the fractions is given and it lies in (0, 1). */
  static void check(Double validation, Double randomSplit) {
    if (validation != null && randomSplit != null) {
      throw new IllegalArgumentException(
          "--validation and --random-split each choose the queries; give one of them");
    }
    if (validation != null && !(validation > 0 && validation < 1)) {
      throw new IllegalArgumentException(
          "--validation must be a fraction in (0, 1), such as 0.2, got " + validation);
    }
    if (randomSplit != null && !(randomSplit > 0 && randomSplit < 1)) {
      throw new IllegalArgumentException(
          "--random-split must be a fraction in (0, 1), such as 0.1 (the thesis's), got " + randomSplit);
    }
  }
}
