package dev.semhash.training.progress;

/**
 * Starts progress tasks. Thread-safe: a task's {@link Progress#step} may be called from several
 * worker threads.
 *
 * <pre class="prettyprint">
 * try (Progress p = reporter.start("BM25 neighbours", docs.size(), "docs")) {
 *   for (Document d : docs) { work(d); p.step(1); }
 * }
 * </pre>
 */
public interface ProgressReporter {
  /** Reports nothing. */
  ProgressReporter NONE = (task, total, unit) -> Progress.NONE;

  /**
   * Starts a task.
   *
   * @param task what is being done, shown to the user
   * @param total number of steps, or -1 if unknown
   * @param unit what a step is ("docs", "queries", "epochs")
   */
  Progress start(String task, long total, String unit);

  /** One running task. */
  interface Progress extends AutoCloseable {
    Progress NONE =
        new Progress() {
          @Override
          public void step(long n) {}

          @Override
          public void close() {}
        };

    /** Advances by {@code n} steps. */
    void step(long n);

    /** Sets a short extra message (for instance the current loss). */
    default void message(String message) {}

    /** Ends the task. */
    @Override
    void close();
  }
}
