package dev.semhash.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.junit.jupiter.api.Test;

class VocabularyTest {
  @Test
  void roundTripsThroughItsSerialisedForm() throws Exception {
    Vocabulary v = new Vocabulary(List.of("b", "a", "ünïcode"), new long[] {3, 1, 2}, 10, 7.25);
    ByteBuffersDataOutput out = new ByteBuffersDataOutput();
    v.write(out);
    AnalyzerSettings.ENGLISH_STEMMED.write(out);
    ByteArrayDataInput in = new ByteArrayDataInput(out.toArrayCopy());
    Vocabulary back = Vocabulary.read(in);
    assertEquals(v, back);
    assertEquals(2, back.indexOf("ünïcode"));
    assertEquals(-1, back.indexOf("c"));
    assertEquals(AnalyzerSettings.ENGLISH_STEMMED, AnalyzerSettings.read(in));
  }

  @Test
  void looksUpATermBufferInPlace() {
    Vocabulary v = new Vocabulary(List.of("cat", "dog"), new long[] {1, 1}, 2, 3);
    char[] buffer = "xxdogcatx".toCharArray();
    assertEquals(1, v.indexOf(buffer, 2, 3));
    assertEquals(0, v.indexOf(buffer, 5, 3));
    assertEquals(-1, v.indexOf(buffer, 2, 4), "dogc");
    assertEquals(-1, v.indexOf("Cat"), "case counts");
    assertThrows(IllegalArgumentException.class, () -> new Vocabulary(List.of("a", "a"), new long[] {1, 1}, 2, 3));
  }

  @Test
  void rejectsInconsistentStatistics() {
    IllegalArgumentException dup =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Vocabulary(List.of("a", "a"), new long[] {1, 1}, 2, 1));
    assertTrue(dup.getMessage().contains("duplicate term 'a'"), dup.getMessage());
    IllegalArgumentException df =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Vocabulary(List.of("a"), new long[] {5}, 2, 1));
    assertTrue(df.getMessage().contains("outside [1, 2]"), df.getMessage());
  }
}
