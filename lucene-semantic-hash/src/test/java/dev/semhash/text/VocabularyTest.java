package dev.semhash.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.ByteBuffersIndexInput;
import org.apache.lucene.store.IndexInput;
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

  @Test
  void refusesASizeTheInputCannotHold() throws Exception {
    ByteBuffersDataOutput negative = new ByteBuffersDataOutput();
    negative.writeVLong(10);
    negative.writeLong(Double.doubleToLongBits(3));
    negative.writeVInt(-5);
    IOException e =
        assertThrows(IOException.class, () -> Vocabulary.read(new ByteArrayDataInput(negative.toArrayCopy())));
    assertTrue(e.getMessage().contains("corrupt vocabulary: -5 terms"), e.getMessage());

    ByteBuffersDataOutput huge = new ByteBuffersDataOutput();
    huge.writeVLong(10);
    huge.writeLong(Double.doubleToLongBits(3));
    huge.writeVInt(Integer.MAX_VALUE);
    huge.writeString("a");
    IndexInput file = new ByteBuffersIndexInput(huge.toDataInput(), "model");
    e = assertThrows(IOException.class, () -> Vocabulary.read(file));
    assertTrue(e.getMessage().contains(Integer.MAX_VALUE + " terms"), e.getMessage());
  }
}
