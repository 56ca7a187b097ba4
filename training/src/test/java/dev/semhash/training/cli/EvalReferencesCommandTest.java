package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalReferencesCommandTest {
  @TempDir Path tmp;

  /**
   * Three topics of 60 training documents each: no ranking puts more than 60 relevant documents in
   * the top 100, so the ceiling is exactly 0.6; the topics' own words let both references reach it.
   */
  @Test
  void writesTheCeilingTheCosineAndThePosteriorDeterministically() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 60, 10);
    Path a = tmp.resolve("a.json");
    Path b = tmp.resolve("b.json");
    for (Path out : new Path[] {a, b}) {
      CliTestSupport.Outcome r =
          CliTestSupport.run("eval-references", "--dataset", data.toString(), "--min-df", "1",
              "--json", out.toString(), "--no-progress", "--seed", "5");
      assertEquals(0, r.exitCode(), r.err());
    }
    JsonNode json = CliTestSupport.json(a);
    assertEquals("eval-references", json.get("command").asText());
    assertEquals("test", json.get("evaluated_on").asText());
    assertEquals(5, json.get("seed").asLong());
    assertEquals(30, json.get("queries").asInt());
    assertEquals(180, json.get("train_documents").asInt());
    assertEquals(0.6, json.get("prec@100_ceiling").asDouble(), 0);
    assertTrue(json.get("cosine").get("prec@100").asDouble() > 0.5, json.toString());
    JsonNode posterior = json.get("label_posterior");
    assertEquals(0.6, posterior.get("prec@100").asDouble(), 1e-9, json.toString());
    assertEquals(1.0, posterior.get("top_label_accuracy").asDouble(), 0);
    assertEquals(30, posterior.get("classifier").get("epochs").asInt());
    assertEquals(5, posterior.get("classifier").get("seed").asLong());
    assertEquals("tfidf", json.get("settings").get("weighting").asText());
    JsonNode again = CliTestSupport.json(b);
    assertEquals(json.get("cosine"), again.get("cosine"));
    assertEquals(posterior.get("prec@100"), again.get("label_posterior").get("prec@100"));
  }

  @Test
  void theQueriesAreChosenOneWayAtATime() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 10, 2);
    CliTestSupport.Outcome both =
        CliTestSupport.run("eval-references", "--dataset", data.toString(), "--validation", "0.2",
            "--random-split", "0.1", "--no-progress");
    assertEquals(1, both.exitCode());
    assertTrue(both.err().contains("--validation and --random-split each choose the queries; give one of them"), both.err());
    CliTestSupport.Outcome epochs =
        CliTestSupport.run("eval-references", "--dataset", data.toString(), "--classifier-epochs", "0", "--no-progress");
    assertEquals(1, epochs.exitCode());
    assertTrue(epochs.err().contains("--classifier-epochs must be 1 to 1000, got 0"), epochs.err());
  }

  @Test
  void aDatasetWithoutLabelsOrWithoutTestDocumentsIsRefused() throws Exception {
    Path unlabelled = tmp.resolve("unlabelled");
    Path noTest = tmp.resolve("no-test");
    write(unlabelled, "{\"id\": \"a\", \"text\": \"rocket orbit\", \"labels\": [], \"split\": \"train\"}\n"
        + "{\"id\": \"b\", \"text\": \"rocket moon\", \"labels\": [], \"split\": \"test\"}\n");
    write(noTest, "{\"id\": \"a\", \"text\": \"rocket orbit\", \"labels\": [\"space\"], \"split\": \"train\"}\n"
        + "{\"id\": \"b\", \"text\": \"rocket moon\", \"labels\": [\"space\"], \"split\": \"train\"}\n");
    CliTestSupport.Outcome none =
        CliTestSupport.run("eval-references", "--dataset", unlabelled.toString(), "--min-df", "1", "--no-progress");
    assertEquals(1, none.exitCode());
    assertTrue(none.err().contains("no training document of " + unlabelled + " has a label; eval-references judges"
        + " relevance by shared labels"), none.err());
    CliTestSupport.Outcome trainOnly =
        CliTestSupport.run("eval-references", "--dataset", noTest.toString(), "--min-df", "1", "--no-progress");
    assertEquals(1, trainOnly.exitCode());
    assertTrue(trainOnly.err().contains(
        "dataset " + noTest + " has no document with split \"test\"; the queries are test documents, or give"
            + " --validation 0.2 to draw them from the training documents"), trainOnly.err());
  }

  private static void write(Path dir, String jsonLines) throws Exception {
    java.nio.file.Files.createDirectories(dir);
    try (java.io.OutputStream o =
        new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(dir.resolve("docs.jsonl.gz")))) {
      o.write(jsonLines.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  @Test
  void aRandomSplitPoolsBothSplits() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path out = tmp.resolve("split.json");
    CliTestSupport.Outcome r =
        CliTestSupport.run("eval-references", "--dataset", data.toString(), "--min-df", "1",
            "--random-split", "0.2", "--json", out.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode json = CliTestSupport.json(out);
    assertEquals("random_split", json.get("evaluated_on").asText());
    assertEquals(15, json.get("queries").asInt()); // 0.2 x 75 documents
    assertEquals(60, json.get("train_documents").asInt());
  }
}
