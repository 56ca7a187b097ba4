package dev.semhash.training.hashing;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.model.Activation;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Random-hyperplane locality-sensitive hashing (Charikar 2002): bit {@code j} of a document is the
 * sign of its term vector's projection on a random Gaussian direction {@code w_j}, so the Hamming
 * distance of two codes estimates the angle between the vectors. Nothing is learned from the data
 * beyond the vocabulary and its weights; it is the data-independent baseline of the thesis.
 *
 * <pre class="prettyprint">
 * HashModel lsh = LshTrainer.train(AnalyzerSettings.DEFAULT, vocabulary, TermWeighting.TFIDF, true, 32, 42L);
 * </pre>
 */
public final class LshTrainer {
  private LshTrainer() {}

  /**
   * Draws {@code bits} random hyperplanes over the vocabulary.
   *
   * @param seed seeds the Gaussian directions; the same seed gives the same model
   */
  public static HashModel train(
      AnalyzerSettings analyzer,
      Vocabulary vocabulary,
      TermWeighting weighting,
      boolean normalize,
      int bits,
      long seed) {
    // beyond what an index holds the model is useless, and vocabulary x bits floats may not fit in memory
    BinaryCodeField.checkBits(bits);
    if (vocabulary.size() == 0) {
      throw new IllegalArgumentException("the vocabulary is empty; the training corpus has no usable term");
    }
    SplittableRandom random = new SplittableRandom(seed);
    float[][] columns = new float[vocabulary.size()][bits];
    for (float[] column : columns) {
      for (int j = 0; j < bits; j++) {
        column[j] = (float) random.nextGaussian();
      }
    }
    Map<String, String> info = new LinkedHashMap<>();
    info.put("seed", Long.toString(seed));
    info.put("bits", Integer.toString(bits));
    return new HashModel(
        "lsh",
        info,
        analyzer,
        vocabulary,
        weighting,
        normalize,
        new SparseInputLayer(columns, new float[bits], Activation.IDENTITY),
        List.of(),
        new float[bits]);
  }
}
