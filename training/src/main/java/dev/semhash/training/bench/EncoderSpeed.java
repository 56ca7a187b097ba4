package dev.semhash.training.bench;

import dev.semhash.model.HashModel;
import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Documents per second per core of the pure-Java encoder ({@link HashModel#encode}), on the calling
 * thread only: the best of {@link #TIMED_PASSES} timed passes over the documents, after untimed
 * passes of at least {@link #WARM_UP_SECONDS} of CPU time.
 *
 * <p>The warm-up is timed, not counted, because the JIT compiles the hot loops only after many
 * calls: one pass over CiteSeer's 661 test documents takes about 0.1 s, and VDSH-SP at 128 bits
 * timed after a single such pass turned 6,171 CiteSeer vectors into codes per CPU second, against
 * 10,182 on 20 Newsgroups' 7,532 documents, though its CiteSeer network is the smaller one (8,274
 * input terms against 10,000). A timed pass repeats the documents until it lasts at least {@link
 * #MIN_PASS_SECONDS}, so that small test splits are not timed over a few milliseconds either.
 *
 * <p>Two paths are timed: text to code (analysis, vectorizing and the network, as at index time)
 * and weighted vector to code (the network and binarisation alone). The rate per core divides by
 * the thread's CPU time, not wall time, so other processes on a shared machine do not lower it; the
 * wall-time rate is reported beside it. CPU time still grows when other jobs share the cores'
 * caches, and such interference comes and goes, so each rate is that of the fastest pass: the one
 * least disturbed, as benchmark harnesses report minimum times.
 *
 * <p>A model that reads neighbourhoods ({@link HashModel#readsNeighbourhood()}) is timed as an
 * indexer runs it: each document through the network once ({@link HashModel#hidden}), and its
 * code pooled from the hidden values of {@code neighbours} other documents, computed before the
 * timing (an indexer has them from those documents' own pass). Finding the neighbours (a BM25
 * search per document) is not timed.
 *
 * <pre class="prettyprint">
 * EncoderSpeed.Result r = EncoderSpeed.measure(model, testTexts, corpus.test());
 * System.out.println(r.textDocsPerCpuSecond() + " docs/s/core");
 * </pre>
 */
public final class EncoderSpeed {
  /** Timed passes over the documents per path; each rate is the fastest pass's. */
  public static final int TIMED_PASSES = 3;

  /** CPU seconds of untimed passes before the first timed one, per path. */
  public static final double WARM_UP_SECONDS = 2;

  /** A timed pass goes over the documents as many times as it takes to last this long. */
  public static final double MIN_PASS_SECONDS = 0.5;

  private EncoderSpeed() {}

  /**
   * One measurement.
   *
   * @param documents the documents, each encoded once or more per timed pass
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
   * Encodes every text, and every row of {@code vectors} (the same documents, vectorized with the
   * model's settings), until {@link #WARM_UP_SECONDS} have gone, then in {@link #TIMED_PASSES}
   * timed passes, and reports the fastest pass of each path (its CPU rate, and separately its
   * fastest wall-clock rate).
   */
  public static Result measure(HashModel model, List<String> texts, SparseMatrix vectors) {
    return measure(model, texts, vectors, 0);
  }

  /**
   * As {@link #measure(HashModel, List, SparseMatrix)}; a model that reads neighbourhoods pools
   * {@code neighbours} hidden vectors into each code (see the class documentation).
   *
   * @param neighbours neighbours per document (at least 1) for a model that reads them; ignored
   *     otherwise
   */
  public static Result measure(HashModel model, List<String> texts, SparseMatrix vectors, int neighbours) {
    if (texts.isEmpty() || vectors.numRows() == 0) {
      throw new IllegalArgumentException("encoder speed needs at least one document");
    }
    if (model.readsNeighbourhood() && neighbours < 1) {
      throw new IllegalArgumentException(
          "model '" + model.method() + "' reads neighbourhoods: give how many neighbours each document pools (at least 1)");
    }
    List<float[]> pooled = new ArrayList<>();
    if (model.readsNeighbourhood()) {
      for (int i = 0; i < neighbours; i++) {
        pooled.add(model.hidden(vectors.row(i % vectors.numRows())));
      }
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (threads.isCurrentThreadCpuTimeSupported() == false) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
    Fastest text = fastest(threads, () -> encodeTexts(model, texts, pooled));
    Fastest vector = fastest(threads, () -> encodeVectors(model, vectors, pooled));
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

  /**
   * Untimed passes until {@link #WARM_UP_SECONDS} of CPU time have gone, then the least CPU and the
   * least wall time per pass over the documents, each timed pass repeating them enough times to
   * last {@link #MIN_PASS_SECONDS}.
   */
  private static Fastest fastest(ThreadMXBean threads, LongSupplier pass) {
    long sink = 0;
    long warmUpStart = threads.getCurrentThreadCpuTime();
    int warmUpPasses = 0;
    double warmUpSeconds;
    do {
      sink ^= pass.getAsLong();
      warmUpPasses++;
      warmUpSeconds = (threads.getCurrentThreadCpuTime() - warmUpStart) / 1e9;
    } while (warmUpSeconds < WARM_UP_SECONDS);
    int repeats = (int) Math.max(1, Math.ceil(MIN_PASS_SECONDS * warmUpPasses / warmUpSeconds));
    double cpuSeconds = Double.MAX_VALUE;
    double wallSeconds = Double.MAX_VALUE;
    for (int p = 0; p < TIMED_PASSES; p++) {
      long cpu = threads.getCurrentThreadCpuTime();
      long wall = System.nanoTime();
      for (int r = 0; r < repeats; r++) {
        sink ^= pass.getAsLong();
      }
      cpuSeconds = Math.min(cpuSeconds, (threads.getCurrentThreadCpuTime() - cpu) / 1e9 / repeats);
      wallSeconds = Math.min(wallSeconds, (System.nanoTime() - wall) / 1e9 / repeats);
    }
    return new Fastest(cpuSeconds, wallSeconds, sink);
  }

  private static long encodeTexts(HashModel model, List<String> texts, List<float[]> pooled) {
    long x = 0;
    for (String t : texts) {
      x ^= encode(model, model.vectorizer().vectorize(t), pooled)[0];
    }
    return x;
  }

  private static long encodeVectors(HashModel model, SparseMatrix vectors, List<float[]> pooled) {
    long x = 0;
    for (int r = 0; r < vectors.numRows(); r++) {
      x ^= encode(model, vectors.row(r), pooled)[0];
    }
    return x;
  }

  private static long[] encode(HashModel model, SparseVector x, List<float[]> pooled) {
    return pooled.isEmpty() ? model.encode(x) : model.binarize(model.pool(model.hidden(x), pooled));
  }
}
