package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.data.Document;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import dev.semhash.training.indexing.SmallIndexes;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code encode} on the command line; the checks themselves are CodeReencoderTest's. */
class EncodeCommandTest {
  @TempDir Path tmp;

  /**
   * Indexes 30 documents with a 32-bit LSH model (seed 1) in {@code tmp/index} and writes another
   * LSH model of {@code bits} (seed 2), whose codes differ, to a file; returns that file.
   */
  private Path indexAndOtherModel(int bits) throws Exception {
    List<Document> docs = SmallIndexes.documents(30);
    Path model = tmp.resolve("other" + bits + ".hashmodel");
    try (HashModel indexed = SmallIndexes.lsh(docs, 32, 1);
        HashModel other = SmallIndexes.lsh(docs, bits, 2)) {
      SemanticIndexBuilder.build(docs, indexed, tmp.resolve("index"), "code", ProgressReporter.NONE);
      HashModelFormat.write(other, model);
    }
    return model;
  }

  @Test
  void aNewFieldIsRefusedPlainlyAndChangesNothing() throws Exception {
    Path model = indexAndOtherModel(64);
    Path index = tmp.resolve("index");
    Map<String, String> before = SmallIndexes.snapshot(index, "code", 32);
    CliTestSupport.Outcome outcome = CliTestSupport.run(
        "encode", "--index", index.toString(), "--model", model.toString(), "--field", "code64", "--no-progress");
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("error: field 'code64' is not in the index " + index
        + "; give --field one of its code fields: code"), outcome.err());
    assertEquals(before, SmallIndexes.snapshot(index, "code", 32));
  }

  @Test
  void aReportPathThatCannotBeWrittenFailsBeforeTheIndexChanges() throws Exception {
    Path model = indexAndOtherModel(32);
    Path index = tmp.resolve("index");
    Map<String, String> before = SmallIndexes.snapshot(index, "code", 32);
    Path notJson = tmp.resolve("notes.txt");
    java.nio.file.Files.writeString(notJson, "keep me");
    CliTestSupport.Outcome outcome = CliTestSupport.run(
        "encode", "--index", index.toString(), "--model", model.toString(), "--json", notJson.toString(), "--no-progress");
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("--json " + notJson + " exists and is not a JSON report"), outcome.err());
    // the other model's codes would differ: the index must still hold the first model's
    assertEquals(before, SmallIndexes.snapshot(index, "code", 32));
    assertEquals("keep me", java.nio.file.Files.readString(notJson));

    // nor may the report replace one of the index's own files
    Path inIndex;
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(index)) {
      inIndex = files.filter(f -> f.getFileName().toString().startsWith("segments_")).findFirst().orElseThrow();
    }
    outcome = CliTestSupport.run(
        "encode", "--index", index.toString(), "--model", model.toString(), "--json", inIndex.toString(), "--no-progress");
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("is a file of the input folder " + index), outcome.err());
    assertEquals(before, SmallIndexes.snapshot(index, "code", 32));
  }

  @Test
  void helpExamplesCopyAndOnlyItsOptionsShow() {
    SearchCommandTest.checkHelp(SemhashCommand.commandLine().getSubcommands().get("encode").getCommandSpec());
  }
}
