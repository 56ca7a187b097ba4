package dev.semhash.training.concurrent;

import dev.semhash.training.progress.ProgressReporter.Progress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs work over the rows {@code [0, n)} in fixed-size chunks on a few threads. Chunks are handed
 * out in order from a shared counter, so threads that finish early take more; each chunk is one
 * call, so a task can allocate its per-thread scratch space once per chunk.
 *
 * <pre class="prettyprint">
 * Parallel.forEachChunk(n, 256, 2, progress, (from, to) -&gt; { for (int i = from; i &lt; to; i++) work(i); });
 * </pre>
 */
public final class Parallel {
  private Parallel() {}

  /** Work on the rows {@code [from, to)}. */
  @FunctionalInterface
  public interface ChunkTask {
    void run(int from, int to) throws IOException;
  }

  /** The default thread count: every available processor. */
  public static int defaultThreads() {
    return Runtime.getRuntime().availableProcessors();
  }

  /**
   * Runs {@code task} over {@code [0, n)} and steps {@code progress} by each chunk's size. Returns
   * when every chunk is done; the first failure is rethrown (an {@link IOException} as itself).
   *
   * @param threads worker threads, at least 1; 1 runs on the calling thread
   */
  public static void forEachChunk(int n, int chunkSize, int threads, Progress progress, ChunkTask task)
      throws IOException {
    if (threads < 1) {
      // Users reach this with --threads, which the commands pass on unchecked.
      throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
    }
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunkSize must be at least 1, got " + chunkSize);
    }
    int chunks = (int) ((n + (long) chunkSize - 1) / chunkSize);
    int workers = Math.min(threads, chunks);
    if (workers <= 1) {
      for (int from = 0; from < n; from += chunkSize) {
        int to = Math.min(n, from + chunkSize);
        task.run(from, to);
        progress.step(to - from);
      }
      return;
    }
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(workers);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        futures.add(
            pool.submit(
                () -> {
                  for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                    int from = c * chunkSize;
                    int to = (int) Math.min(n, (long) from + chunkSize);
                    try {
                      task.run(from, to);
                    } catch (IOException e) {
                      throw new UncheckedIOException(e);
                    }
                    progress.step(to - from);
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          next.set(chunks); // let the other workers stop early
          Throwable cause = e.getCause();
          if (cause instanceof UncheckedIOException u) {
            throw u.getCause();
          }
          if (cause instanceof RuntimeException r) {
            throw r;
          }
          if (cause instanceof Error err) {
            throw err;
          }
          throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for worker threads", e);
        }
      }
    } finally {
      pool.shutdownNow();
      try {
        // Workers are idle or failing by now; waiting keeps no thread alive past this call.
        pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Runs independent tasks on at most {@code threads} threads; rethrows the first failure. */
  public static void run(List<Runnable> tasks, int threads) {
    try {
      forEachChunk(tasks.size(), 1, threads, dev.semhash.training.progress.ProgressReporter.Progress.NONE, (from, to) -> {
        for (int i = from; i < to; i++) {
          tasks.get(i).run();
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
