package dev.semhash.training.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine;

/** Runs the command line in-process and reads its JSON output. */
final class CliTestSupport {
  private CliTestSupport() {}

  /** Exit code and error output of one run. */
  record Outcome(int exitCode, String err) {}

  static Outcome run(String... args) {
    CommandLine cli = SemhashCommand.commandLine();
    StringWriter err = new StringWriter();
    cli.setErr(new PrintWriter(err));
    int code = cli.execute(args);
    return new Outcome(code, err.toString());
  }

  static JsonNode json(Path file) throws IOException {
    return new ObjectMapper().readTree(file.toFile());
  }

  /** Writes docs.jsonl.gz with three clearly separated topics (train and test split). */
  static Path topicDataset(Path dir, int perTopicTrain, int perTopicTest) throws IOException {
    return topicDataset(dir, perTopicTrain, perTopicTest, null);
  }

  /**
   * As {@link #topicDataset(Path, int, int)}, but when {@code testLabel} is not null every test
   * document has that label instead of its topic's.
   */
  static Path topicDataset(Path dir, int perTopicTrain, int perTopicTest, String testLabel) throws IOException {
    String[][] topics = {
      {"rocket", "orbit", "launch", "satellite", "nasa", "moon", "space", "shuttle"},
      {"engine", "brake", "wheel", "dealer", "sedan", "tire", "car", "transmission"},
      {"church", "faith", "prayer", "bible", "god", "belief", "scripture", "worship"}
    };
    String[] labels = {"space", "autos", "religion"};
    java.util.Random random = new java.util.Random(7);
    StringBuilder out = new StringBuilder();
    int id = 0;
    for (String split : List.of("train", "test")) {
      int per = split.equals("train") ? perTopicTrain : perTopicTest;
      for (int t = 0; t < topics.length; t++) {
        for (int i = 0; i < per; i++) {
          StringBuilder text = new StringBuilder();
          for (int w = 0; w < 30; w++) {
            text.append(topics[t][random.nextInt(topics[t].length)]).append(' ');
            if (w % 5 == 0) {
              text.append(topics[random.nextInt(3)][random.nextInt(8)]).append(' ');
            }
          }
          out.append(String.format(
              "{\"id\": \"d%d\", \"text\": \"%s\", \"labels\": [\"%s\"], \"split\": \"%s\"}%n",
              id++, text.toString().strip(), testLabel != null && split.equals("test") ? testLabel : labels[t],
              split));
        }
      }
    }
    Files.createDirectories(dir);
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(dir.resolve("docs.jsonl.gz")))) {
      o.write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }
}
