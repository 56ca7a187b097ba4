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
}
