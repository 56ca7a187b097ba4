package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs never replace an input or another kind of file, and are checked before the work. */
class OutputFilesTest {
  @TempDir Path tmp;

  private Path data() throws Exception {
    return CliTestSupport.topicDataset(tmp.resolve("topics"), 10, 2);
  }

  private static CliTestSupport.Outcome train(Path data, String... more) {
    String[] args = {"train", "--dataset", data.toString(), "--bits", "16", "--min-df", "1", "--no-progress"};
    String[] all = Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return CliTestSupport.run(all);
  }

  private static void assertRefused(CliTestSupport.Outcome r, String message) {
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.err().contains(message), r.err());
  }

  @Test
  void trainOutRefusesTheDatasetAndFilesOfAnotherKind() throws Exception {
    Path data = data();
    Path docs = data.resolve("docs.jsonl.gz");
    byte[] dataset = Files.readAllBytes(docs);
    assertRefused(train(data, "--out", docs.toString()), "is a file of the input folder " + data);
    assertRefused(train(data, "--out", data.toString()), "is also an input of this command");
    assertArrayEquals(dataset, Files.readAllBytes(docs), "the dataset is untouched");

    Path notes = tmp.resolve("notes.txt");
    Files.writeString(notes, "my notes");
    assertRefused(train(data, "--out", notes.toString()),
        "--out " + notes + " exists and is not a semhash hashing model; remove it or choose another path");
    assertEquals("my notes", Files.readString(notes));

    Path json = tmp.resolve("r.json");
    Files.writeString(json, "{\"a\": 1}");
    assertRefused(train(data, "--out", json.toString()), "exists and is not a semhash hashing model");

    // a model replaces a model, and an empty file loses nothing
    Path model = tmp.resolve("m.hashmodel");
    assertEquals(0, train(data, "--out", model.toString()).exitCode());
    CliTestSupport.Outcome again = train(data, "--out", model.toString(), "--seed", "9");
    assertEquals(0, again.exitCode(), again.err());
    Path empty = Files.createFile(tmp.resolve("empty.hashmodel"));
    assertEquals(0, train(data, "--out", empty.toString()).exitCode());
    assertTrue(Files.size(empty) > 0);
    // a rerank model is not a hashing model
    Path rerank = tmp.resolve("ssi.rerankmodel");
    assertEquals(0, CliTestSupport.run("train-rerank", "--model", "ssi", "--dataset", data.toString(), "--pairs",
        "labels", "--dim", "4", "--epochs", "1", "--max-positives", "2", "--out", rerank.toString(),
        "--no-progress").exitCode());
    assertRefused(train(data, "--out", rerank.toString()), "exists and is not a semhash hashing model");
    assertRefused(CliTestSupport.run("train-rerank", "--model", "ssi", "--dataset", data.toString(), "--pairs",
        "labels", "--out", model.toString(), "--no-progress"), "exists and is not a semhash rerank model");
  }

  @Test
  void trainJsonRefusesInputsAndFilesOfAnotherKindBeforeTraining() throws Exception {
    Path data = data();
    Path out = tmp.resolve("new.hashmodel");
    Path docs = data.resolve("docs.jsonl.gz");
    byte[] dataset = Files.readAllBytes(docs);
    assertRefused(train(data, "--out", out.toString(), "--json", docs.toString()), "is a file of the input folder");
    assertArrayEquals(dataset, Files.readAllBytes(docs));
    assertRefused(train(data, "--out", out.toString(), "--json", out.toString()), "is also an input of this command");

    Path model = tmp.resolve("m.hashmodel");
    assertEquals(0, train(data, "--out", model.toString()).exitCode());
    byte[] trained = Files.readAllBytes(model);
    assertRefused(train(data, "--out", out.toString(), "--json", model.toString()),
        "--json " + model + " exists and is not a JSON report; remove it or choose another path");
    assertArrayEquals(trained, Files.readAllBytes(model));
    assertFalse(Files.exists(out), "refused before training, so no model was written");

    // a JSON object is replaced
    Path json = tmp.resolve("r.json");
    Files.writeString(json, "  {\"old\": true}");
    assertEquals(0, train(data, "--out", out.toString(), "--json", json.toString()).exitCode());
    assertEquals("train", CliTestSupport.json(json).get("command").asText());
  }

  @Test
  void inspectJsonNeverReplacesTheModel() throws Exception {
    Path data = data();
    Path model = tmp.resolve("m.hashmodel");
    assertEquals(0, train(data, "--out", model.toString()).exitCode());
    byte[] trained = Files.readAllBytes(model);
    assertRefused(CliTestSupport.run("inspect", model.toString(), "--json", model.toString()),
        "--json " + model + " is also an input of this command");
    Path other = tmp.resolve("other.hashmodel");
    Files.copy(model, other);
    assertRefused(CliTestSupport.run("inspect", model.toString(), "--json", other.toString()),
        "exists and is not a JSON report");
    assertArrayEquals(trained, Files.readAllBytes(model));
    assertArrayEquals(trained, Files.readAllBytes(other));
  }

  @Test
  void foldersAndUnwritablePathsFailBeforeTraining() throws Exception {
    Path data = data();
    Path folder = Files.createDirectories(tmp.resolve("emptydir"));
    assertRefused(train(data, "--out", folder.toString()),
        "--out " + folder + " is a folder; give a file path such as " + folder.resolve("model.hashmodel"));
    Path file = Files.writeString(tmp.resolve("file"), "x");
    Path out = tmp.resolve("m.hashmodel");
    assertRefused(train(data, "--out", out.toString(), "--json", file.resolve("r.json").toString()),
        "--json " + file.resolve("r.json") + ": cannot make the folder " + file + ", since " + file + " is a file");
    assertRefused(train(data, "--method", "vdsh", "--epochs", "1", "--out", out.toString(), "--learning-curve",
        file.resolve("c.png").toString()), "--learning-curve " + file.resolve("c.png") + ": cannot make the folder");
    assertRefused(train(data, "--out", file.resolve("m.hashmodel").toString()), "cannot make the folder");
    assertFalse(Files.exists(out), "nothing trained, nothing written");
    try (var names = Files.list(tmp)) {
      assertTrue(names.noneMatch(p -> p.getFileName().toString().contains(".tmp")
          || p.getFileName().toString().endsWith(".probe")), "no temp file left behind");
    }
    // missing folders are fine: they are made when the file is written, not by the check
    Path deep = tmp.resolve("a/b/m.hashmodel");
    OutputFiles.check("--out", deep, OutputFiles.Kind.HASH_MODEL, data);
    assertFalse(Files.exists(tmp.resolve("a")));
    assertEquals(0, train(data, "--out", deep.toString()).exitCode());
  }

  @Test
  void jsonReportRefusesToReplaceAnotherKindOfFile() throws Exception {
    Path png = tmp.resolve("curve.png");
    Files.write(png, new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0});
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JsonReport.write(png, Map.of("a", 1)));
    assertTrue(e.getMessage().contains(png + " exists and is not a JSON report"), e.getMessage());
    OutputFiles.requireReplaceable("--learning-curve", png, OutputFiles.Kind.PNG);
    Path text = Files.writeString(tmp.resolve("t.png"), "not an image");
    assertThrows(IllegalArgumentException.class,
        () -> OutputFiles.requireReplaceable("--learning-curve", text, OutputFiles.Kind.PNG));
    Files.writeString(tmp.resolve("r.json"), "\n{}");
    JsonReport.write(tmp.resolve("r.json"), Map.of("a", 1));
    assertEquals(1, CliTestSupport.json(tmp.resolve("r.json")).get("a").asInt());
    try (var names = Files.list(tmp)) {
      assertTrue(names.noneMatch(p -> p.getFileName().toString().contains(".tmp")), "no temp file left behind");
    }
  }
}
