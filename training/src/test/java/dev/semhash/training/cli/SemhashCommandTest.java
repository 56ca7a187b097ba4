package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The top-level command: error messages. */
class SemhashCommandTest {
  @Test
  void outOfMemorySaysHowToGiveMoreWithEveryDefaultSetting() {
    String direct = SemhashCommand.outOfMemory(new OutOfMemoryError("Java heap space"));
    // SEMHASH_JAVA_OPTS replaces all four defaults of ./semhash, so the hint gives all four
    for (String part : new String[] {"out of memory (Java heap space)", "SEMHASH_JAVA_OPTS", "-Xmx16g", "-Xmn128m",
        "-Dorg.bytedeco.javacpp.maxbytes=4g", "-Dorg.bytedeco.javacpp.maxphysicalbytes=14g"}) {
      assertTrue(direct.contains(part), direct);
    }
    // thrown in a worker thread, it arrives wrapped in an exception
    assertEquals(direct, SemhashCommand.describe(
        new RuntimeException("java.lang.OutOfMemoryError: Java heap space", new OutOfMemoryError("Java heap space"))));
  }
}
