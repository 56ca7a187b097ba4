package dev.semhash.training.corpus;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;

/**
 * Everything that decides how a dataset's text becomes training vectors.
 *
 * <pre class="prettyprint">
 * CorpusSettings s = CorpusSettings.DEFAULT.withWeighting(TermWeighting.BM25);
 * </pre>
 *
 * @param analyzer the analysis chain
 * @param vocabulary how the vocabulary is selected
 * @param weighting how term counts become weights
 * @param normalize scale every document vector to unit Euclidean length
 */
public record CorpusSettings(
    AnalyzerSettings analyzer,
    VocabularySettings vocabulary,
    TermWeighting weighting,
    boolean normalize) {

  /**
   * The evaluation protocol's bag of words: {@link AnalyzerSettings#DEFAULT}, {@link
   * VocabularySettings#DEFAULT} (10,000 terms), TF-IDF, unit length.
   */
  public static final CorpusSettings DEFAULT =
      new CorpusSettings(AnalyzerSettings.DEFAULT, VocabularySettings.DEFAULT, TermWeighting.TFIDF, true);

  public CorpusSettings {
    if (analyzer == null || vocabulary == null || weighting == null) {
      throw new IllegalArgumentException("analyzer, vocabulary and weighting are required");
    }
  }

  public CorpusSettings withAnalyzer(AnalyzerSettings analyzer) {
    return new CorpusSettings(analyzer, vocabulary, weighting, normalize);
  }

  public CorpusSettings withVocabulary(VocabularySettings vocabulary) {
    return new CorpusSettings(analyzer, vocabulary, weighting, normalize);
  }

  public CorpusSettings withWeighting(TermWeighting weighting) {
    return new CorpusSettings(analyzer, vocabulary, weighting, normalize);
  }

  public CorpusSettings withNormalize(boolean normalize) {
    return new CorpusSettings(analyzer, vocabulary, weighting, normalize);
  }
}
