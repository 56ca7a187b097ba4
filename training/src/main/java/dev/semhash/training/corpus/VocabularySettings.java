package dev.semhash.training.corpus;

/**
 * How {@link VocabularySelector} picks the vocabulary from the corpus's terms.
 *
 * <pre class="prettyprint">
 * VocabularySettings s = VocabularySettings.DEFAULT.withMaxTerms(2000);
 * </pre>
 *
 * @param maxTerms keep at most this many terms, those of highest document frequency (at least 1)
 * @param minDocFreq drop terms in fewer documents than this (at least 1)
 * @param maxDocFreqFraction drop terms in more than this fraction of the documents, in (0, 1]; 1
 *     keeps every term however common
 */
public record VocabularySettings(int maxTerms, int minDocFreq, double maxDocFreqFraction) {

  /**
   * The evaluation protocol's vocabulary: the 10,000 terms of highest document frequency, among
   * terms in at least 2 documents (a term in one document links it to nothing), no upper limit.
   */
  public static final VocabularySettings DEFAULT = new VocabularySettings(10_000, 2, 1.0);

  // The messages name the command-line options, which is where users meet these settings.
  public VocabularySettings {
    if (maxTerms < 1) {
      throw new IllegalArgumentException("--vocabulary-size must be at least 1, got " + maxTerms);
    }
    if (minDocFreq < 1) {
      throw new IllegalArgumentException("--min-df must be at least 1, got " + minDocFreq);
    }
    if (!(maxDocFreqFraction > 0 && maxDocFreqFraction <= 1)) {
      throw new IllegalArgumentException(
          "--max-df must be a fraction in (0, 1], such as 0.5 (1 keeps every term), got "
              + maxDocFreqFraction);
    }
  }

  public VocabularySettings withMaxTerms(int maxTerms) {
    return new VocabularySettings(maxTerms, minDocFreq, maxDocFreqFraction);
  }

  public VocabularySettings withMinDocFreq(int minDocFreq) {
    return new VocabularySettings(maxTerms, minDocFreq, maxDocFreqFraction);
  }

  public VocabularySettings withMaxDocFreqFraction(double fraction) {
    return new VocabularySettings(maxTerms, minDocFreq, fraction);
  }

  /** The largest document frequency kept in a corpus of {@code numDocs} documents. */
  public long maxDocFreq(long numDocs) {
    return (long) Math.floor(maxDocFreqFraction * numDocs + 1e-9);
  }

  /** A stable one-line description, part of cache keys. */
  public String describe() {
    return "maxTerms=" + maxTerms + ",minDf=" + minDocFreq + ",maxDfFraction=" + maxDocFreqFraction;
  }
}
