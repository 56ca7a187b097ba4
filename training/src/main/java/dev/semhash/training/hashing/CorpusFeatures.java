package dev.semhash.training.hashing;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import dev.semhash.training.corpus.Corpus;

/** The parts of a corpus that a model file must carry so that it vectorizes text the same way. */
record CorpusFeatures(
    AnalyzerSettings analyzer, Vocabulary vocabulary, TermWeighting weighting, boolean normalize) {
  static CorpusFeatures of(Corpus corpus) {
    return new CorpusFeatures(
        corpus.settings().analyzer(),
        corpus.vocabulary(),
        corpus.settings().weighting(),
        corpus.settings().normalize());
  }
}
