package dev.semhash.rerank.text;

import java.io.IOException;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.ngram.NGramTokenFilter;
import org.apache.lucene.analysis.pattern.PatternReplaceFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;

/**
 * The analysis chain of a rerank model: Lucene's {@link StandardTokenizer}, then optionally
 * lower-casing, English stop-word removal, a token-length filter and Porter stemming; then, for
 * DSSM's word hashing, optionally letter n-grams: each word is wrapped in {@code '#'} boundary marks
 * and cut by {@link NGramTokenFilter} into its letter n-grams ({@code "cat"} &rarr; {@code "#ca",
 * "cat", "at#"} for n = 3), so the model's terms are the n-grams.
 *
 * <pre class="prettyprint">
 * Analyzer analyzer = AnalysisSettings.ENGLISH_STEMMED.newAnalyzer();
 * </pre>
 *
 * @param lowercase lower-case every token
 * @param englishStopWords drop Lucene's English stop words
 * @param minTokenLength shortest token kept, in UTF-16 units (at least 1)
 * @param maxTokenLength longest token kept (at least {@code minTokenLength}, at most 255)
 * @param porterStemming reduce tokens to their Porter stems (after the other filters)
 * @param letterNgrams 0 for word terms, else n (2 to 5): terms are the letter n-grams of each
 *     {@code '#'}-wrapped word
 */
public record AnalysisSettings(
    boolean lowercase,
    boolean englishStopWords,
    int minTokenLength,
    int maxTokenLength,
    boolean porterStemming,
    int letterNgrams) {

  /** Anserini's English analysis: lower case, English stop words, Porter stemming. */
  public static final AnalysisSettings ENGLISH_STEMMED = new AnalysisSettings(true, true, 1, 255, true);

  private static final Pattern WHOLE_TOKEN = Pattern.compile("^.*$", Pattern.DOTALL);

  /** DSSM's word hashing: letter trigrams of lower-cased words, nothing dropped or stemmed. */
  public static final AnalysisSettings LETTER_TRIGRAMS = new AnalysisSettings(true, false, 1, 255, false, 3);

  /** Word terms (no letter n-grams). */
  public AnalysisSettings(boolean lowercase, boolean englishStopWords, int minTokenLength, int maxTokenLength, boolean porterStemming) {
    this(lowercase, englishStopWords, minTokenLength, maxTokenLength, porterStemming, 0);
  }

  public AnalysisSettings {
    if (letterNgrams != 0 && (letterNgrams < 2 || letterNgrams > 5)) {
      throw new IllegalArgumentException("letter n-gram length must be 0 (words) or 2 to 5, got " + letterNgrams);
    }
    if (minTokenLength < 1 || maxTokenLength < minTokenLength || maxTokenLength > 255) {
      throw new IllegalArgumentException(
          "token lengths must satisfy 1 <= min <= max <= 255, got min=" + minTokenLength + " max=" + maxTokenLength);
    }
  }

  /** A new analyzer for this chain; callers close it. */
  public Analyzer newAnalyzer() {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new StandardTokenizer();
        TokenStream stream = source;
        if (lowercase) {
          stream = new LowerCaseFilter(stream);
        }
        if (englishStopWords) {
          stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        }
        stream = new LengthFilter(stream, minTokenLength, maxTokenLength);
        if (porterStemming) {
          stream = new PorterStemFilter(stream);
        }
        if (letterNgrams > 0) {
          stream = new PatternReplaceFilter(stream, WHOLE_TOKEN, "#$0#", false);
          stream = new NGramTokenFilter(stream, letterNgrams, letterNgrams, false);
        }
        return new TokenStreamComponents(source, stream);
      }
    };
  }

  /**
   * Writes these settings: Byte flags (1 lowercase, 2 stop words, 4 Porter, 8 letter n-grams), VInt
   * min, VInt max, and VInt n if flag 8.
   */
  public void write(DataOutput out) throws IOException {
    out.writeByte(
        (byte) ((lowercase ? 1 : 0) | (englishStopWords ? 2 : 0) | (porterStemming ? 4 : 0) | (letterNgrams > 0 ? 8 : 0)));
    out.writeVInt(minTokenLength);
    out.writeVInt(maxTokenLength);
    if (letterNgrams > 0) {
      out.writeVInt(letterNgrams);
    }
  }

  /** Reads settings written by {@link #write}; throws IOException on values no writer produces. */
  public static AnalysisSettings read(DataInput in) throws IOException {
    byte flags = in.readByte();
    if ((flags & ~15) != 0) {
      throw new IOException("unknown analysis flags " + flags);
    }
    int min = in.readVInt();
    int max = in.readVInt();
    if (min < 1 || max < min || max > 255) {
      throw new IOException("bad token lengths " + min + ".." + max);
    }
    int ngrams = (flags & 8) != 0 ? in.readVInt() : 0;
    if ((flags & 8) != 0 && (ngrams < 2 || ngrams > 5)) {
      throw new IOException("bad letter n-gram length " + ngrams);
    }
    return new AnalysisSettings((flags & 1) != 0, (flags & 2) != 0, min, max, (flags & 4) != 0, ngrams);
  }

  /** The record's usual text; word-term settings print as they did before letter n-grams existed. */
  @Override
  public String toString() {
    return "AnalysisSettings[lowercase=" + lowercase + ", englishStopWords=" + englishStopWords + ", minTokenLength="
        + minTokenLength + ", maxTokenLength=" + maxTokenLength + ", porterStemming=" + porterStemming
        + (letterNgrams > 0 ? ", letterNgrams=" + letterNgrams : "") + "]";
  }
}
