package dev.semhash.training.rerank;

import dev.semhash.rerank.text.TermVector;
import java.util.Random;

/**
 * Draws a non-relevant document for a training query: with probability {@code hardFraction} from
 * the query's first-stage top {@code hardDepth} (a hard negative), else uniformly from the
 * collection. Never drawn: a document judged relevant, and a document whose vector in the
 * sampler's corpus equals the query's vector there: the query document itself when documents are
 * ranked against each other (doc-doc, links), which trained as a negative would teach the model to
 * rank a document below a relevant one against itself, and its exact duplicates (unit-length
 * vectors, so also a text with the same terms in the same proportions).
 *
 * <p>The query's vector must be in the space of the sampler's corpus: a model reading letter
 * trigrams (DSSM) passes the query's trigram vector and its trigram corpus.
 */
final class NegativeSampler {
  private final RerankCorpus corpus;
  private final float hardFraction;
  private final int hardDepth;
  private final Random random;

  NegativeSampler(RerankCorpus corpus, float hardFraction, int hardDepth, Random random) {
    this.corpus = corpus;
    this.hardFraction = hardFraction;
    this.hardDepth = hardDepth;
    this.random = random;
  }

  /**
   * A negative for {@code ex}, hard ones drawn from its first-stage candidates, or -1 if 50 draws
   * found only relevant documents and the query's own.
   *
   * @param query the query's vector in the sampler's corpus
   */
  int sample(RerankExamples.Example ex, TermVector query) {
    return sample(ex, query, ex.candidates());
  }

  /**
   * A negative for {@code ex}, hard ones drawn from {@code candidates} (for instance the current
   * model's top documents) instead of the example's first-stage candidates.
   */
  int sample(RerankExamples.Example ex, TermVector query, int[] candidates) {
    int depth = Math.min(hardDepth, candidates.length);
    boolean hard = depth > 0 && random.nextFloat() < hardFraction;
    for (int attempt = 0; attempt < 50; attempt++) {
      int d = hard ? candidates[random.nextInt(depth)] : random.nextInt(corpus.size());
      if (ex.isPositive(d) == false && corpus.document(d).equals(query) == false) {
        return d;
      }
    }
    return -1;
  }
}
