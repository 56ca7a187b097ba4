package dev.semhash.text;

import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;

/**
 * The analysis chain of a model: Lucene's {@link StandardTokenizer}, then optionally lower-casing,
 * English stop-word removal ({@link StopWords}), a token-length filter and Porter stemming. Stored in every model file so that query-time
 * text is analysed exactly as the training corpus was.
 *
 * <pre class="prettyprint">
 * Analyzer analyzer = AnalyzerSettings.DEFAULT.newAnalyzer();
 * </pre>
 *
 * @param lowercase lower-case every token
 * @param stopWords the stop list dropped after lower-casing
 * @param minTokenLength shortest token kept, in UTF-16 units (at least 1)
 * @param maxTokenLength longest token kept (at least {@code minTokenLength}, at most 255)
 * @param porterStemming reduce tokens to their Porter stems (after the other filters)
 */
public record AnalyzerSettings(
    boolean lowercase,
    StopWords stopWords,
    int minTokenLength,
    int maxTokenLength,
    boolean porterStemming) {

  /**
   * The bag of words of the hashing models: standard tokenizer, lower case, Lucene's English stop
   * words, tokens of 2 to 40 characters, no stemming. The thesis removes SMART's longer list
   * ({@link StopWords#SMART}); on validation splits of the training documents at 32 bits that lost
   * (Reuters VDSH Prec@100 0.6701 against 0.6807, 20 Newsgroups VDSH-S 0.8396 against 0.8577, {@code
   * eval-hash --validation 0.2 --stop-words smart}), so Lucene's short list stays the default.
   */
  public static final AnalyzerSettings DEFAULT = new AnalyzerSettings(true, StopWords.LUCENE, 2, 40, false);

  /**
   * Anserini's default English analysis for BM25 baselines: lower case, English stop words, Porter
   * stemming, every token length.
   */
  public static final AnalyzerSettings ENGLISH_STEMMED =
      new AnalyzerSettings(true, StopWords.LUCENE, 1, 255, true);

  public AnalyzerSettings {
    Objects.requireNonNull(stopWords, "stopWords (use StopWords.NONE to keep every token)");
    if (minTokenLength < 1 || maxTokenLength < minTokenLength || maxTokenLength > 255) {
      throw new IllegalArgumentException(
          "token lengths must satisfy 1 <= min <= max <= 255, got min="
              + minTokenLength
              + " max="
              + maxTokenLength);
    }
  }

  /** These settings with another stop list. */
  public AnalyzerSettings withStopWords(StopWords stopWords) {
    return new AnalyzerSettings(lowercase, stopWords, minTokenLength, maxTokenLength, porterStemming);
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
        if (stopWords != StopWords.NONE) {
          stream = new StopFilter(stream, stopWords.words());
        }
        stream = new LengthFilter(stream, minTokenLength, maxTokenLength);
        if (porterStemming) {
          stream = new PorterStemFilter(stream);
        }
        return new TokenStreamComponents(source, stream);
      }

      @Override
      protected TokenStream normalize(String fieldName, TokenStream in) {
        return lowercase ? new LowerCaseFilter(in) : in;
      }
    };
  }

  /**
   * Writes these settings; {@link #read} reads them back. One flags byte: 1 lower case, 2 stop
   * words dropped, 4 Porter stemming, 8 the stop list is {@link StopWords#SMART}'s rather than
   * {@link StopWords#LUCENE}'s (only with 2); then the shortest and longest token length as
   * variable-length ints. Files without flag 8 read as before it existed.
   */
  public void write(DataOutput out) throws IOException {
    out.writeByte(
        (byte)
            ((lowercase ? 1 : 0)
                | (stopWords != StopWords.NONE ? 2 : 0)
                | (porterStemming ? 4 : 0)
                | (stopWords == StopWords.SMART ? 8 : 0)));
    out.writeVInt(minTokenLength);
    out.writeVInt(maxTokenLength);
  }

  /** Reads settings written by {@link #write}. */
  public static AnalyzerSettings read(DataInput in) throws IOException {
    byte flags = in.readByte();
    if ((flags & ~15) != 0) {
      throw new IOException("unknown analyzer flags " + flags + " (file from a newer version?)");
    }
    if ((flags & 8) != 0 && (flags & 2) == 0) {
      throw new IOException("corrupt analyzer settings: flags " + flags + " name a stop list but drop no stop words");
    }
    int min = in.readVInt();
    int max = in.readVInt();
    if (min < 1 || max < min || max > 255) {
      throw new IOException("corrupt analyzer settings: token lengths " + min + ".." + max);
    }
    StopWords stopWords =
        (flags & 2) == 0 ? StopWords.NONE : (flags & 8) != 0 ? StopWords.SMART : StopWords.LUCENE;
    return new AnalyzerSettings((flags & 1) != 0, stopWords, min, max, (flags & 4) != 0);
  }
}
