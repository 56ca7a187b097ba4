package dev.semhash.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/**
 * The English stop list an analysis chain drops, if any. Lists match case-sensitively, as Lucene's
 * {@code StopFilter} does with its default sets, so they are meant to follow lower-casing.
 *
 * <pre class="prettyprint">
 * CharArraySet words = StopWords.SMART.words(); // 570 words, "a" to "zero"
 * </pre>
 */
public enum StopWords {
  /** Keep every token. */
  NONE("none"),
  /** Lucene's {@link EnglishAnalyzer#ENGLISH_STOP_WORDS_SET}: 33 words such as "the" and "of". */
  LUCENE("lucene"),
  /**
   * The SMART retrieval system's list, which the thesis removes (section 3.3.1, "SMART's list of
   * 571 stopwords"; one of them, "would", is listed twice, so 570 words). Besides function words it
   * holds many frequent content-poor words such as "said", "also", "new" and "zero", which Lucene's
   * list keeps and which would otherwise fill a bag-of-words model's vocabulary and decoder.
   */
  SMART("smart");

  private static final String SMART_RESOURCE = "smart-stopwords.txt";

  private final String cliName;

  StopWords(String cliName) {
    this.cliName = cliName;
  }

  /** The name used on the command line and in reports, such as {@code smart}. */
  public String cliName() {
    return cliName;
  }

  @Override
  public String toString() {
    return cliName;
  }

  /** The words dropped (unmodifiable; empty for {@link #NONE}). */
  public CharArraySet words() {
    return switch (this) {
      case NONE -> CharArraySet.EMPTY_SET;
      case LUCENE -> EnglishAnalyzer.ENGLISH_STOP_WORDS_SET;
      case SMART -> SmartHolder.WORDS;
    };
  }

  /** Parses a command-line name, listing the choices when it is unknown. */
  public static StopWords parse(String name) {
    for (StopWords s : values()) {
      if (s.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown stop list '" + name + "'; choose one of none, lucene, smart");
  }

  /** Loads the SMART list on first use only. */
  private static final class SmartHolder {
    static final CharArraySet WORDS = load();

    private static CharArraySet load() {
      try (InputStream in = StopWords.class.getResourceAsStream(SMART_RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException(
              "resource " + SMART_RESOURCE + " is missing from the lucene-semantic-hash jar; rebuild or re-download it");
        }
        Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
        return CharArraySet.unmodifiableSet(WordlistLoader.getWordSet(reader, "#", new CharArraySet(600, false)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + SMART_RESOURCE, e);
      }
    }
  }
}
