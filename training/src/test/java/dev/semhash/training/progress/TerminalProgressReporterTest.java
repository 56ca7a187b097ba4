package dev.semhash.training.progress;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plain-line mode that logs and CI see (tests run without a console). */
class TerminalProgressReporterTest {

  @Test
  void messagesGetTheirOwnLineAndSlowUnitsARatePerMinute() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    String message = "epoch 1: loss 8555.43, validation 8122.41 (reconstruction 8100.00; KL 171.56), KL weight"
        + " 0.020, 8.3 s (13.1 s CPU; SameDiff 7.6 s, first layer 0.5 s)";
    try (ProgressReporter.Progress p = new TerminalProgressReporter(err).start("VDSH epochs", 2, "epochs")) {
      p.step(1);
      p.message(message);
      p.step(1);
    }
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertTrue(lines.contains(message), "the whole message on a line of its own: " + lines);
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("VDSH epochs 100%") && l.contains("epochs/min")),
        "the final bar, with a rate per minute: " + lines);
  }

  @Test
  void fastUnitsKeepARatePerSecond() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (ProgressReporter.Progress p = new TerminalProgressReporter(err).start("encoding", 10, "docs")) {
      p.step(10);
    }
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("docs/s"), out);
  }
}
