package dev.semhash.training.progress;

import java.io.PrintStream;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Draws progress bars with rate and time left on standard error. On a terminal the bar redraws in
 * place; when standard error is not a terminal (CI logs, pipes) it prints a plain line every few
 * seconds instead, so logs stay readable. A message (an epoch's losses, say) gets a line of its own
 * above the bar rather than squeezing the bar off its line.
 */
public final class TerminalProgressReporter implements ProgressReporter {
  /** Units that take seconds to minutes each: their rate is shown per minute, not as "0.0/s". */
  static final Set<String> SLOW_UNITS = Set.of("epochs", "cells", "restarts");

  private final PrintStream err;
  private final boolean interactive;

  public TerminalProgressReporter(PrintStream err) {
    this.err = err;
    this.interactive = System.console() != null;
  }

  @Override
  public Progress start(String task, long total, String unit) {
    ProgressBarBuilder builder =
        new ProgressBarBuilder()
            .setTaskName(task)
            .setInitialMax(total)
            .setUnit(" " + unit, 1)
            .showSpeed()
            .setSpeedUnit(SLOW_UNITS.contains(unit) ? ChronoUnit.MINUTES : ChronoUnit.SECONDS)
            .setMaxRenderedLength(110);
    DistinctLines lines = interactive ? null : new DistinctLines(err);
    if (interactive) {
      builder.setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setConsumer(new ConsoleProgressBarConsumer(err));
    } else {
      builder
          .setStyle(ProgressBarStyle.ASCII)
          .setUpdateIntervalMillis(5000)
          .setConsumer(new DelegatingProgressBarConsumer(lines, 110));
    }
    ProgressBar bar = builder.build();
    return new Progress() {
      @Override
      public void step(long n) {
        bar.stepBy(n);
      }

      @Override
      public void message(String message) {
        if (lines != null) {
          lines.accept(message);
        } else {
          synchronized (err) {
            // return to the line's start and clear it (ANSI), so the bar redraws below the message
            err.print("\r\u001b[K" + message + System.lineSeparator());
            err.flush();
          }
        }
      }

      @Override
      public void close() {
        bar.close();
      }
    };
  }

  /** Prints each line unless it repeats the previous one (the bar re-renders on close). */
  private static final class DistinctLines implements java.util.function.Consumer<String> {
    private final PrintStream out;
    private String last = "";

    DistinctLines(PrintStream out) {
      this.out = out;
    }

    @Override
    public synchronized void accept(String line) {
      String stripped = line.strip();
      if (stripped.equals(last) == false) {
        out.println(stripped);
        last = stripped;
      }
    }
  }

  /** Formats a duration as {@code 1m 05s} for summaries. */
  public static String format(Duration d) {
    long s = d.toSeconds();
    return s >= 60 ? String.format("%dm %02ds", s / 60, s % 60) : String.format("%.1fs", d.toMillis() / 1000.0);
  }
}
