package dev.semhash.training.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A validation split carved from a dataset's training documents, to tune hyperparameters without
 * looking at the test split (EVALUATION.md): the training documents are shuffled with {@code
 * Collections.shuffle(documents, new Random(seed))}, the last {@code round(fraction × n)} of them
 * become the queries and the others the documents to train on (as {@code
 * Node2hashValidationTuning} splits CiteSeer). Test documents are dropped unseen. {@link
 * #resampled} instead draws a new random split of all documents, as the thesis did on Reuters.
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
    return shuffleAndSplit(Document.training(documents), fraction, seed, "a validation fraction", "training documents");
  }

  /**
   * Pools every document of {@code documents}, training and test alike, and draws a new split of
   * them: shuffled with {@code Collections.shuffle(documents, new Random(seed))}, the last {@code
   * round(fraction × n)} become the queries. This is the thesis's own protocol on Reuters (a random
   * 80/10/10 split of the 10,788 stories), not EVALUATION.md's, and serves to compare with its
   * tables only: a random split can put near-duplicate stories on both sides.
   *
   * @throws IllegalArgumentException when {@code fraction} is not in (0, 1) or leaves either side
   *     empty
   */
  public static ValidationSplit resampled(List<Document> documents, double fraction, long seed) {
    if (!(fraction > 0 && fraction < 1)) {
      throw new IllegalArgumentException(
          "the test fraction of a random split must be in (0, 1), such as 0.1, got " + fraction);
    }
    return shuffleAndSplit(new ArrayList<>(documents), fraction, seed, "a random test fraction", "documents");
  }

  private static ValidationSplit shuffleAndSplit(
      List<Document> pool, double fraction, long seed, String what, String ofWhat) {
    Collections.shuffle(pool, new Random(seed));
    int queries = (int) Math.round(fraction * pool.size());
    if (queries == 0 || queries == pool.size()) {
      throw new IllegalArgumentException(
          what + " of " + fraction + " of the " + pool.size() + " " + ofWhat
              + " leaves " + (queries == 0 ? "no queries; hold out more" : "nothing to train on; hold out less"));
    }
    int trainSize = pool.size() - queries;
    return new ValidationSplit(pool.subList(0, trainSize), pool.subList(trainSize, pool.size()), fraction);
  }
}
