package dev.semhash.rerank.model;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Small models whose scores can be computed by hand. */
public final class TinyModels {
  private TinyModels() {}

  /** Lower case, no stop words, no stemming, every token length. */
  public static final AnalysisSettings PLAIN = new AnalysisSettings(true, false, 1, 255, false);

  /** apple (idf 1), banana (idf 2), cherry (idf 1). */
  public static TermDictionary fruit() {
    return new TermDictionary(List.of("apple", "banana", "cherry"), new float[] {1, 2, 1});
  }

  /**
   * SSI-style: A: apple→(1,0), banana→(0,1), cherry→(1,1); B: apple→(1,1), banana→(0,2),
   * cherry→(1,0); λ = 1, dot product.
   */
  public static RerankModel ssi() {
    return new RerankModel(
        "ssi", Map.of("test", "tiny"), PLAIN, fruit(),
        new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1}),
        new Projection(3, 2, new float[] {1, 1, 0, 2, 1, 0}),
        RerankModel.Similarity.DOT, 1f);
  }

  /** S2Net-style: shared A (as {@link #ssi()}'s A), cosine, λ = 0. */
  public static RerankModel s2net() {
    Projection a = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1});
    return new RerankModel("s2net", Map.of(), PLAIN, fruit(), a, a, RerankModel.Similarity.COSINE, 0f);
  }

  /**
   * DSE-style: first layer apple→(1,0), banana→(0,1), cherry→(1,1) with bias (0,−1), sigmoid;
   * then a linear 2→1 layer with weights (2, 4), bias 1; dot product, λ = 0.5.
   */
  public static RerankModel dse() {
    Projection first = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1});
    DeepLayers deep = new DeepLayers(new float[] {0, -1}, Activation.SIGMOID,
        List.of(new DenseLayer(2, 1, new float[] {2, 4}, new float[] {1}, Activation.LINEAR)));
    return new RerankModel("dse", Map.of("test", "tiny"), PLAIN, fruit(), first, first, RerankModel.Similarity.DOT, 0.5f, deep);
  }

  /**
   * DSSM-style: first layer as {@link #dse()} with zero bias, tanh; then a tanh 2→2 layer with
   * weights [[1, 1], [0, 1]] (input-major), zero bias; cosine, λ = 0.
   */
  public static RerankModel dssm() {
    Projection first = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1});
    DeepLayers deep = new DeepLayers(new float[] {0, 0}, Activation.TANH,
        List.of(new DenseLayer(2, 2, new float[] {1, 1, 0, 1}, new float[2], Activation.TANH)));
    return new RerankModel("dssm", Map.of(), PLAIN, fruit(), first, first, RerankModel.Similarity.COSINE, 0f, deep);
  }

  /** SSI's symmetric {@code W = UᵀU + I}: {@link #ssi()}'s A on both sides, dot product, λ = 1. */
  public static RerankModel ssiSymmetric() {
    Projection a = new Projection(3, 2, new float[] {1, 0, 0, 1, 1, 1});
    return new RerankModel("ssi", Map.of(), PLAIN, fruit(), a, a, RerankModel.Similarity.DOT, 1f);
  }

  /** SSI's {@code W = D} with D = diag(2, 1, 0.5). */
  public static RerankModel diagonal() {
    return new RerankModel("ssi", Map.of(), PLAIN, fruit(), TermMatrix.diagonal(new float[] {2, 1, 0.5f}));
  }

  /**
   * A sparse W: column apple has W[apple][apple] = 1 and W[banana][apple] = 0.5, column banana
   * W[apple][banana] = -1, column cherry W[cherry][cherry] = 1.
   */
  public static RerankModel sparse() {
    return new RerankModel("ssi", Map.of(), PLAIN, fruit(),
        new TermMatrix(3, new int[] {0, 2, 3, 4}, new int[] {0, 1, 0, 2}, new float[] {1, 0.5f, -1, 1}));
  }

  /** An unconstrained W with W[i][j] = i + 3j + 1. */
  public static RerankModel full() {
    float[] columnMajor = new float[9];
    for (int j = 0; j < 3; j++) {
      for (int i = 0; i < 3; i++) {
        columnMajor[j * 3 + i] = i + 3 * j + 1;
      }
    }
    return new RerankModel("ssi", Map.of(), PLAIN, fruit(), TermMatrix.dense(3, columnMajor));
  }

  /** A random model over {@code terms} with {@code dimension} dimensions. */
  /** A random sparse term-matrix model over {@code terms}: each entry present with probability 1/2. */
  public static RerankModel randomTermMatrix(Random random, List<String> terms) {
    int n = terms.size();
    float[] idf = new float[n];
    for (int i = 0; i < n; i++) {
      idf[i] = 0.5f + random.nextFloat() * 3;
    }
    int[] start = new int[n + 1];
    int[] rows = new int[n * n];
    float[] values = new float[n * n];
    int e = 0;
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < n; i++) {
        if (random.nextBoolean()) {
          rows[e] = i;
          values[e++] = (float) random.nextGaussian();
        }
      }
      start[j + 1] = e;
    }
    return new RerankModel("random", Map.of(), PLAIN, new TermDictionary(terms, idf),
        new TermMatrix(n, start, java.util.Arrays.copyOf(rows, e), java.util.Arrays.copyOf(values, e)));
  }

  public static RerankModel random(Random random, List<String> terms, int dimension, float lambda) {
    float[] idf = new float[terms.size()];
    for (int i = 0; i < idf.length; i++) {
      idf[i] = 0.5f + random.nextFloat() * 3;
    }
    float[] a = new float[terms.size() * dimension];
    float[] b = new float[terms.size() * dimension];
    for (int i = 0; i < a.length; i++) {
      a[i] = (float) random.nextGaussian();
      b[i] = (float) random.nextGaussian();
    }
    return new RerankModel(
        "random", Map.of(), PLAIN, new TermDictionary(terms, idf),
        new Projection(terms.size(), dimension, a), new Projection(terms.size(), dimension, b),
        RerankModel.Similarity.DOT, lambda);
  }
}
