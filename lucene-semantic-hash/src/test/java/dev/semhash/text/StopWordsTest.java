package dev.semhash.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.junit.jupiter.api.Test;

class StopWordsTest {
  @Test
  void smartListHasTheThesisWords() {
    // 571 lines in SMART's list, "would" twice
    assertEquals(570, StopWords.SMART.words().size());
    for (String w : List.of("a", "said", "also", "new", "would", "zero", "ain't", "yourselves")) {
      assertTrue(StopWords.SMART.words().contains(w), w);
    }
    assertFalse(StopWords.SMART.words().contains("computer"));
    assertFalse(StopWords.SMART.words().contains("Said"), "matches case-sensitively, after lower-casing");
    assertEquals(33, StopWords.LUCENE.words().size());
    assertTrue(StopWords.NONE.words().isEmpty());
  }

  @Test
  void analyzersDropTheirList() throws IOException {
    String text = "He said the new computer would also ship";
    assertEquals(List.of("computer", "ship"), tokens(settings(StopWords.SMART), text));
    assertEquals(List.of("he", "said", "new", "computer", "would", "also", "ship"), tokens(settings(StopWords.LUCENE), text));
    assertEquals(
        List.of("he", "said", "the", "new", "computer", "would", "also", "ship"), tokens(settings(StopWords.NONE), text));
  }

  @Test
  void everyListSurvivesTheModelFile() throws IOException {
    for (StopWords s : StopWords.values()) {
      AnalyzerSettings a = settings(s);
      ByteBuffersDataOutput out = new ByteBuffersDataOutput();
      a.write(out);
      assertEquals(a, AnalyzerSettings.read(new ByteArrayDataInput(out.toArrayCopy())));
    }
  }

  @Test
  void filesFromBeforeTheSmartListReadAsLucenesList() throws IOException {
    // flags 1 | 2 (lower case, stop words), min 2, max 40: what DEFAULT wrote before flag 8 existed
    AnalyzerSettings a = AnalyzerSettings.read(new ByteArrayDataInput(new byte[] {3, 2, 40}));
    assertEquals(new AnalyzerSettings(true, StopWords.LUCENE, 2, 40, false), a);
  }

  @Test
  void badFlagsAreRefused() {
    IOException listWithoutStopWords =
        assertThrows(IOException.class, () -> AnalyzerSettings.read(new ByteArrayDataInput(new byte[] {9, 2, 40})));
    assertEquals(
        "corrupt analyzer settings: flags 9 name a stop list but drop no stop words", listWithoutStopWords.getMessage());
    IOException newer =
        assertThrows(IOException.class, () -> AnalyzerSettings.read(new ByteArrayDataInput(new byte[] {19, 2, 40})));
    assertEquals("unknown analyzer flags 19 (file from a newer version?)", newer.getMessage());
  }

  @Test
  void parseNamesTheChoices() {
    assertEquals(StopWords.SMART, StopWords.parse("SMART"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StopWords.parse("nltk"));
    assertEquals("unknown stop list 'nltk'; choose one of none, lucene, smart", e.getMessage());
    assertThrows(NullPointerException.class, () -> new AnalyzerSettings(true, null, 2, 40, false));
    assertEquals(settings(StopWords.SMART), settings(StopWords.NONE).withStopWords(StopWords.SMART));
  }

  private static AnalyzerSettings settings(StopWords s) {
    return new AnalyzerSettings(true, s, 2, 40, false);
  }

  private static List<String> tokens(AnalyzerSettings settings, String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (Analyzer analyzer = settings.newAnalyzer();
        TokenStream ts = analyzer.tokenStream("body", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(term.toString());
      }
      ts.end();
    }
    return out;
  }
}
