package dev.semhash.training.concurrent;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelTest {
  @Test
  void everyRowExactlyOnce() throws IOException {
    for (int threads : new int[] {1, 2, 3}) {
      AtomicIntegerArray seen = new AtomicIntegerArray(1001);
      Parallel.forEachChunk(
          1001, 10, threads, ProgressReporter.Progress.NONE,
          (from, to) -> {
            for (int i = from; i < to; i++) {
              seen.incrementAndGet(i);
            }
          });
      for (int i = 0; i < 1001; i++) {
        assertEquals(1, seen.get(i));
      }
    }
  }

  @Test
  void failuresPropagate() {
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                Parallel.forEachChunk(
                    100, 7, 2, ProgressReporter.Progress.NONE,
                    (from, to) -> {
                      if (from >= 49) {
                        throw new IOException("boom at " + from);
                      }
                    }));
    assertTrue(e.getMessage().startsWith("boom at "), e.getMessage());
    assertThrows(
        IllegalStateException.class,
        () ->
            Parallel.forEachChunk(
                10, 1, 2, ProgressReporter.Progress.NONE,
                (from, to) -> {
                  throw new IllegalStateException("bad");
                }));
  }

  @Test
  void threadsBelowOneNameTheOption() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Parallel.forEachChunk(10, 256, 0, ProgressReporter.Progress.NONE, (from, to) -> {}));
    assertEquals("--threads must be at least 1, got 0", e.getMessage());
  }
}
