package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The top-level command: error messages and every command's help text. */
class SemhashCommandTest {
  @Test
  void outOfMemorySaysHowToGiveMoreWithEveryDefaultSetting() {
    String direct = SemhashCommand.outOfMemory(new OutOfMemoryError("Java heap space"));
    // SEMHASH_JAVA_OPTS replaces all four defaults of ./semhash, so the hint gives all four
    for (String part : new String[] {"out of memory (Java heap space)", "SEMHASH_JAVA_OPTS", "-Xmx16g", "-Xmn128m",
        "-Dorg.bytedeco.javacpp.maxbytes=4g", "-Dorg.bytedeco.javacpp.maxphysicalbytes=14g"}) {
      assertTrue(direct.contains(part), direct);
    }
    // thrown in a worker thread, it arrives wrapped in an exception
    assertEquals(direct, SemhashCommand.describe(
        new RuntimeException("java.lang.OutOfMemoryError: Java heap space", new OutOfMemoryError("Java heap space"))));
  }

  @Test
  void anArgumentStartingWithAnAtSignIsTakenAsItIs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws Exception {
    // picocli would read @FILE as a file of arguments: a folder gave a stack trace, a file its words
    java.nio.file.Path folder = java.nio.file.Files.createDirectory(tmp.resolve("work"));
    CliTestSupport.Outcome outcome = CliTestSupport.run("inspect", "@" + folder);
    assertEquals(1, outcome.exitCode(), outcome.err());
    assertTrue(outcome.err().startsWith("error: "), outcome.err());
    assertTrue(outcome.err().contains("@" + folder), outcome.err());
    assertFalse(outcome.err().contains("argument file"), outcome.err());
    assertFalse(outcome.err().contains("\tat "), outcome.err());
  }

  @Test
  void aMistypedRequiredOptionIsNamedWithTheOneMeant() {
    CliTestSupport.Outcome typo = CliTestSupport.run("train", "--datset", "somewhere", "--out", "m.hashmodel");
    assertEquals(2, typo.exitCode(), typo.err());
    assertTrue(typo.err().startsWith("error: Unknown option: '--datset'\nPossible solutions: --dataset\n"), typo.err());
    assertTrue(typo.err().contains("see './semhash train --help'"), typo.err());
    // without a typo, the missing option is still what is said
    CliTestSupport.Outcome missing = CliTestSupport.run("train", "--out", "m.hashmodel");
    assertTrue(missing.err().startsWith("error: Missing required option: '--dataset=DIR'"), missing.err());
  }

  @Test
  void aFileAsTheWorkFolderIsRefusedBeforeAnyWork(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws Exception {
    java.nio.file.Path file = java.nio.file.Files.writeString(tmp.resolve("keep.txt"), "notes");
    CliTestSupport.Outcome outcome =
        CliTestSupport.run("neighbors", "--dataset", tmp.toString(), "--work-dir", file.toString());
    assertEquals(2, outcome.exitCode(), outcome.err());
    assertTrue(outcome.err().startsWith("error: --work-dir " + file + " is a file; give a folder for indexes and"
        + " caches"), outcome.err());
    assertEquals("notes", java.nio.file.Files.readString(file));
  }

  private static String help(String command) {
    CommandLine sub = SemhashCommand.commandLine().getSubcommands().get(command);
    sub.setUsageHelpAutoWidth(false);
    sub.setUsageHelpWidth(80);
    return sub.getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  @Test
  void inputErrorsSayWhatIsWrongWithoutTheStackTraceHint(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
    CliTestSupport.Outcome missing = CliTestSupport.run("inspect", tmp.resolve("none.hashmodel").toString());
    assertEquals(1, missing.exitCode(), missing.err());
    assertTrue(missing.err().startsWith("error: "), missing.err());
    assertFalse(missing.err().contains("SEMHASH_DEBUG"), missing.err());
    assertTrue(SemhashCommand.isInputError(new IllegalArgumentException("bad")));
    assertFalse(SemhashCommand.isInputError(new IllegalStateException("a bug")));
    assertFalse(SemhashCommand.isInputError(new java.io.IOException("disk")));
  }

  @Test
  void aMistypedOptionGetsASuggestionNotTheWholeUsage() {
    CliTestSupport.Outcome r = CliTestSupport.run("train", "--dataset", "d", "--out", "m.hashmodel", "--epochz", "3");
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.err().startsWith("error: Unknown options: '--epochz'"), r.err());
    assertTrue(r.err().contains("--epochs"), "a suggestion: " + r.err());
    assertTrue(r.err().contains("see './semhash train --help'"), r.err());
    assertTrue(r.err().lines().count() < 10, r.err());
    CliTestSupport.Outcome top = CliTestSupport.run("trian");
    assertEquals(2, top.exitCode(), top.err());
    assertTrue(top.err().contains("see './semhash --help'"), top.err());
  }

  @Test
  void namesAreReadWhateverTheirCase(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
    // both get past parsing (exit 2 would be a parse error) to the missing dataset
    for (String[] run : new String[][] {
      {"train", "--method", "VDSH", "--dataset", tmp.resolve("none").toString(), "--out", tmp.resolve("m.hashmodel").toString()},
      {"train-rerank", "--model", "SSI", "--dataset", tmp.resolve("none").toString(), "--out", tmp.resolve("m.rerankmodel").toString()}
    }) {
      CliTestSupport.Outcome r = CliTestSupport.run(run);
      assertEquals(1, r.exitCode(), run[0] + ": " + r.err());
    }
  }

  @Test
  void helpTextsFitEightyColumns() {
    List<String> problems = new ArrayList<>();
    for (String command : List.of("demo", "train", "binarize", "eval-hash", "eval-rerank", "neighbors", "inspect",
        "bench-rerank", "train-rerank", "reproduce")) {
      // picocli wraps a description line wider than the help at a space, so an example so broken cannot
      // be pasted ("--k" / "20") and a sentence breaks in odd places ("the" / ".rerankmodel")
      for (String line : SemhashCommand.commandLine().getSubcommands().get(command).getCommandSpec().usageMessage()
          .description()) {
        if (line.codePointCount(0, line.length()) > 80) {
          problems.add(command + ": description line wider than 80 columns: " + line);
        }
      }
      String[] lines = help(command).split("\n");
      for (int i = 0; i < lines.length; i++) {
        String line = lines[i];
        String next = i + 1 < lines.length ? lines[i + 1] : "";
        // a word broken inside by the wrapping, such as queries.jsonl. / gz
        if (line.matches(".*[a-z]\\.[a-z]+\\.$") && next.strip().matches("[a-z]{1,4}\\.?")) {
          problems.add(command + ": word broken across lines: " + line + " / " + next.strip());
        }
        // a placeholder that names a Java field instead of what to give (CommonOptions' --seed aside)
        if (line.replace("--seed=<seed>", "").matches(".*--[a-z0-9-]+=<[A-Za-z]+>.*")) {
          problems.add(command + ": placeholder without a paramLabel: " + line);
        }
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @Test
  void helpTextsSayWhatTheCommandsDo() {
    Map<String, String> says = Map.of(
        "eval-hash", "precision within Hamming radius 2",
        "demo", "--work-dir/demo (by default semhash-work/demo)");
    says.forEach((command, text) -> assertTrue(help(command).contains(text), command + ": " + help(command)));
    for (String command : List.of("train", "inspect")) {
      String help = help(command).replaceAll("\\s+", " ");
      assertTrue(help.contains("Only eval-hash can train several models in one run (a list of --bits, or --seeds)"), help);
      assertFalse(help.contains("Several models (a list of --bits"), help);
    }
    assertFalse(help("eval-hash").contains("NDCG@100, radius 2"));
  }
}
