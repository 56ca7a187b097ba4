package dev.semhash.training.rerank;

import java.util.Random;

/**
 * Draws a non-relevant document for a training query: with probability {@code hardFraction} from
 * the query's first-stage top {@code hardDepth} (a hard negative), else uniformly from the
 * collection. Documents judged relevant are never drawn, and, when the sampler knows the corpus,
 * neither is a document whose term vector is the query's own (the query document itself when
 * documents are ranked against each other).
 */
final class NegativeSampler {
  private final int corpusSize;
  private final float hardFraction;
  private final int hardDepth;
  private final Random random;
  private final RerankCorpus corpus;

  NegativeSampler(int corpusSize, float hardFraction, int hardDepth, Random random) {
    this(corpusSize, hardFraction, hardDepth, random, null);
  }

  NegativeSampler(RerankCorpus corpus, float hardFraction, int hardDepth, Random random) {
    this(corpus.size(), hardFraction, hardDepth, random, corpus);
  }

  private NegativeSampler(int corpusSize, float hardFraction, int hardDepth, Random random, RerankCorpus corpus) {
    this.corpus = corpus;
    this.corpusSize = corpusSize;
    this.hardFraction = hardFraction;
    this.hardDepth = hardDepth;
    this.random = random;
  }

  /** A negative for {@code ex}, or -1 if 50 draws found only relevant documents. */
  int sample(RerankExamples.Example ex) {
    return sample(ex, ex.candidates());
  }

  /**
   * A negative for {@code ex}, hard ones drawn from {@code candidates} (for instance the current
   * model's top documents) instead of the example's first-stage candidates.
   */
  int sample(RerankExamples.Example ex, int[] candidates) {
    int depth = Math.min(hardDepth, candidates.length);
    boolean hard = depth > 0 && random.nextFloat() < hardFraction;
    for (int attempt = 0; attempt < 50; attempt++) {
      int d = hard ? candidates[random.nextInt(depth)] : random.nextInt(corpusSize);
      if (ex.isPositive(d) == false && (corpus == null || corpus.document(d).equals(ex.query()) == false)) {
        return d;
      }
    }
    return -1;
  }
}
