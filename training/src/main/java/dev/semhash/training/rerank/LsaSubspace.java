package dev.semhash.training.rerank;

import dev.semhash.rerank.text.TermVector;
import java.util.Random;

/**
 * An orthonormal basis of (approximately) the top-k right singular subspace of the document-term
 * matrix, by subspace iteration: {@code Ω ← orth(XᵀX Ω)}, from a seeded Gaussian {@code Ω}. For
 * cosine similarities of projections only the subspace matters (a rotation within it changes no
 * cosine), so this is LSA's projection for S2Net's purposes without an eigen-decomposition.
 *
 * <pre class="prettyprint">
 * float[] a = LsaSubspace.compute(corpus, 128, 4, 42); // term-major, terms × 128
 * </pre>
 */
public final class LsaSubspace {
  private LsaSubspace() {}

  /**
   * @param k number of basis vectors (at most the number of terms)
   * @param iterations rounds of {@code XᵀX} multiplication; 0 returns orthonormalised noise
   * @return {@code terms × k} values, term-major, with orthonormal columns
   */
  public static float[] compute(RerankCorpus corpus, int k, int iterations, long seed) {
    int terms = corpus.dictionary().size();
    if (k > terms) {
      throw new IllegalArgumentException("cannot take " + k + " dimensions from " + terms + " terms");
    }
    Random random = new Random(seed);
    double[] omega = new double[terms * k];
    for (int i = 0; i < omega.length; i++) {
      omega[i] = random.nextGaussian();
    }
    orthonormalize(omega, terms, k);
    double[] z = new double[k];
    for (int round = 0; round < iterations; round++) {
      double[] next = new double[terms * k];
      for (int doc = 0; doc < corpus.size(); doc++) {
        TermVector x = corpus.document(doc);
        java.util.Arrays.fill(z, 0);
        for (int i = 0; i < x.size(); i++) {
          int base = x.ids()[i] * k;
          for (int j = 0; j < k; j++) {
            z[j] += x.weights()[i] * omega[base + j];
          }
        }
        for (int i = 0; i < x.size(); i++) {
          int base = x.ids()[i] * k;
          for (int j = 0; j < k; j++) {
            next[base + j] += x.weights()[i] * z[j];
          }
        }
      }
      orthonormalize(next, terms, k);
      omega = next;
    }
    float[] out = new float[omega.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = (float) omega[i];
    }
    return out;
  }

  /** Modified Gram-Schmidt on the k columns of a term-major matrix; a null column becomes noise-free 0. */
  private static void orthonormalize(double[] m, int terms, int k) {
    for (int j = 0; j < k; j++) {
      for (int p = 0; p < j; p++) {
        double dot = 0;
        for (int t = 0; t < terms; t++) {
          dot += m[t * k + j] * m[t * k + p];
        }
        for (int t = 0; t < terms; t++) {
          m[t * k + j] -= dot * m[t * k + p];
        }
      }
      double norm = 0;
      for (int t = 0; t < terms; t++) {
        norm += m[t * k + j] * m[t * k + j];
      }
      norm = Math.sqrt(norm);
      for (int t = 0; t < terms; t++) {
        m[t * k + j] = norm > 0 ? m[t * k + j] / norm : 0;
      }
    }
  }
}
