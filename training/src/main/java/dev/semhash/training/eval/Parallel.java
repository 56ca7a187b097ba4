package dev.semhash.training.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs independent tasks on a fixed number of threads and rethrows the first failure. */
final class Parallel {
  private Parallel() {}

  static void run(List<Runnable> tasks, int threads) {
    if (threads == 1 || tasks.size() <= 1) {
      tasks.forEach(Runnable::run);
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks.size()));
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (Runnable task : tasks) {
        futures.add(pool.submit(task));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("evaluation interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
