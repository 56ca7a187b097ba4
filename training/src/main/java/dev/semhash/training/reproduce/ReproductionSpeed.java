package dev.semhash.training.reproduce;

import static dev.semhash.training.reproduce.ReproductionReport.rate;
import static dev.semhash.training.reproduce.ReproductionReport.seconds;

import dev.semhash.training.bench.EncoderSpeed;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The reproduction's speed figures: seconds per epoch, training time and the encoder's documents
 * per second per core of every cell with training epochs, checked against issue 4's targets, as
 * the page's "Speed" section and as plain text for the terminal.
 */
final class ReproductionSpeed {
  /** Issue 4's targets: VDSH on 20 Newsgroups per epoch and per training, the encoder's rate. */
  static final double EPOCH_SECONDS_TARGET = 10;

  static final double TRAINING_SECONDS_TARGET = 300;

  static final double ENCODER_TARGET = 5000;

  private final Map<String, String> titles;
  private final List<String> methodOrder;
  private final List<CellResult> cells;

  /**
   * @param titles dataset keys, in page order, to their headings
   * @param methodOrder the methods in row order
   * @param cells the table's cells
   */
  ReproductionSpeed(Map<String, String> titles, List<String> methodOrder, List<CellResult> cells) {
    this.titles = titles;
    this.methodOrder = methodOrder;
    this.cells = cells;
  }

  /** Appends the page's "Speed" section to {@code md}. */
  void markdown(StringBuilder md) {
    md.append("\n## Speed\n\n");
    md.append(
        "Targets (issue 4): VDSH on 20 Newsgroups under 10 s per epoch and under 300 s per training"
            + " on\n");
    md.append(
        "the 2-core machine; the pure-Java encoder at least 5,000 documents per second per"
            + " core.\n");
    md.append(
        "Epoch and training times are wall time on a machine shared with other jobs; CPU s/epoch is"
            + " the\n");
    md.append(
        "process's CPU time over both cores, which other jobs do not inflate. The encoder rate\n");
    md.append(
        "is text to code (Lucene analysis, TF-IDF, the network, binarisation) of every test"
            + " document,\n");
    md.append("one thread, divided by that thread's CPU time. Since 2026-11-26 (cells with\n");
    md.append(
        String.format(
            Locale.ROOT,
            "`encoder.warm_up_cpu_seconds`) it is the fastest of %d timed passes of at least %s s,\n"
                + "after %s s of warm-up; before, one pass after a single warm-up pass, which on"
                + " CiteSeer's 661\n"
                + "test documents is too short for the JIT to compile the network's loops.\n"
                + "Cells with `encoder.retimed_by` had their encoder timed again from the model their\n"
                + "run kept (`reproduce --retime`, no training), on a quieter machine; the rest of\n"
                + "their figures come from the training run.\n\n",
            EncoderSpeed.TIMED_PASSES,
            BigDecimal.valueOf(EncoderSpeed.MIN_PASS_SECONDS).stripTrailingZeros().toPlainString(),
            BigDecimal.valueOf(EncoderSpeed.WARM_UP_SECONDS).stripTrailingZeros().toPlainString()));
    List<CellResult> timed = speedCells();
    if (timed.isEmpty()) {
      md.append("No cell with training epochs has been run yet.\n");
      return;
    }
    md.append(
        "| dataset | method | bits | epochs | s/epoch (mean) | CPU s/epoch (mean) | training s |"
            + " encoder docs/s/core |\n");
    md.append("|---|---|---|---|---|---|---|---|\n");
    for (CellResult c : timed) {
      md.append("| ")
          .append(titles.getOrDefault(c.dataset(), c.dataset()))
          .append(" | ")
          .append(c.method())
          .append(" | ")
          .append(c.bits())
          .append(" | ")
          .append(c.epochs())
          .append(" | ")
          .append(seconds(c.meanEpochSeconds()))
          .append(" | ")
          .append(seconds(c.meanEpochCpuSeconds()))
          .append(" | ")
          .append(seconds(c.trainSeconds()))
          .append(" | ")
          .append(rate(c.encoderDocsPerCoreSecond()))
          .append(" |\n");
    }
    List<CellResult> encoded =
        cells.stream().filter(c -> c.encoderDocsPerCoreSecond() != null).toList();
    if (encoded.isEmpty() == false) {
      md.append("\nEncoder, every cell: ").append(encoderRange(encoded)).append(".\n");
    }
    List<String> checks = targetChecks();
    if (checks.isEmpty() == false) {
      md.append("\nTargets:\n\n");
      checks.forEach(line -> md.append("- ").append(line).append('\n'));
    }
  }

  /** The speed targets, checked against the cells that measure them: one line each. */
  List<String> targetChecks() {
    List<String> lines = new ArrayList<>();
    for (CellResult c : speedCells()) {
      if (c.dataset().equals("20newsgroups") && c.method().equals("vdsh")) {
        double epoch = c.meanEpochSeconds();
        lines.add(
            String.format(
                Locale.ROOT,
                "VDSH on 20 Newsgroups, %d bits: %s s/epoch (under %.0f: %s), training %s s (under"
                    + " %.0f: %s)",
                c.bits(),
                seconds(epoch),
                EPOCH_SECONDS_TARGET,
                verdict(epoch < EPOCH_SECONDS_TARGET),
                seconds(c.trainSeconds()),
                TRAINING_SECONDS_TARGET,
                verdict(c.trainSeconds() < TRAINING_SECONDS_TARGET)));
      }
    }
    List<CellResult> encoded =
        cells.stream().filter(c -> c.encoderDocsPerCoreSecond() != null).toList();
    if (encoded.isEmpty() == false) {
      List<String> slow =
          encoded.stream()
              .filter(c -> c.encoderDocsPerCoreSecond() < ENCODER_TARGET)
              .map(c -> c.dataset() + " " + c.method() + " " + c.bits() + " (" + rate(c.encoderDocsPerCoreSecond())
                  + (c.encoderLoadAverage() == null ? "" : String.format(Locale.ROOT, ", load %.1f", c.encoderLoadAverage()))
                  + ")")
              .toList();
      lines.add(
          "Encoder at least "
              + rate(ENCODER_TARGET)
              + " docs/s/core: "
              + (slow.isEmpty()
                  ? "met by every cell (" + encoded.size() + ")"
                  : "missed by " + String.join(", ", slow)));
    }
    return lines;
  }

  private static String verdict(boolean met) {
    return met ? "met" : "missed";
  }

  /** Cells of iterative trainers (with epochs), by dataset, method order and code length. */
  private List<CellResult> speedCells() {
    List<String> datasets = new ArrayList<>(titles.keySet());
    List<CellResult> timed = new ArrayList<>(cells.stream().filter(c -> c.epochs() > 0).toList());
    timed.sort(
        (a, b) -> {
          int d = Integer.compare(index(datasets, a.dataset()), index(datasets, b.dataset()));
          if (d != 0) {
            return d;
          }
          int m = Integer.compare(index(methodOrder, a.method()), index(methodOrder, b.method()));
          return m != 0 ? m : Integer.compare(a.bits(), b.bits());
        });
    return timed;
  }

  private static int index(List<String> order, String s) {
    int i = order.indexOf(s);
    return i < 0 ? Integer.MAX_VALUE : i;
  }

  private static String encoderRange(List<CellResult> cells) {
    double min =
        cells.stream().mapToDouble(CellResult::encoderDocsPerCoreSecond).min().orElseThrow();
    double max =
        cells.stream().mapToDouble(CellResult::encoderDocsPerCoreSecond).max().orElseThrow();
    return rate(min)
        + " to "
        + rate(max)
        + " documents per second per core over "
        + cells.size()
        + " cells";
  }

  /** The speed figures as plain text for the terminal: every cell with training epochs. */
  String summary() {
    StringBuilder s =
        new StringBuilder(
            "Speed (wall time; encoder: text to code, one thread, per CPU second):\n");
    s.append(
        String.format(
            Locale.ROOT,
            "%-14s %-10s %5s %6s %9s %13s %10s %13s%n",
            "dataset",
            "method",
            "bits",
            "epochs",
            "s/epoch",
            "CPU s/epoch",
            "training s",
            "docs/s/core"));
    for (CellResult c : speedCells()) {
      s.append(
          String.format(
              Locale.ROOT,
              "%-14s %-10s %5d %6d %9s %13s %10s %13s%n",
              c.dataset(),
              c.method(),
              c.bits(),
              c.epochs(),
              seconds(c.meanEpochSeconds()),
              seconds(c.meanEpochCpuSeconds()),
              seconds(c.trainSeconds()),
              rate(c.encoderDocsPerCoreSecond())));
    }
    List<CellResult> encoded =
        cells.stream().filter(c -> c.encoderDocsPerCoreSecond() != null).toList();
    if (encoded.isEmpty() == false) {
      s.append("Encoder, every cell: ").append(encoderRange(encoded)).append('\n');
    }
    targetChecks().forEach(line -> s.append("Target: ").append(line).append('\n'));
    return s.toString();
  }
}
