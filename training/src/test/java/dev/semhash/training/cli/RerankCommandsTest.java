package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * train-rerank with each pair source, eval-rerank's document tasks, bench-rerank, and their
 * errors, on small generated collections. Runs in about 5 s.
 */
class RerankCommandsTest {
  @TempDir Path tmp;

  private static void gz(Path file, String text) throws Exception {
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(file))) {
      o.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void trainRerankFromLabelsAndWeakPairs() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    for (String pairs : new String[] {"labels", "weak"}) {
      Path model = tmp.resolve(pairs + ".rerankmodel");
      Path json = tmp.resolve(pairs + ".json");
      CliTestSupport.Outcome r = CliTestSupport.run("train-rerank", "--model", "ssi", "--dataset", data.toString(), "--pairs", pairs,
          "--dim", "4", "--epochs", "2", "--max-positives", "2", "--out", model.toString(), "--json", json.toString(), "--no-progress");
      assertEquals(0, r.exitCode(), r.err());
      RerankModel m = RerankModelFormat.read(model);
      assertEquals(4, m.dimension());
      assertEquals(pairs, CliTestSupport.json(json).get("pairs").asText());
    }
    Path diagonal = tmp.resolve("diagonal.rerankmodel");
    CliTestSupport.Outcome d = CliTestSupport.run("train-rerank", "--model", "ssi", "--ssi-variant", "diagonal", "--dataset",
        data.toString(), "--epochs", "1", "--max-positives", "1", "--out", diagonal.toString(), "--no-progress");
    assertEquals(0, d.exitCode(), d.err());
    assertEquals(RerankModel.Kind.TERM_MATRIX, RerankModelFormat.read(diagonal).kind());

    CliTestSupport.Outcome noLinks = CliTestSupport.run("train-rerank", "--model", "ssi", "--dataset", data.toString(), "--pairs", "links",
        "--out", tmp.resolve("x").toString(), "--no-progress");
    assertEquals(1, noLinks.exitCode());
    assertTrue(noLinks.err().contains("no link between the documents"), noLinks.err());
    CliTestSupport.Outcome noQrels = CliTestSupport.run("train-rerank", "--model", "ssi", "--dataset", data.toString(), "--pairs", "qrels",
        "--out", tmp.resolve("x").toString(), "--no-progress");
    assertEquals(1, noQrels.exitCode());
    assertTrue(noQrels.err().contains("--pairs qrels needs"), noQrels.err());
    CliTestSupport.Outcome badVariant = CliTestSupport.run("train-rerank", "--model", "ssi", "--ssi-variant", "dense", "--dataset",
        data.toString(), "--out", tmp.resolve("x").toString(), "--no-progress");
    assertEquals(1, badVariant.exitCode());
    assertTrue(badVariant.err().contains("unknown SSI variant 'dense'"), badVariant.err());
    // no epoch would keep the untrained start as the "best" model
    for (String model : new String[] {"ssi", "s2net", "dse", "dssm"}) {
      Path untrained = tmp.resolve("untrained-" + model + ".rerankmodel");
      CliTestSupport.Outcome zero = CliTestSupport.run("train-rerank", "--model", model, "--dataset", data.toString(),
          "--epochs", "0", "--out", untrained.toString(), "--no-progress");
      assertEquals(1, zero.exitCode(), model);
      assertTrue(zero.err().contains("error: --epochs must be at least 1, got 0"), zero.err());
      assertTrue(java.nio.file.Files.exists(untrained) == false, model);
    }
    // each bad value is named by its option
    String[][] bad = {
      {"--dim", "0", "--dim must be 1 to 4096, got 0"},
      {"--lr", "0", "--lr must be a positive number, got 0.0"},
      {"--negatives", "0", "--negatives must be at least 1, got 0"},
      {"--hard-depth", "-1", "--hard-depth must be at least 1, got -1"},
      {"--hard-fraction", "1.5", "--hard-fraction must be 0 to 1, got 1.5"},
      {"--max-positives", "-2", "--max-positives must be 0 (all) or more, got -2"},
      {"--validation-fraction", "1", "--validation-fraction must be 0 or more and below 1, got 1.0"},
    };
    for (String[] b : bad) {
      CliTestSupport.Outcome o = CliTestSupport.run("train-rerank", "--model", "s2net", "--dataset", data.toString(),
          b[0], b[1], "--out", tmp.resolve("bad.rerankmodel").toString(), "--no-progress");
      assertEquals(1, o.exitCode(), b[0]);
      assertTrue(o.err().contains("error: " + b[2]), o.err());
    }
  }

  /** Checked before anything is read, so the dataset and model paths here need not exist. */
  @Test
  void badNumbersAreNamedByTheirOptionBeforeAnyWork() {
    String none = tmp.resolve("none").toString();
    String[][] cases = {
      {"--k1 must be 0 or more, got -1.0", "eval-rerank", "--dataset", none, "--k1", "-1"},
      {"--b must be 0 to 1, got 2.0", "eval-rerank", "--dataset", none, "--b", "2"},
      {"--validation-fraction must be 0 or more and below 1, got -0.5", "eval-rerank", "--dataset", none,
        "--validation-fraction", "-0.5"},
      {"--rounds must be at least 1, got 0", "bench-rerank", "--dataset", none, "--model", none, "--rounds", "0"},
      {"--warmup must be 0 or more, got -1", "bench-rerank", "--dataset", none, "--model", none, "--warmup", "-1"},
      {"--query-terms must be 1 to 1024, got 0", "neighbors", "--dataset", none, "--query-terms", "0"},
      {"--classifier-epochs must be 1 to 1000, got 0", "eval-references", "--dataset", none, "--classifier-epochs", "0"},
    };
    for (String[] c : cases) {
      CliTestSupport.Outcome o = CliTestSupport.run(java.util.Arrays.copyOfRange(c, 1, c.length));
      assertEquals(1, o.exitCode(), o.err());
      assertTrue(o.err().startsWith("error: " + c[0]), o.err());
    }
  }

  @Test
  void docDocTaskWritesMapPrecisionAndRankLossForEverySystem() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path json = tmp.resolve("docdoc.json");
    CliTestSupport.Outcome r = CliTestSupport.run("eval-rerank", "--task", "doc-doc", "--dataset", data.toString(), "--model", "ssi",
        "--dim", "4", "--epochs", "2", "--max-positives", "3", "--triples", "1000", "--json", json.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode out = CliTestSupport.json(json);
    for (String system : new String[] {"tfidf", "bm25", "ssi", "bm25+ssi"}) {
      for (String key : new String[] {"map", "p@10", "rank_loss"}) {
        double v = out.get(system).get(key).asDouble();
        assertTrue(v >= 0 && v <= 1, system + " " + key + " " + v);
      }
    }
    assertEquals(15, out.get("queries").asInt());
    assertEquals("chosen on the validation queries", out.get("bm25+ssi").get("weight_source").asText());
    assertEquals(1000, out.get("bm25+ssi").get("depth").asInt());

    // nothing held out: no weight can be chosen, so the reranking keeps BM25's order exactly
    Path unvalidated = tmp.resolve("docdoc-noval.json");
    CliTestSupport.Outcome noValidation = CliTestSupport.run("eval-rerank", "--task", "doc-doc", "--dataset", data.toString(),
        "--model", "ssi", "--dim", "4", "--epochs", "2", "--max-positives", "3", "--triples", "1000",
        "--validation-fraction", "0", "--json", unvalidated.toString(), "--no-progress");
    assertEquals(0, noValidation.exitCode(), noValidation.err());
    JsonNode nv = CliTestSupport.json(unvalidated);
    assertEquals(0.0, nv.get("bm25+ssi").get("weight").asDouble());
    assertTrue(nv.get("bm25+ssi").get("weight_source").asText().startsWith("no validation query"), nv.toString());
    assertTrue(nv.get("bm25+ssi").has("validation_map") == false, nv.toString());
    assertEquals(nv.get("bm25").get("map").asDouble(), nv.get("bm25+ssi").get("map").asDouble());
    CliTestSupport.Outcome noEdges = CliTestSupport.run("eval-rerank", "--task", "links", "--dataset", data.toString(), "--no-progress");
    assertEquals(1, noEdges.exitCode());
    assertTrue(noEdges.err().contains("has no edges.tsv.gz"), noEdges.err());
    CliTestSupport.Outcome badTask = CliTestSupport.run("eval-rerank", "--task", "clicks", "--dataset", data.toString(), "--no-progress");
    assertEquals(1, badTask.exitCode());
    assertTrue(badTask.err().contains("choose qrels, doc-doc or links"), badTask.err());
  }

  @Test
  void benchRerankPrintsBothLatenciesAndRefusesAHashingModel() throws Exception {
    Path data = Files.createDirectories(tmp.resolve("qd"));
    StringBuilder docs = new StringBuilder();
    StringBuilder queries = new StringBuilder();
    String[] words = {"solar", "wind", "bread", "river", "oven", "blade", "fish", "sun"};
    for (int i = 0; i < 40; i++) {
      docs.append(String.format("{\"id\": \"d%d\", \"title\": \"%s %s\", \"text\": \"%s %s %s\"}%n", i, words[i % 8], words[(i + 3) % 8],
          words[i % 8], words[(i * 5) % 8], words[(i + 1) % 8]));
      queries.append(String.format("{\"id\": \"q%d\", \"text\": \"%s %s\", \"split\": \"test\"}%n", i, words[i % 8], words[(i + 2) % 8]));
    }
    gz(data.resolve("docs.jsonl.gz"), docs.toString());
    gz(data.resolve("queries.jsonl.gz"), queries.toString());
    Path model = tmp.resolve("weak.rerankmodel");
    Path trainJson = tmp.resolve("train.json");
    CliTestSupport.Outcome t = CliTestSupport.run("train-rerank", "--model", "ssi", "--dataset", data.toString(), "--pairs", "weak",
        "--dim", "4", "--epochs", "2", "--out", model.toString(), "--json", trainJson.toString(), "--no-progress");
    assertEquals(0, t.exitCode(), t.err());
    String pairs = CliTestSupport.json(trainJson).get("pair_description").asText();
    assertTrue(pairs.contains("title -> its document"), pairs);
    Path json = tmp.resolve("bench.json");
    CliTestSupport.Outcome b = CliTestSupport.run("bench-rerank", "--dataset", data.toString(), "--model", model.toString(), "--depth", "20",
        "--warmup", "0", "--rounds", "1", "--work-dir", tmp.resolve("work").toString(), "--json", json.toString(), "--no-progress");
    assertEquals(0, b.exitCode(), b.err());
    JsonNode out = CliTestSupport.json(json);
    assertEquals(40, out.get("queries").asInt());
    assertTrue(out.get("rerank_median_ms").asDouble() > 0 && out.get("bm25_median_ms").asDouble() > 0);
    assertTrue(out.has("added_median_ms") && out.has("added_p90_ms"));

    CliTestSupport.Outcome zero = CliTestSupport.run("bench-rerank", "--dataset", data.toString(), "--model", model.toString(), "--depth", "0",
        "--no-progress");
    assertEquals(1, zero.exitCode());
    assertTrue(zero.err().contains("--depth must be positive"), zero.err());

    Path hashModel = tmp.resolve("lsh.hashmodel");
    Path topics = CliTestSupport.topicDataset(tmp.resolve("topics"), 10, 2);
    CliTestSupport.Outcome lsh = CliTestSupport.run("train", "--method", "lsh", "--dataset", topics.toString(), "--bits", "8", "--out",
        hashModel.toString(), "--no-progress");
    assertEquals(0, lsh.exitCode(), lsh.err());
    CliTestSupport.Outcome wrong = CliTestSupport.run("bench-rerank", "--dataset", data.toString(), "--model", hashModel.toString(),
        "--no-progress");
    assertEquals(1, wrong.exitCode());
    assertTrue(wrong.err().contains("is a hashing model"), wrong.err());
  }
}
