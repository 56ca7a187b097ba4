package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainCommandTest {
  @TempDir Path tmp;

  @Test
  void countsTheTrainingDocumentsWithoutAVocabularyTerm() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 10, 2);
    // two more training documents that the analyzer leaves nothing of: stop words only
    ByteArrayOutputStream docs = new ByteArrayOutputStream();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(data.resolve("docs.jsonl.gz")))) {
      in.transferTo(docs);
    }
    docs.write(("{\"id\": \"s1\", \"text\": \"the and of\", \"labels\": [\"space\"], \"split\": \"train\"}\n"
            + "{\"id\": \"s2\", \"text\": \"a an the\", \"labels\": [\"autos\"], \"split\": \"train\"}\n")
        .getBytes(StandardCharsets.UTF_8));
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(data.resolve("docs.jsonl.gz")))) {
      docs.writeTo(out);
    }
    Path model = tmp.resolve("lsh.hashmodel");
    Path json = tmp.resolve("train.json");
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    CliTestSupport.Outcome r;
    try {
      r = CliTestSupport.run(
          "train", "--method", "lsh", "--dataset", data.toString(), "--bits", "16", "--out", model.toString(),
          "--json", json.toString(), "--no-progress");
    } finally {
      System.setOut(out);
    }
    assertEquals(0, r.exitCode(), r.err());
    String printed = captured.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("on 32 documents"), printed);
    assertTrue(printed.contains("2 of them have no vocabulary term"), printed);
    assertEquals(2, CliTestSupport.json(json).get("documents_without_vocabulary_term").asInt());
  }
}
