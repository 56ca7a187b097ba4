package dev.semhash.training.rerank;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The (query, relevant document) pairs of one training epoch, in a random order: every pair, or
 * with label relevance (hundreds of relevant documents per query) at most {@code maxPositives}
 * relevant documents per query, drawn anew each epoch so that over the epochs the model sees many
 * of them while an epoch stays short.
 *
 * <pre class="prettyprint">
 * TrainingPairs pairs = new TrainingPairs(examples, 3);
 * for (int[] pair : pairs.epoch(random)) { int example = pair[0], positive = pair[1]; ... }
 * </pre>
 */
final class TrainingPairs {
  private final List<RerankExamples.Example> examples;
  private final int maxPositives;
  private final List<int[]> all;

  /**
   * @param maxPositives relevant documents drawn per query and epoch; 0 for all of them
   * @throws IllegalArgumentException if no example has a relevant document, or {@code maxPositives
   *     < 0}
   */
  TrainingPairs(List<RerankExamples.Example> examples, int maxPositives) {
    if (maxPositives < 0) {
      throw new IllegalArgumentException("max positives must be >= 0 (0: all), got " + maxPositives);
    }
    this.examples = examples;
    this.maxPositives = maxPositives;
    this.all = new ArrayList<>();
    long count = 0;
    for (int e = 0; e < examples.size(); e++) {
      count += examples.get(e).positives().length;
      if (maxPositives == 0) {
        for (int p : examples.get(e).positives()) {
          all.add(new int[] {e, p});
        }
      }
    }
    if (count == 0) {
      throw new IllegalArgumentException("no (query, relevant document) pair to train on");
    }
  }

  /** How many pairs {@link #epoch} returns: the same every epoch. */
  long perEpoch() {
    if (maxPositives == 0) {
      return all.size();
    }
    long n = 0;
    for (RerankExamples.Example e : examples) {
      n += Math.min(maxPositives, e.positives().length);
    }
    return n;
  }

  /** This epoch's pairs {example index, relevant document ordinal}, shuffled with {@code random}. */
  List<int[]> epoch(Random random) {
    if (maxPositives == 0) {
      Collections.shuffle(all, random);
      return all;
    }
    List<int[]> pairs = new ArrayList<>();
    for (int e = 0; e < examples.size(); e++) {
      int[] positives = examples.get(e).positives().clone();
      int n = Math.min(maxPositives, positives.length);
      for (int i = 0; i < n; i++) { // partial Fisher-Yates
        int j = i + random.nextInt(positives.length - i);
        int t = positives[i];
        positives[i] = positives[j];
        positives[j] = t;
        pairs.add(new int[] {e, positives[i]});
      }
    }
    Collections.shuffle(pairs, random);
    return pairs;
  }
}
