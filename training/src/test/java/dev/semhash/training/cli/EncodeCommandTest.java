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

  @Test
  void aNewFieldIsRefusedPlainlyAndChangesNothing() throws Exception {
    List<Document> docs = SmallIndexes.documents(30);
    Path index = tmp.resolve("index");
    Path model = tmp.resolve("wide.hashmodel");
    try (HashModel indexed = SmallIndexes.lsh(docs, 32, 1);
        HashModel wide = SmallIndexes.lsh(docs, 64, 2)) {
      SemanticIndexBuilder.build(docs, indexed, index, "code", ProgressReporter.NONE);
      HashModelFormat.write(wide, model);
    }
    Map<String, String> before = SmallIndexes.snapshot(index, "code", 32);
    CliTestSupport.Outcome outcome = CliTestSupport.run(
        "encode", "--index", index.toString(), "--model", model.toString(), "--field", "code64", "--no-progress");
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("error: field 'code64' is not in the index " + index
        + "; give --field one of its code fields: code"), outcome.err());
    assertEquals(before, SmallIndexes.snapshot(index, "code", 32));
  }

  @Test
  void helpExamplesCopyAndOnlyItsOptionsShow() {
    SearchCommandTest.checkHelp(SemhashCommand.commandLine().getSubcommands().get("encode").getCommandSpec());
  }
}
