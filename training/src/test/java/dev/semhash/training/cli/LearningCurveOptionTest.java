package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.report.LearningCurve;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --learning-curve} on train and eval-hash: one PNG per trained model, refused where there is no curve. */
class LearningCurveOptionTest {
  @TempDir Path tmp;

  private static final String[] SMALL_VDSH = {
    "--method", "vdsh", "--bits", "8", "--epochs", "3", "--hidden", "16", "--min-df", "1", "--no-progress"
  };

  @Test
  void namesOneFilePerModelBesideTheGivenOne() {
    assertEquals(Path.of("out", "curve-8bits-seed1.png"),
        LearningCurveOption.path(Path.of("out", "curve.png"), LearningCurveOption.suffix(8, true, 1, true)));
    assertEquals(Path.of("curve-seed7.png"),
        LearningCurveOption.path(Path.of("curve.PNG"), LearningCurveOption.suffix(32, false, 7, true)));
    assertEquals(Path.of("curve-64bits.png"),
        LearningCurveOption.path(Path.of("curve"), LearningCurveOption.suffix(64, true, 42, false)));
    assertEquals(Path.of("curve.png"), LearningCurveOption.path(Path.of("curve"), ""));
    assertEquals(Path.of("a.png"), LearningCurveOption.path(Path.of("a.png"), LearningCurveOption.suffix(8, false, 1, false)));
  }

  @Test
  void trainDrawsTheModelsHistoryAndEvalHashDrawsItAgainFromTheFile() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path model = tmp.resolve("vdsh.hashmodel");
    Path trainJson = tmp.resolve("train.json");
    CliTestSupport.Outcome t = run("train", "--dataset", data.toString(), "--out", model.toString(),
        "--learning-curve", tmp.resolve("trained.png").toString(), "--json", trainJson.toString());
    assertEquals(0, t.exitCode(), t.err());
    assertTrue(ImageIO.read(tmp.resolve("trained.png").toFile()).getWidth() > 0);
    assertEquals(tmp.resolve("trained.png").toString(), CliTestSupport.json(trainJson).get("learning_curve").asText());
    try (HashModel m = HashModelFormat.read(model)) {
      LearningCurve curve = LearningCurve.of(m.info());
      assertEquals(3, curve.epochs(), "--epochs 3 on a corpus too small to stop early");
      assertEquals(3, curve.klWeights().size(), "the KL weight of every epoch is recorded");
    }
    Path again = tmp.resolve("again.png");
    Path evalJson = tmp.resolve("eval.json");
    CliTestSupport.Outcome e = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", model.toString(),
        "--learning-curve", again.toString(), "--json", evalJson.toString(), "--no-progress");
    assertEquals(0, e.exitCode(), e.err());
    assertTrue(Files.size(again) > 1000);
    assertEquals(again.toString(), CliTestSupport.json(evalJson).get("learning_curve").asText());
  }

  @Test
  void evalHashWritesOneCurvePerSeedAndRecordsEach() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path json = tmp.resolve("eval.json");
    Path png = tmp.resolve("curves").resolve("vdsh.png");
    CliTestSupport.Outcome r = run("eval-hash", "--dataset", data.toString(), "--seeds", "1,2",
        "--learning-curve", png.toString(), "--json", json.toString());
    assertEquals(0, r.exitCode(), r.err());
    JsonNode runs = CliTestSupport.json(json).get("runs");
    for (int i = 0; i < 2; i++) {
      Path expected = tmp.resolve("curves").resolve("vdsh-seed" + (i + 1) + ".png");
      assertTrue(Files.isRegularFile(expected), expected.toString());
      assertEquals(expected.toString(), runs.get(i).get("learning_curve").asText());
    }
    assertNotEquals(Files.size(tmp.resolve("curves").resolve("vdsh-seed1.png")),
        Files.size(tmp.resolve("curves").resolve("vdsh-seed2.png")), "two seeds, two different histories");
    assertFalse(Files.exists(png), "no file under the bare name when there are several models");
  }

  @Test
  void methodsAndModelFilesWithoutEpochsAreRefusedBeforeAnyWork() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path png = tmp.resolve("lsh.png");
    CliTestSupport.Outcome lsh = CliTestSupport.run("train", "--dataset", data.toString(), "--method", "lsh",
        "--out", tmp.resolve("never.hashmodel").toString(), "--learning-curve", png.toString(), "--no-progress");
    assertEquals(1, lsh.exitCode(), lsh.err());
    assertTrue(lsh.err().contains("--learning-curve: lsh does not train by epochs"), lsh.err());
    assertFalse(Files.exists(tmp.resolve("never.hashmodel")), "refused before training");

    Path sthModel = tmp.resolve("sth.hashmodel");
    assertEquals(0, CliTestSupport.run("train", "--dataset", data.toString(), "--method", "sth", "--min-df", "1",
        "--out", sthModel.toString(), "--no-progress").exitCode());
    CliTestSupport.Outcome sth = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model",
        sthModel.toString(), "--learning-curve", png.toString(), "--no-progress");
    assertEquals(1, sth.exitCode(), sth.err());
    assertTrue(sth.err().contains("(sth) holds no per-epoch history"), sth.err());
    assertFalse(Files.exists(png));
  }

  private static CliTestSupport.Outcome run(String command, String... args) {
    String[] all = new String[1 + args.length + SMALL_VDSH.length];
    all[0] = command;
    System.arraycopy(args, 0, all, 1, args.length);
    System.arraycopy(SMALL_VDSH, 0, all, 1 + args.length, SMALL_VDSH.length);
    return CliTestSupport.run(all);
  }
}
