package dev.semhash.training.corpus;

import dev.semhash.model.HashModel;
import java.util.Locale;

/**
 * Refuses to apply a model to documents that do not use its vocabulary, as a model trained on
 * another corpus would be applied. A document without any of the model's terms still gets a code
 * (the network's output for an empty input, the same for all of them), so nothing would fail:
 * every such document would silently share one code, and a re-encoded index or a re-learnt
 * threshold would be worthless without a word of warning.
 *
 * <pre class="prettyprint">
 * VocabularyCoverage.require(model, trainTexts, "the training documents of citeseer");
 * </pre>
 */
public final class VocabularyCoverage {
  private VocabularyCoverage() {}

  /**
   * Fails when at least half of {@code texts} hold no term of {@code model}'s vocabulary.
   *
   * @param whose names the texts in the message, such as {@code "the index /data/index"}
   */
  public static void require(HashModel model, Iterable<String> texts, String whose) {
    int documents = 0;
    int withoutTerm = 0;
    for (String text : texts) {
      documents++;
      if (model.vectorizer().vectorize(text == null ? "" : text).size() == 0) {
        withoutTerm++;
      }
    }
    require(documents, withoutTerm, model.vocabulary().size(), whose);
  }

  /**
   * Fails when at least half of {@code documents} documents, {@code withoutTerm} of which hold no
   * term of a vocabulary of {@code vocabularySize} terms, are without one.
   */
  public static void require(int documents, int withoutTerm, int vocabularySize, String whose) {
    if (documents > 0 && 2L * withoutTerm >= documents) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%,d of the %,d documents of %s hold none of the model's %,d terms, so they would all get one and the"
              + " same code: the model was trained on other texts (or the text is in another field); use a model"
              + " trained on these documents",
          withoutTerm, documents, whose, vocabularySize));
    }
  }
}
