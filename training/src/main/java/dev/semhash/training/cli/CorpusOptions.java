package dev.semhash.training.cli;

import dev.semhash.text.StopWords;
import dev.semhash.text.TermWeighting;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.hashing.HashingMethod;
import picocli.CommandLine.Option;

/** How documents become bag-of-words vectors; the thesis's protocol is the default. */
final class CorpusOptions {
  @Option(
      names = "--vocabulary-size",
      defaultValue = "10000",
      paramLabel = "N",
      description = "Keep the N terms of highest document frequency (default: ${DEFAULT-VALUE}).")
  int vocabularySize;

  @Option(
      names = "--min-df",
      defaultValue = "2",
      paramLabel = "N",
      description = "Drop terms in fewer than N training documents (default: ${DEFAULT-VALUE}).")
  int minDf;

  @Option(
      names = "--max-df",
      defaultValue = "1.0",
      paramLabel = "FRACTION",
      description = "Drop terms in more than this fraction of documents (default: ${DEFAULT-VALUE}).")
  double maxDf;

  /** {@code null} keeps each method's own default ({@link HashingMethod#defaultWeighting()}). */
  @Option(
      names = "--weighting",
      paramLabel = "W",
      converter = WeightingConverter.class,
      description = "Term weighting: binary, tf, tfidf or bm25 (default: tfidf, and tf for lsh).")
  TermWeighting weighting;

  @Option(
      names = "--stop-words",
      defaultValue = "lucene",
      paramLabel = "L",
      converter = StopWordsConverter.class,
      description =
          "Stop list dropped before counting terms: smart (the thesis's 571 words), lucene (Lucene's 33 English"
              + " words) or none (default: ${DEFAULT-VALUE}).")
  StopWords stopWords;

  /** The corpus settings for training {@code method}: its own weighting unless one was given. */
  CorpusSettings settings(HashingMethod method) {
    return settings(weighting != null ? weighting : method.defaultWeighting());
  }

  /** The corpus settings where no method is in question, such as for BM25 neighbours: TF-IDF unless given. */
  CorpusSettings settings() {
    return settings(weighting != null ? weighting : CorpusSettings.DEFAULT.weighting());
  }

  private CorpusSettings settings(TermWeighting chosen) {
    return CorpusSettings.DEFAULT
        .withAnalyzer(CorpusSettings.DEFAULT.analyzer().withStopWords(stopWords))
        .withVocabulary(new VocabularySettings(vocabularySize, minDf, maxDf))
        .withWeighting(chosen);
  }

  static final class StopWordsConverter implements picocli.CommandLine.ITypeConverter<StopWords> {
    @Override
    public StopWords convert(String value) {
      return CommandSupport.convert(value, StopWords::parse);
    }
  }

  static final class WeightingConverter implements picocli.CommandLine.ITypeConverter<TermWeighting> {
    @Override
    public TermWeighting convert(String value) {
      return CommandSupport.convert(value, TermWeighting::parse);
    }
  }
}
