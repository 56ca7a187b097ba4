package dev.semhash.training.bench;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.SparseMatrix;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * Documents per second per core of the pure-Java encoder ({@link HashModel#encode}), on the calling
 * thread only, after one untimed warm-up pass over the same documents.
 *
 * <p>Two paths are timed: text to code (analysis, vectorizing and the network, as at index time)
 * and weighted vector to code (the network and binarisation alone). The rate per core divides by
 * the thread's CPU time, not wall time, so other processes on a shared machine do not lower it; the
 * wall-time rate is reported beside it.
 *
 * <pre class="prettyprint">
 * EncoderSpeed.Result r = EncoderSpeed.measure(model, testTexts, corpus.test());
 * System.out.println(r.textDocsPerCpuSecond() + " docs/s/core");
 * </pre>
 */
public final class EncoderSpeed {
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
   * model's settings) once to warm up, then once timed.
   */
  public static Result measure(HashModel model, List<String> texts, SparseMatrix vectors) {
    if (texts.isEmpty() || vectors.numRows() == 0) {
      throw new IllegalArgumentException("encoder speed needs at least one document");
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (threads.isCurrentThreadCpuTimeSupported() == false) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
    long sink = encodeTexts(model, texts);
    long cpu = threads.getCurrentThreadCpuTime();
    long wall = System.nanoTime();
    sink += encodeTexts(model, texts);
    double textCpu = (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
    double textWall = (System.nanoTime() - wall) / 1e9;

    sink += encodeVectors(model, vectors);
    cpu = threads.getCurrentThreadCpuTime();
    wall = System.nanoTime();
    sink += encodeVectors(model, vectors);
    double vectorCpu = (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
    double vectorWall = (System.nanoTime() - wall) / 1e9;
    if (sink == 42) { // keeps the codes observable so the JIT cannot drop the work
      System.out.print("");
    }
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return new Result(
        texts.size(),
        texts.size() / textCpu,
        texts.size() / textWall,
        vectors.numRows() / vectorCpu,
        vectors.numRows() / vectorWall,
        load < 0 ? Double.NaN : load);
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
