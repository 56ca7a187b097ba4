package dev.semhash.training.bench;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.SparseMatrix;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Documents per second per core of the pure-Java encoder ({@link HashModel#encode}), on the calling
 * thread only, after one untimed warm-up pass over the same documents: the best of {@link
 * #TIMED_PASSES} timed passes.
 *
 * <p>Two paths are timed: text to code (analysis, vectorizing and the network, as at index time)
 * and weighted vector to code (the network and binarisation alone). The rate per core divides by
 * the thread's CPU time, not wall time, so other processes on a shared machine do not lower it; the
 * wall-time rate is reported beside it. CPU time still grows when other jobs share the cores'
 * caches, and such interference comes and goes, so each rate is that of the fastest pass: the one
 * least disturbed, as benchmark harnesses report minimum times.
 *
 * <pre class="prettyprint">
 * EncoderSpeed.Result r = EncoderSpeed.measure(model, testTexts, corpus.test());
 * System.out.println(r.textDocsPerCpuSecond() + " docs/s/core");
 * </pre>
 */
public final class EncoderSpeed {
  /** Timed passes over the documents per path; each rate is the fastest pass's. */
  public static final int TIMED_PASSES = 3;

  private EncoderSpeed() {}

  /**
   * One measurement.
   *
   * @param documents documents encoded per timed pass
   * @param textDocsPerCpuSecond text to code, per second of this thread's CPU time
   * @param textDocsPerWallSecond text to code, per second of wall time
   * @param vectorDocsPerCpuSecond weighted vector to code, per second of CPU time
   * @param vectorDocsPerWallSecond weighted vector to code, per second of wall time
   * @param loadAverage the machine's load average over the last minute when the timed passes
   *     ended (runnable processes per core count; above the cores, other jobs competed for them,
   *     and for the shared caches, which slows the encoder even per CPU second), or NaN where the
   *     system does not report one
   */
  public record Result(
      int documents,
      double textDocsPerCpuSecond,
      double textDocsPerWallSecond,
      double vectorDocsPerCpuSecond,
      double vectorDocsPerWallSecond,
      double loadAverage) {}

  /**
   * Encodes every text and every row of {@code vectors} (the same documents, vectorized with the
   * model's settings) once to warm up, then {@link #TIMED_PASSES} times timed, and reports the
   * fastest pass of each path (its CPU rate, and separately its fastest wall-clock rate).
   */
  public static Result measure(HashModel model, List<String> texts, SparseMatrix vectors) {
    if (texts.isEmpty() || vectors.numRows() == 0) {
      throw new IllegalArgumentException("encoder speed needs at least one document");
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (threads.isCurrentThreadCpuTimeSupported() == false) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
    Fastest text = fastest(threads, () -> encodeTexts(model, texts));
    Fastest vector = fastest(threads, () -> encodeVectors(model, vectors));
    if ((text.sink ^ vector.sink) == 42) { // keeps the codes observable so the JIT cannot drop the work
      System.out.print("");
    }
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return new Result(
        texts.size(),
        texts.size() / text.cpuSeconds,
        texts.size() / text.wallSeconds,
        vectors.numRows() / vector.cpuSeconds,
        vectors.numRows() / vector.wallSeconds,
        load < 0 ? Double.NaN : load);
  }

  private record Fastest(double cpuSeconds, double wallSeconds, long sink) {}

  /** One untimed pass, then the least CPU and the least wall time of the timed passes. */
  private static Fastest fastest(ThreadMXBean threads, LongSupplier pass) {
    long sink = pass.getAsLong();
    double cpuSeconds = Double.MAX_VALUE;
    double wallSeconds = Double.MAX_VALUE;
    for (int p = 0; p < TIMED_PASSES; p++) {
      long cpu = threads.getCurrentThreadCpuTime();
      long wall = System.nanoTime();
      sink ^= pass.getAsLong();
      cpuSeconds = Math.min(cpuSeconds, (threads.getCurrentThreadCpuTime() - cpu) / 1e9);
      wallSeconds = Math.min(wallSeconds, (System.nanoTime() - wall) / 1e9);
    }
    return new Fastest(cpuSeconds, wallSeconds, sink);
  }

  private static long encodeTexts(HashModel model, List<String> texts) {
    long x = 0;
    for (String t : texts) {
      x ^= model.encode(t)[0];
    }
    return x;
  }

  private static long encodeVectors(HashModel model, SparseMatrix vectors) {
    long x = 0;
    for (int r = 0; r < vectors.numRows(); r++) {
      x ^= model.encode(vectors.row(r))[0];
    }
    return x;
  }
}
