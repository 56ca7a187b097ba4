package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.rerank.model.RerankModelFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.OutputStreamDataOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code semhash inspect}: what a model file holds, and a clear refusal of what is not one. */
class InspectCommandTest {
  @TempDir Path tmp;

  @Test
  void describesAHashingModelAndDrawsItsCurve() throws Exception {
    Path model = trainVdsh(16, 3, 12);
    Path json = tmp.resolve("inspect.json");
    Path png = tmp.resolve("curve.png");
    CliTestSupport.Outcome r = CliTestSupport.run("inspect", model.toString(), "--json", json.toString(),
        "--learning-curve", png.toString());
    assertEquals(0, r.exitCode(), r.err());
    JsonNode j = CliTestSupport.json(json);
    assertEquals("hashing", j.get("kind").asText());
    assertEquals(HashModelFormat.CODEC_NAME, j.get("codec").asText());
    assertEquals(HashModelFormat.VERSION_CURRENT, j.get("format_version").asInt());
    assertEquals(Files.size(model), j.get("bytes").asLong());
    assertEquals("vdsh", j.get("method").asText());
    assertEquals(16, j.get("bits").asInt());
    int terms = j.get("vocabulary_size").asInt();
    assertTrue(terms >= 24, "the three topics' 24 words at least: " + terms);
    // the encoder: sparse input to 12 hidden units, a second hidden layer, then the 16 means
    assertEquals(String.format("sparse %,d -> 12 relu", terms), j.get("layers").get(0).asText());
    assertEquals("12 -> 16 identity", j.get("layers").get(j.get("layers").size() - 1).asText());
    assertEquals(3, j.get("epochs_run").asInt());
    assertEquals(3, j.get("info").get("train_losses").asText().split(",").length, "--json keeps every value");
    assertEquals(png.toString(), j.get("learning_curve").asText());
    assertTrue(Files.size(png) > 1000);
  }

  @Test
  void describesARerankModel() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path model = tmp.resolve("ssi.rerankmodel");
    assertEquals(0, CliTestSupport.run("train-rerank", "--model", "ssi", "--dataset", data.toString(), "--pairs", "labels",
        "--dim", "4", "--epochs", "1", "--max-positives", "2", "--out", model.toString(), "--no-progress").exitCode());
    Path json = tmp.resolve("inspect.json");
    CliTestSupport.Outcome r = CliTestSupport.run("inspect", model.toString(), "--json", json.toString());
    assertEquals(0, r.exitCode(), r.err());
    JsonNode j = CliTestSupport.json(json);
    assertEquals("rerank", j.get("kind").asText());
    assertEquals(RerankModelFormat.CODEC_NAME, j.get("codec").asText());
    assertEquals(4, j.get("dimension").asInt());
    CliTestSupport.Outcome curve = CliTestSupport.run("inspect", model.toString(), "--learning-curve",
        tmp.resolve("no.png").toString());
    assertEquals(1, curve.exitCode());
    assertTrue(curve.err().contains("(ssi rerank model) holds no per-epoch history"), curve.err());
  }

  @Test
  void whatIsNotAModelIsRefusedWithItsReason() throws Exception {
    CliTestSupport.Outcome missing = CliTestSupport.run("inspect", tmp.resolve("none.hashmodel").toString());
    assertEquals(1, missing.exitCode());
    assertTrue(missing.err().contains("does not exist or is not a file"), missing.err());

    Path text = Files.writeString(tmp.resolve("notes.hashmodel"), "these are notes, not a model\n");
    CliTestSupport.Outcome notModel = CliTestSupport.run("inspect", text.toString());
    assertEquals(1, notModel.exitCode());
    assertTrue(notModel.err().contains("is not a semhash model file"), notModel.err());

    Path tiny = Files.write(tmp.resolve("tiny.hashmodel"), new byte[] {0x3f, (byte) 0xd7});
    CliTestSupport.Outcome tooShort = CliTestSupport.run("inspect", tiny.toString());
    assertEquals(1, tooShort.exitCode());
    assertTrue(tooShort.err().contains("is too short to be a model file (2 bytes)"), tooShort.err());

    Path foreign = tmp.resolve("foreign.bin");
    try (OutputStreamDataOutput out = new OutputStreamDataOutput(Files.newOutputStream(foreign))) {
      CodecUtil.writeHeader(out, "SomethingElse", 3);
    }
    CliTestSupport.Outcome other = CliTestSupport.run("inspect", foreign.toString());
    assertEquals(1, other.exitCode());
    assertTrue(other.err().contains("is a 'SomethingElse' file, not a semhash model"), other.err());
  }

  @Test
  void aTruncatedModelIsRefusedAndAModelWithoutHistoryHasNoCurve() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path model = tmp.resolve("lsh.hashmodel");
    assertEquals(0, CliTestSupport.run("train", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
        "--out", model.toString(), "--no-progress").exitCode());
    Path png = tmp.resolve("lsh.png");
    CliTestSupport.Outcome lsh = CliTestSupport.run("inspect", model.toString(), "--learning-curve", png.toString());
    assertEquals(1, lsh.exitCode());
    assertTrue(lsh.err().contains("(lsh) holds no per-epoch history"), lsh.err());
    assertFalse(Files.exists(png));
    assertEquals(0, CliTestSupport.run("inspect", model.toString()).exitCode(), "without a curve it is described");

    byte[] bytes = Files.readAllBytes(model);
    Path cut = Files.write(tmp.resolve("cut.hashmodel"), Arrays.copyOf(bytes, bytes.length - 10));
    CliTestSupport.Outcome truncated = CliTestSupport.run("inspect", cut.toString());
    assertEquals(1, truncated.exitCode());
    assertTrue(truncated.err().contains("model file " + cut + " is truncated or corrupted: its end is missing or"
        + " damaged (an interrupted copy or download?); retrain or restore the file"), truncated.err());
    assertFalse(truncated.err().contains("footer="), "Lucene's internals stay out: " + truncated.err());

    byte[] flipped = bytes.clone();
    flipped[bytes.length / 2] ^= 0x10;
    Path changed = Files.write(tmp.resolve("changed.hashmodel"), flipped);
    CliTestSupport.Outcome corrupted = CliTestSupport.run("inspect", changed.toString());
    assertEquals(1, corrupted.exitCode());
    assertTrue(corrupted.err().contains("model file " + changed + " is truncated or corrupted: its bytes do not match"
        + " the checksum written with them, so some changed after it was written"), corrupted.err());
  }

  @Test
  void aModelWhoseHistoryDoesNotReadIsStillDescribed() throws Exception {
    Path model = trainVdsh(8, 2, 8);
    Path edited = tmp.resolve("edited.hashmodel");
    try (HashModel m = HashModelFormat.read(model)) {
      Map<String, String> info = new LinkedHashMap<>(m.info());
      info.remove("validation_kl");
      try (HashModel without = m.with(info, m.layers(), m.thresholds())) {
        HashModelFormat.write(without, edited);
      }
    }
    Path json = tmp.resolve("edited.json");
    CliTestSupport.Outcome r = CliTestSupport.run("inspect", edited.toString(), "--json", json.toString());
    assertEquals(0, r.exitCode(), r.err());
    JsonNode j = CliTestSupport.json(json);
    assertTrue(j.get("history_error").asText().contains("has train_losses but no validation_kl"), j.toString());
    assertFalse(j.has("epochs_run"));
    CliTestSupport.Outcome curve = CliTestSupport.run("inspect", edited.toString(), "--learning-curve",
        tmp.resolve("edited.png").toString());
    assertEquals(1, curve.exitCode(), "a curve needs the history");
    assertTrue(curve.err().contains("no validation_kl"), curve.err());
  }

  /** A VDSH model of the three-topic set, trained for a few epochs. */
  private Path trainVdsh(int bits, int epochs, int hidden) throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path model = tmp.resolve("vdsh.hashmodel");
    CliTestSupport.Outcome r = CliTestSupport.run("train", "--dataset", data.toString(), "--method", "vdsh",
        "--bits", Integer.toString(bits), "--epochs", Integer.toString(epochs), "--hidden", Integer.toString(hidden),
        "--min-df", "1", "--out", model.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    return model;
  }

  @Test
  void longValuesAreShortenedToTheirStartAndCount() {
    assertEquals("1,2,3", InspectCommand.shorten("1,2,3"));
    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      many.append(i == 0 ? "" : ",").append(String.format("%.3f", 600.0 + i));
    }
    String shortened = InspectCommand.shorten(many.toString());
    assertTrue(shortened.startsWith("600.000,601.000,"), shortened);
    assertTrue(shortened.endsWith(" ... (40 values; --json has all)"), shortened);
    assertTrue(shortened.length() < InspectCommand.MAX_VALUE_CHARS + 40, shortened);
  }
}
