package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.data.Document;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import dev.semhash.training.indexing.SmallIndexes;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Searches that would print meaningless hits fail instead, saying what to give. */
class SearchCommandTest {
  @TempDir Path tmp;
  private Path index;
  private Path indexedModel;
  private Path otherModel;

  @BeforeEach
  void buildIndex() throws Exception {
    List<Document> docs = SmallIndexes.documents(30);
    index = tmp.resolve("index");
    indexedModel = tmp.resolve("indexed.hashmodel");
    otherModel = tmp.resolve("other.hashmodel");
    try (HashModel indexed = SmallIndexes.lsh(docs, 32, 1);
        HashModel other = SmallIndexes.lsh(docs, 32, 2)) {
      SemanticIndexBuilder.build(docs, indexed, index, "code", ProgressReporter.NONE);
      HashModelFormat.write(indexed, indexedModel);
      HashModelFormat.write(other, otherModel);
    }
  }

  @Test
  void theModelTheIndexWasEncodedWithSearches() {
    CliTestSupport.Outcome ok = search(indexedModel, "--text", "rocket launch");
    assertEquals(0, ok.exitCode(), ok.err());
  }

  @Test
  void anotherModelThanTheIndexRecordsIsRefused() throws Exception {
    CliTestSupport.Outcome wrong = search(otherModel, "--text", "rocket launch");
    assertEquals(1, wrong.exitCode());
    assertTrue(wrong.err().contains("error: the index " + index + " was encoded with lsh, 32 bits, "), wrong.err());
    assertTrue(wrong.err().contains("seed 1, but " + otherModel + " is lsh, 32 bits, "), wrong.err());
    assertTrue(wrong.err().contains("give that model, or run encode with this one first"), wrong.err());

    // the same description, another training: other thresholds
    Path retrained = tmp.resolve("retrained.hashmodel");
    try (HashModel indexed = HashModelFormat.read(indexedModel)) {
      float[] thresholds = indexed.thresholds().clone();
      thresholds[0] += 0.25f;
      HashModelFormat.write(indexed.with(indexed.info(), indexed.layers(), thresholds), retrained);
    }
    CliTestSupport.Outcome other = search(retrained, "--text", "rocket launch");
    assertEquals(1, other.exitCode(), other.err());
    assertTrue(other.err().contains("was encoded with another training of lsh, 32 bits, "), other.err());
    assertTrue(other.err().contains("give the model it was encoded with, or run encode with this one first"), other.err());
    // the same model read again is the same model
    CliTestSupport.Outcome same = search(indexedModel, "--text", "rocket launch");
    assertEquals(0, same.exitCode(), same.err());

    // an index that records no model (built by user code) is taken on trust
    try (HashModel indexed = HashModelFormat.read(indexedModel);
        FSDirectory dir = FSDirectory.open(index);
        IndexWriter writer = new IndexWriter(dir, SemanticIndexBuilder.config(indexed, "code")
            .setOpenMode(IndexWriterConfig.OpenMode.APPEND))) {
      writer.setLiveCommitData(Map.<String, String>of().entrySet());
      writer.commit();
    }
    CliTestSupport.Outcome trusted = search(otherModel, "--text", "rocket launch");
    assertEquals(0, trusted.exitCode(), trusted.err());
  }

  @Test
  void aTextWithNoVocabularyTermIsRefused() {
    for (String text : new String[] {"", "the and of", "zzqxj qqwvv"}) {
      CliTestSupport.Outcome none = search(indexedModel, "--text", text);
      assertEquals(1, none.exitCode(), text);
      assertTrue(none.err().contains("error: no term of the text '" + text + "' is in the model's vocabulary"),
          none.err());
    }
  }

  @Test
  void aFieldWithoutCodesIsRefused() {
    CliTestSupport.Outcome unknown = search(indexedModel, "--text", "rocket", "--field", "nosuch");
    assertEquals(1, unknown.exitCode());
    assertTrue(unknown.err().contains("error: field 'nosuch' is not in the index " + index
        + "; give --field one of its code fields: code"), unknown.err());
    CliTestSupport.Outcome id = search(indexedModel, "--text", "rocket", "--field", "id");
    assertEquals(1, id.exitCode());
    assertTrue(id.err().contains("error: field 'id' holds no codes"), id.err());
  }

  @Test
  void exclusiveOptionsAreNamedOnceAsAnError() {
    CliTestSupport.Outcome both = search(indexedModel, "--text", "rocket", "--radius", "1"); // search() gives --k 3
    assertEquals(2, both.exitCode(), both.err());
    assertTrue(both.err().startsWith("error: --k=K, --radius=R are mutually exclusive"), both.err());
  }

  @Test
  void aMistypedIndexFolderIsNotCreated() {
    Path typo = tmp.resolve("indx/deeper");
    CliTestSupport.Outcome outcome =
        CliTestSupport.run("search", "--index", typo.toString(), "--model", indexedModel.toString(), "--text", "rocket");
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("error: no index at " + typo + ": no such folder; give the folder of a Lucene"
        + " index (for instance semhash-work/demo/index"), outcome.err());
    assertFalse(Files.exists(tmp.resolve("indx")));
  }

  @Test
  void helpGivesTheDemosModelAndCopyableExamplesOnly() {
    CommandLine cli = SemhashCommand.commandLine();
    CommandSpec demo = cli.getSubcommands().get("demo").getCommandSpec();
    String demoModel = demo.findOption("--work-dir").defaultValue() + "/demo/"
        + demo.findOption("--method").defaultValue() + "-" + demo.findOption("--bits").defaultValue() + ".hashmodel";
    CommandSpec search = cli.getSubcommands().get("search").getCommandSpec();
    assertTrue(String.join("\n", search.usageMessage().description()).contains("--model " + demoModel + " \\"),
        String.join("\n", search.usageMessage().description()));
    checkHelp(search);
  }

  /** Examples copy and paste (no line wrapped, each continued line ends in a backslash); no --seed, --work-dir. */
  static void checkHelp(CommandSpec command) {
    String[] lines = command.usageMessage().description();
    for (int i = 0; i < lines.length; i++) {
      assertTrue(lines[i].length() <= 80, "wrapped at 80 columns: " + lines[i]);
      if (lines[i].startsWith("      ")) {
        assertTrue(lines[i - 1].endsWith(" \\"), "continued without a backslash: " + lines[i - 1]);
      }
    }
    assertEquals(null, command.findOption("--seed"));
    assertEquals(null, command.findOption("--work-dir"));
  }

  private CliTestSupport.Outcome search(Path model, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("search", "--index", index.toString(), "--model",
        model.toString(), "--k", "3", "--no-progress"));
    args.addAll(List.of(more));
    return CliTestSupport.run(args.toArray(String[]::new));
  }
}
