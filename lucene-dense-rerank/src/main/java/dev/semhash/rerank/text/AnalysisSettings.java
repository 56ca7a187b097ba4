package dev.semhash.rerank.text;

import java.io.IOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;

/**
 * The analysis chain of a rerank model: Lucene's {@link StandardTokenizer}, then optionally
 * lower-casing, English stop-word removal, a token-length filter and Porter stemming.
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
 */
public record AnalysisSettings(
    boolean lowercase,
    boolean englishStopWords,
    int minTokenLength,
    int maxTokenLength,
    boolean porterStemming) {

  /** Anserini's English analysis: lower case, English stop words, Porter stemming. */
  public static final AnalysisSettings ENGLISH_STEMMED = new AnalysisSettings(true, true, 1, 255, true);

  public AnalysisSettings {
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
        return new TokenStreamComponents(source, stream);
      }
    };
  }

  /** Writes these settings: Byte flags (1 lowercase, 2 stop words, 4 Porter), VInt min, VInt max. */
  public void write(DataOutput out) throws IOException {
    out.writeByte((byte) ((lowercase ? 1 : 0) | (englishStopWords ? 2 : 0) | (porterStemming ? 4 : 0)));
    out.writeVInt(minTokenLength);
    out.writeVInt(maxTokenLength);
  }

  /** Reads settings written by {@link #write}; throws IOException on values no writer produces. */
  public static AnalysisSettings read(DataInput in) throws IOException {
    byte flags = in.readByte();
    if ((flags & ~7) != 0) {
      throw new IOException("unknown analysis flags " + flags);
    }
    int min = in.readVInt();
    int max = in.readVInt();
    if (min < 1 || max < min || max > 255) {
      throw new IOException("bad token lengths " + min + ".." + max);
    }
    return new AnalysisSettings((flags & 1) != 0, (flags & 2) != 0, min, max, (flags & 4) != 0);
  }
}
