package dev.semhash.training.cli;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.function.Function;
import picocli.CommandLine;

/** Small helpers shared by the commands. */
final class CommandSupport {
  private CommandSupport() {}

  /**
   * Fails unless {@code bits} is a code length an index can hold ({@link BinaryCodeField#MIN_BITS}
   * to {@link BinaryCodeField#MAX_BITS}, a multiple of 8): longer codes made models no index
   * accepts, and a million bits ran out of memory in training.
   */
  static void requireBits(int bits) {
    try {
      BinaryCodeField.checkBits(bits);
    } catch (IllegalArgumentException e) {
      // the same rule, in the option's name
      throw new IllegalArgumentException("--bits must be a multiple of 8 from " + BinaryCodeField.MIN_BITS + " to "
          + BinaryCodeField.MAX_BITS + ", got " + bits, e);
    }
  }

  /**
   * Parses an option's value with {@code parse}, whose IllegalArgumentException already says what
   * is wrong and what to choose: as picocli's conversion error, that message is printed alone
   * instead of inside "cannot convert ... (java.lang.IllegalArgumentException: ...)".
   */
  static <T> T convert(String value, Function<String, T> parse) {
    try {
      return parse.apply(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }

  /** Rounds to six decimals for JSON reports. */
  static double round(double v) {
    return Math.round(v * 1e6) / 1e6;
  }

  /**
   * The dataset's corpus as a model file was trained on it: the model's analysis, weighting and
   * vocabulary size, with the document-frequency bounds of {@code vocabulary} (the command's
   * --min-df and --max-df), so that its training index, in which a model that reads neighbourhoods
   * finds them, and its vectors are those of the training.
   *
   * @throws IllegalArgumentException if the vocabulary comes out other than the model's
   */
  static Corpus corpusFor(
      HashModel model, DatasetReader reader, VocabularySettings vocabulary, int threads, ProgressReporter progress)
      throws IOException {
    CorpusSettings settings = CorpusSettings.DEFAULT
        .withAnalyzer(model.analyzerSettings())
        .withVocabulary(new VocabularySettings(model.vocabulary().size(), vocabulary.minDocFreq(),
            vocabulary.maxDocFreqFraction()))
        .withWeighting(model.weighting())
        .withNormalize(model.normalize());
    Corpus corpus = Corpus.build(reader, settings, null, threads, progress);
    if (corpus.vocabulary().equals(model.vocabulary()) == false) {
      int size = corpus.vocabulary().size();
      corpus.close();
      throw new IllegalArgumentException(
          "the model's vocabulary (" + model.vocabulary().size() + " terms) is not the one " + reader.name()
              + "'s training documents give (" + size + " terms, or other ones); give the dataset the model was trained on,"
              + " and the --min-df and --max-df it was trained with");
    }
    return corpus;
  }
}
