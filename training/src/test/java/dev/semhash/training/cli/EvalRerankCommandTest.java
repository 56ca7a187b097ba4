package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalRerankCommandTest {
  @TempDir Path tmp;

  private void gz(String name, String text) throws Exception {
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(tmp.resolve(name)))) {
      o.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void bm25BaselineOnAHandMadeCollection() throws Exception {
    gz("docs.jsonl.gz", """
        {"id": "a", "title": "Solar panels", "text": "photovoltaic cells convert sunlight"}
        {"id": "b", "title": "Wind", "text": "turbines convert wind into electricity"}
        {"id": "c", "title": "Cooking", "text": "bake the bread in a hot oven"}
        """);
    gz("queries.jsonl.gz", """
        {"id": "q1", "text": "sunlight photovoltaic", "split": "test"}
        {"id": "q2", "text": "oven bread", "split": "test"}
        {"id": "q3", "text": "wind turbines", "split": "train"}
        """);
    gz("qrels.tsv.gz", "query_id\tdoc_id\trelevance\tsplit\nq1\ta\t1\ttest\nq2\tc\t1\ttest\nq3\tb\t1\ttrain\n");
    Path out = tmp.resolve("out.json");
    CliTestSupport.Outcome r =
        CliTestSupport.run("eval-rerank", "--dataset", tmp.toString(), "--model", "bm25", "--json", out.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode baseline = CliTestSupport.json(out).get("baseline");
    // Each test query's only relevant document is ranked first: every measure is 1.
    for (String key : new String[] {"ndcg@10", "recall@100", "map", "mrr@10"}) {
      assertEquals(1.0, baseline.get(key).asDouble(), 1e-9, key);
    }
    assertEquals(2, CliTestSupport.json(out).get("queries").asInt());

    gz("qrels.tsv.gz", "query_id\tdoc_id\trelevance\tsplit\nq1\tzzz\t1\ttest\n");
    CliTestSupport.Outcome bad = CliTestSupport.run("eval-rerank", "--dataset", tmp.toString(), "--no-progress");
    assertEquals(1, bad.exitCode());
    assertTrue(bad.err().contains("zzz"), bad.err());
  }

  @Test
  void aDatasetWithoutQueriesPointsToTheDocumentTasks() throws Exception {
    gz("docs.jsonl.gz", "{\"id\": \"a\", \"text\": \"solar cells\", \"labels\": [\"x\"], \"split\": \"train\"}\n");
    CliTestSupport.Outcome r = CliTestSupport.run("eval-rerank", "--dataset", tmp.toString(), "--no-progress");
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.err().contains("has no queries.jsonl.gz, which --task qrels (the default) reads; for a dataset of"
        + " labelled documents use --task doc-doc"), r.err());
  }

  @Test
  void ssiOnAHandMadeCollectionWritesBaselineRerankedAndModel() throws Exception {
    StringBuilder docs = new StringBuilder();
    String[][] topics = {{"solar", "photovoltaic", "sunlight"}, {"wind", "turbine", "blade"}, {"bread", "oven", "bake"}, {"river", "fish", "water"}};
    for (int t = 0; t < topics.length; t++) {
      for (int i = 0; i < 3; i++) {
        docs.append("{\"id\": \"d").append(t).append(i).append("\", \"title\": \"").append(topics[t][i]).append("\", \"text\": \"")
            .append(String.join(" ", topics[t])).append(" item ").append(i).append("\"}\n");
      }
    }
    gz("docs.jsonl.gz", docs.toString());
    StringBuilder queries = new StringBuilder();
    StringBuilder qrels = new StringBuilder("query_id\tdoc_id\trelevance\tsplit\n");
    for (int t = 0; t < topics.length; t++) {
      for (int i = 0; i < 3; i++) {
        String split = i < 2 ? "train" : "test";
        queries.append("{\"id\": \"q").append(t).append(i).append("\", \"text\": \"").append(topics[t][i]).append(" item\", \"split\": \"").append(split).append("\"}\n");
        qrels.append("q").append(t).append(i).append("\td").append(t).append(i).append("\t1\t").append(split).append("\n");
      }
    }
    gz("queries.jsonl.gz", queries.toString());
    gz("qrels.tsv.gz", qrels.toString());
    Path out = tmp.resolve("ssi.json");
    Path model = tmp.resolve("ssi.rerankmodel");
    CliTestSupport.Outcome r = CliTestSupport.run("eval-rerank", "--dataset", tmp.toString(), "--model", "ssi", "--dim", "4",
        "--epochs", "2", "--validation-fraction", "0.25", "--save-model", model.toString(), "--json", out.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode json = CliTestSupport.json(out);
    assertEquals("ssi", json.get("model").asText());
    assertEquals(42, json.get("seed").asLong());
    for (String run : new String[] {"baseline", "reranked", "replace"}) {
      for (String key : new String[] {"ndcg@10", "recall@100", "map", "mrr@10"}) {
        double v = json.get(run).get(key).asDouble();
        assertTrue(v >= 0 && v <= 1, run + " " + key + " " + v);
      }
    }
    assertEquals(4, json.get("queries").asInt());
    assertEquals(6, json.get("settings").get("train_queries").asInt());
    assertEquals(2, json.get("settings").get("validation_queries").asInt());
    assertEquals(2, json.get("epochs").size());
    assertEquals(model.toString(), json.get("model_file").asText());
    assertEquals(4, dev.semhash.rerank.model.RerankModelFormat.read(model).dimension());
  }
}
