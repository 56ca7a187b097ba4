package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.data.Document;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import dev.semhash.training.indexing.SmallIndexes;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench-hamming} builds its own index and never replaces anyone else's. */
class BenchHammingCommandTest {
  @TempDir Path tmp;

  private Path codes(String name, int n) {
    Path file = tmp.resolve(name);
    assertEquals(0, CliTestSupport.run("make-codes", "--n", String.valueOf(n), "--bits", "32", "--out", file.toString())
        .exitCode());
    return file;
  }

  private CliTestSupport.Outcome bench(Path codes, Path queries, Path index) {
    return CliTestSupport.run("bench-hamming", "--codes", codes.toString(), "--queries", queries.toString(), "--bits",
        "32", "--k", "5", "--warmup", "1", "--index", index.toString(), "--no-progress");
  }

  @Test
  void aSearchIndexIsRefusedAndKeepsEveryDocument() throws Exception {
    List<Document> docs = SmallIndexes.documents(30);
    Path index = tmp.resolve("search-index");
    try (HashModel model = SmallIndexes.lsh(docs, 32, 1)) {
      SemanticIndexBuilder.build(docs, model, index, "code", ProgressReporter.NONE);
    }
    Map<String, String> before = SmallIndexes.snapshot(index, "code", 32);
    CliTestSupport.Outcome outcome = bench(codes("codes.bin", 100), codes("queries.bin", 10), index);
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("error: the index folder " + index + " holds an index that bench-hamming did not"
        + " build (30 documents), which indexing the codes would replace; give a new or empty folder"), outcome.err());
    assertEquals(before, SmallIndexes.snapshot(index, "code", 32));
  }

  @Test
  void aFolderOfOtherFilesIsRefusedAndItsOwnIndexIsRebuiltForOtherCodes() throws Exception {
    Path queries = codes("queries.bin", 10);
    Path codes = codes("codes.bin", 100);
    Path other = Files.createDirectories(tmp.resolve("photos"));
    Files.writeString(other.resolve("holiday.jpg"), "not an index");
    CliTestSupport.Outcome outcome = bench(codes, queries, other);
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("holds files but no index"), outcome.err());
    assertEquals("not an index", Files.readString(other.resolve("holiday.jpg")));

    // its own index, of another code file, is fair game
    Path own = tmp.resolve("bench-index");
    assertEquals(0, bench(codes, queries, own).exitCode());
    assertEquals(0, bench(codes("more.bin", 200), queries, own).exitCode());
  }
}
