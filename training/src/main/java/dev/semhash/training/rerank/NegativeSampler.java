package dev.semhash.training.rerank;

import java.util.Random;

/**
 * Draws a non-relevant document for a training query: with probability {@code hardFraction} from
 * the query's first-stage top {@code hardDepth} (a hard negative), else uniformly from the
 * collection. Documents judged relevant are never drawn.
 */
final class NegativeSampler {
  private final int corpusSize;
  private final float hardFraction;
  private final int hardDepth;
  private final Random random;

  NegativeSampler(int corpusSize, float hardFraction, int hardDepth, Random random) {
    this.corpusSize = corpusSize;
    this.hardFraction = hardFraction;
    this.hardDepth = hardDepth;
    this.random = random;
  }

  /** A negative for {@code ex}, or -1 if 50 draws found only relevant documents. */
  int sample(RerankExamples.Example ex) {
    int depth = Math.min(hardDepth, ex.candidates().length);
    boolean hard = depth > 0 && random.nextFloat() < hardFraction;
    for (int attempt = 0; attempt < 50; attempt++) {
      int d = hard ? ex.candidates()[random.nextInt(depth)] : random.nextInt(corpusSize);
      if (ex.isPositive(d) == false) {
        return d;
      }
    }
    return -1;
  }
}
