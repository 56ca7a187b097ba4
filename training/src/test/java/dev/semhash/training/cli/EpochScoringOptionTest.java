package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval-hash --score-every-epoch}: one score per epoch, the same model, refused where it cannot apply. */
class EpochScoringOptionTest {
  @TempDir Path tmp;

  private String[] vdsh(Path data, String... more) {
    String[] base = {"eval-hash", "--dataset", data.toString(), "--method", "vdsh", "--bits", "8", "--epochs", "3",
        "--hidden", "16", "--min-df", "1", "--threads", "1", "--no-progress", "--seed", "5"};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void scoresEveryEpochAndTrainsTheSameModel() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 30, 5);
    Path plain = tmp.resolve("plain.json");
    Path scored = tmp.resolve("scored.json");
    CliTestSupport.Outcome p = CliTestSupport.run(vdsh(data, "--json", plain.toString()));
    assertEquals(0, p.exitCode(), p.err());
    CliTestSupport.Outcome s = CliTestSupport.run(vdsh(data, "--score-every-epoch", "--json", scored.toString()));
    assertEquals(0, s.exitCode(), s.err());
    JsonNode without = CliTestSupport.json(plain);
    JsonNode with = CliTestSupport.json(scored);
    assertFalse(without.has("prec@100_by_epoch"));
    assertEquals(without.get("prec@100").asDouble(), with.get("prec@100").asDouble(), 0);
    assertEquals(without.get("model_info").get("validation_losses").asText(),
        with.get("model_info").get("validation_losses").asText());
    JsonNode byEpoch = with.get("prec@100_by_epoch");
    assertEquals(3, byEpoch.size());
    int best = with.get("best_scored_epoch").asInt();
    double max = 0;
    for (JsonNode e : byEpoch) {
      max = Math.max(max, e.asDouble());
    }
    assertEquals(max, with.get("prec@100_best_epoch").asDouble(), 0);
    assertEquals(max, byEpoch.get(best - 1).asDouble(), 0);
    int kept = Integer.parseInt(with.get("model_info").get("best_epoch").asText());
    assertEquals(with.get("prec@100").asDouble(), byEpoch.get(kept - 1).asDouble(), 0.01,
        "the kept epoch's score is the evaluated model's");
    // the topics are labelled, so the held-out training documents' precision was measured too
    String[] heldOut = with.get("model_info").get("validation_prec@100").asText().split(",");
    assertEquals(3, heldOut.length);
    int chosen = with.get("label_chosen_epoch").asInt();
    for (String h : heldOut) {
      assertTrue(Double.parseDouble(h) <= Double.parseDouble(heldOut[chosen - 1]), String.join(",", heldOut));
    }
    assertEquals(byEpoch.get(chosen - 1).asDouble(), with.get("prec@100_label_chosen_epoch").asDouble(), 0);
    assertFalse(without.get("model_info").has("validation_prec@100"), "not scored: not measured");
  }

  @Test
  void theLabelChosenEpochIsTheFirstOfTheMostPreciseHeldOutEpochs() {
    assertEquals(2, EpochScoringOption.labelChosenEpoch(history("0.3000,0.3500,0.3500,0.3200"), 4));
    assertEquals(1, EpochScoringOption.labelChosenEpoch(history("0.4000"), 1));
    assertEquals(0, EpochScoringOption.labelChosenEpoch(history("0.3000,0.3500"), 4), "not one per scored epoch: none");
    Map<String, String> unmeasured = new HashMap<>(history("0.4000"));
    unmeasured.remove("validation_prec@100");
    assertEquals(0, EpochScoringOption.labelChosenEpoch(unmeasured, 1), "not measured: none");
    assertEquals(0, EpochScoringOption.labelChosenEpoch(Map.of("method", "lsh"), 1), "no epochs: none");
  }

  /** A neural model's information with the held-out precision {@code heldOut}, one value per epoch. */
  private static Map<String, String> history(String heldOut) {
    int epochs = heldOut.split(",").length;
    String losses = String.join(",", Collections.nCopies(epochs, "1.0"));
    return Map.of("method", "vdsh", "bits", "8", "best_epoch", "1", "train_losses", losses,
        "validation_losses", losses, "validation_kl", losses, "validation_prec@100", heldOut);
  }

  @Test
  void refusedWhereNoEpochCanBeScored() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 10, 3);
    CliTestSupport.Outcome lsh = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--method", "lsh",
        "--score-every-epoch", "--no-progress");
    assertEquals(1, lsh.exitCode());
    assertTrue(lsh.err().contains("--score-every-epoch: lsh does not train by epochs"), lsh.err());
    CliTestSupport.Outcome doc = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--method",
        "nbrreg-doc", "--score-every-epoch", "--no-progress");
    assertEquals(1, doc.exitCode());
    assertTrue(doc.err().contains("nbrreg-doc encodes a query with its BM25 neighbours' hidden vectors"), doc.err());
    CliTestSupport.Outcome model = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model",
        tmp.resolve("any.hashmodel").toString(), "--score-every-epoch", "--no-progress");
    assertEquals(1, model.exitCode());
    assertTrue(model.err().contains("--score-every-epoch cannot apply to it"), model.err());
  }
}
