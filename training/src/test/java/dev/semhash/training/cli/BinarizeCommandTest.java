package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code semhash binarize} and {@code eval-hash --model FILE --binarization B}: one trained
 * network, its codes made again without training.
 */
class BinarizeCommandTest {
  @TempDir Path tmp;

  @Test
  void aRebinarisedModelFileScoresAsEvalHashWithBinarization() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 30, 5);
    Path median = tmp.resolve("median.hashmodel");
    CliTestSupport.Outcome trained = CliTestSupport.run("train", "--dataset", data.toString(), "--method", "vdsh",
        "--bits", "16", "--min-df", "1", "--hidden", "16", "--epochs", "3", "--out", median.toString(), "--no-progress");
    assertEquals(0, trained.exitCode(), trained.err());

    Path itq = tmp.resolve("itq.hashmodel");
    Path report = tmp.resolve("binarize.json");
    CliTestSupport.Outcome b = CliTestSupport.run("binarize", "--model", median.toString(), "--dataset", data.toString(),
        "--binarization", "itq", "--out", itq.toString(), "--json", report.toString(), "--no-progress", "--seed", "5");
    assertEquals(0, b.exitCode(), b.err());
    JsonNode json = CliTestSupport.json(report);
    assertEquals("itq", json.get("binarization").asText());
    assertEquals("median", json.get("rebinarized_from").asText());
    assertEquals(90, json.get("train_documents").asInt());
    assertEquals(5, json.get("seed").asLong());

    Path fromFile = tmp.resolve("from-file.json");
    Path onTheFly = tmp.resolve("on-the-fly.json");
    Path plain = tmp.resolve("plain.json");
    assertEquals(0, CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", itq.toString(),
        "--json", fromFile.toString(), "--no-progress").exitCode());
    CliTestSupport.Outcome e = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", median.toString(),
        "--binarization", "itq", "--seed", "5", "--json", onTheFly.toString(), "--no-progress");
    assertEquals(0, e.exitCode(), e.err());
    assertEquals(0, CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", median.toString(),
        "--json", plain.toString(), "--no-progress").exitCode());
    for (String key : new String[] {"prec@100", "ndcg@100", "prec@r2"}) {
      assertEquals(CliTestSupport.json(fromFile).get(key).asDouble(), CliTestSupport.json(onTheFly).get(key).asDouble(), 0, key);
    }
    assertEquals("itq", CliTestSupport.json(onTheFly).get("model_info").get("binarization").asText());
    assertEquals("median", CliTestSupport.json(plain).get("model_info").get("binarization").asText());
    assertFalse(CliTestSupport.json(plain).get("model_info").has("rebinarized_from"));
  }

  @Test
  void badRequestsSayWhatIsWrongAndKeepTheModel() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 10, 2);
    Path lsh = tmp.resolve("lsh.hashmodel");
    assertEquals(0, CliTestSupport.run("train", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
        "--out", lsh.toString(), "--no-progress").exitCode());
    byte[] before = Files.readAllBytes(lsh);

    CliTestSupport.Outcome same = CliTestSupport.run("binarize", "--model", lsh.toString(), "--dataset", data.toString(),
        "--binarization", "median", "--out", lsh.toString(), "--no-progress");
    assertEquals(1, same.exitCode());
    assertTrue(same.err().contains("is also an input of this command"), same.err());

    CliTestSupport.Outcome itq = CliTestSupport.run("binarize", "--model", lsh.toString(), "--dataset", data.toString(),
        "--binarization", "itq", "--out", tmp.resolve("x.hashmodel").toString(), "--no-progress");
    assertEquals(1, itq.exitCode());
    assertTrue(itq.err().contains("ITQ applies to the neural methods"), itq.err());
    assertFalse(Files.exists(tmp.resolve("x.hashmodel")), "nothing written on failure");

    CliTestSupport.Outcome unknown = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", lsh.toString(),
        "--binarization", "magic", "--no-progress");
    assertEquals(1, unknown.exitCode());
    assertTrue(unknown.err().contains("choose one of median, sign, itq"), unknown.err());

    CliTestSupport.Outcome epochs = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", lsh.toString(),
        "--epochs", "3", "--no-progress");
    assertEquals(1, epochs.exitCode());
    assertTrue(epochs.err().contains("--epochs cannot apply to it"), epochs.err());
    assertArrayEquals(before, Files.readAllBytes(lsh), "the model file is untouched");

    // a dataset whose texts share no word with the model's vocabulary: every document one code
    Path foreign = tmp.resolve("foreign");
    Files.createDirectories(foreign);
    StringBuilder docs = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      docs.append("{\"id\": \"x").append(i).append("\", \"text\": \"quark gluon boson lepton\", \"labels\": [\"")
          .append(i % 2 == 0 ? "a" : "b").append("\"], \"split\": \"").append(i < 8 ? "train" : "test").append("\"}\n");
    }
    try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(foreign.resolve("docs.jsonl.gz")))) {
      o.write(docs.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    CliTestSupport.Outcome other = CliTestSupport.run("binarize", "--model", lsh.toString(), "--dataset",
        foreign.toString(), "--binarization", "median", "--out", tmp.resolve("y.hashmodel").toString(), "--no-progress");
    assertEquals(1, other.exitCode());
    assertTrue(other.err().contains("8 of the 8 documents of the training documents of foreign hold none of the"
        + " model's"), other.err());
    assertFalse(Files.exists(tmp.resolve("y.hashmodel")), "nothing written on failure");
    CliTestSupport.Outcome evaluated = CliTestSupport.run("eval-hash", "--dataset", foreign.toString(), "--model",
        lsh.toString(), "--no-progress");
    assertEquals(1, evaluated.exitCode());
    assertTrue(evaluated.err().contains("12 of the 12 documents of foreign hold none of the model's"), evaluated.err());
  }
}
