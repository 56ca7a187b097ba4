package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * train-rerank and eval-rerank with {@code --model dse} and {@code --model dssm} on a small generated
 * collection: the saved files are deep models of the asked size, the reports name the settings, and
 * bad settings fail clearly. Runs in about 10 s.
 */
class DeepRerankCommandsTest {
  @TempDir Path tmp;

  @Test
  void trainRerankWritesDeepModels() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path dse = tmp.resolve("dse.rerankmodel");
    CliTestSupport.Outcome r = CliTestSupport.run("train-rerank", "--model", "dse", "--dataset", data.toString(), "--dse-terms", "20",
        "--dim", "3", "--pretrain-epochs", "1", "--epochs", "1", "--max-positives", "2", "--out", dse.toString(), "--json",
        tmp.resolve("dse.json").toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    RerankModel m = RerankModelFormat.read(dse);
    assertEquals(RerankModel.Kind.DEEP, m.kind());
    assertEquals(3, m.dimension());
    // the model keeps the collection's whole dictionary (for λ q·d); the network reads 20 terms of it
    assertTrue(m.dictionary().size() > 20, "dictionary of " + m.dictionary().size());
    int read = 0;
    for (int t = 0; t < m.dictionary().size(); t++) {
      boolean nonZero = false;
      for (int j = 0; j < m.queryProjection().dimension(); j++) {
        nonZero |= m.queryProjection().weight(t, j) != 0f;
      }
      read += nonZero ? 1 : 0;
    }
    assertEquals(20, read);
    assertEquals(3, m.deepLayers().layers().size()); // D/2, D and C after the first layer
    assertEquals(20, CliTestSupport.json(tmp.resolve("dse.json")).get("settings").get("input_terms").asInt());

    Path dssm = tmp.resolve("dssm.rerankmodel");
    r = CliTestSupport.run("train-rerank", "--model", "dssm", "--dataset", data.toString(), "--dim", "8", "--epochs", "1",
        "--max-positives", "2", "--trigram-min-df", "1", "--out", dssm.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    m = RerankModelFormat.read(dssm);
    assertEquals(RerankModel.Kind.DEEP, m.kind());
    assertEquals(8, m.dimension());
    assertEquals(3, m.analysis().letterNgrams());
    assertEquals(RerankModel.Similarity.COSINE, m.similarity());

    CliTestSupport.Outcome bad = CliTestSupport.run("train-rerank", "--model", "dse", "--dataset", data.toString(), "--dse-terms", "1",
        "--out", tmp.resolve("x").toString(), "--no-progress");
    assertEquals(1, bad.exitCode());
    assertTrue(bad.err().contains("DSE input vocabulary (--dse-terms) must be 2 to 20000 terms") && bad.err().contains("--dse-hidden"), bad.err());
  }

  @Test
  void docDocTaskReportsTheDeepModels() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path json = tmp.resolve("docdoc.json");
    CliTestSupport.Outcome r = CliTestSupport.run("eval-rerank", "--task", "doc-doc", "--dataset", data.toString(), "--model", "dssm",
        "--dim", "8", "--epochs", "1", "--max-positives", "2", "--trigram-min-df", "1", "--triples", "1000", "--json",
        json.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode out = CliTestSupport.json(json);
    for (String key : new String[] {"map", "p@10", "rank_loss"}) {
      double v = out.get("dssm").get(key).asDouble();
      assertTrue(v >= 0 && v <= 1, key + " " + v);
    }
  }
}
