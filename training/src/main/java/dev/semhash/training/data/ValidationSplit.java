package dev.semhash.training.data;

import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A validation split carved from a dataset's training documents, to tune hyperparameters without
 * looking at the test split (EVALUATION.md): the training documents are shuffled with {@code
 * Collections.shuffle(documents, new Random(seed))}, the last {@code round(fraction × n)} of them
 * become the queries and the others the documents to train on (as {@code
 * Node2hashValidationTuning} splits CiteSeer). Test documents are dropped unseen.
 *
 * <pre class="prettyprint">
 * ValidationSplit split = ValidationSplit.of(reader.documents(), 0.2, 42L);
 * Corpus corpus = Corpus.build(split.train(), split.queries(), edges, settings, null, 2, progress);
 * </pre>
 *
 * @param train the documents to train on (and to rank for each query)
 * @param queries the held-out training documents that act as test queries
 * @param fraction the share of the training documents held out
 */
public record ValidationSplit(List<Document> train, List<Document> queries, double fraction) {
  public ValidationSplit {
    train = List.copyOf(train);
    queries = List.copyOf(queries);
  }

  /**
   * Splits the {@linkplain Document#training training documents} of {@code documents}.
   *
   * @throws IllegalArgumentException when {@code fraction} is not in (0, 1) or leaves either side
   *     empty
   */
  public static ValidationSplit of(List<Document> documents, double fraction, long seed) {
    if (!(fraction > 0 && fraction < 1)) {
      throw new IllegalArgumentException(
          "the validation fraction must be in (0, 1), such as 0.2, got " + fraction);
    }
    List<Document> all = Document.training(documents);
    Collections.shuffle(all, new Random(seed));
    int queries = (int) Math.round(fraction * all.size());
    if (queries == 0 || queries == all.size()) {
      throw new IllegalArgumentException(
          "a validation fraction of " + fraction + " of the " + all.size() + " training documents"
              + " leaves " + (queries == 0 ? "no queries; hold out more" : "nothing to train on; hold out less"));
    }
    int trainSize = all.size() - queries;
    return new ValidationSplit(all.subList(0, trainSize), all.subList(trainSize, all.size()), fraction);
  }
}
