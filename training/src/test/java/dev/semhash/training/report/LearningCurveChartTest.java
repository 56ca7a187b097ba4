package dev.semhash.training.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The learning curve is a PNG of the documented size with each series in its colour. */
class LearningCurveChartTest {
  @TempDir Path tmp;

  @Test
  void drawsBothLossesTheKlTermAndTheMarkedEpochs() throws Exception {
    Path png = tmp.resolve("curves").resolve("vdsh-32.png");
    LearningCurveChart.write(LearningCurve.of(LearningCurveTest.info()), "20 Newsgroups", png);
    BufferedImage image = ImagePixels.readPng(png, LearningCurveChart.WIDTH, LearningCurveChart.HEIGHT);
    for (Color c : List.of(LearningCurveChart.TRAIN, LearningCurveChart.HELD_OUT, LearningCurveChart.KL,
        LearningCurveChart.KL_FULL)) {
      assertTrue(count(image, c) > 80, "pixels of " + c + ": " + count(image, c));
    }
  }

  @Test
  void theStoppingFloorIsBrownOnlyWhenTheRunReachedIt() throws Exception {
    Map<String, String> info = LearningCurveTest.info();
    info.put("kl_weights", "1.000,1.000,1.000,1.000"); // full from epoch 1: the floor decides
    info.put("training_documents", "1000");
    info.put("min_training_documents", "1500"); // epoch 2, not the kept epoch 3 whose black line would cover it
    Path reached = tmp.resolve("reached.png");
    LearningCurveChart.write(LearningCurve.of(info), null, reached);
    assertTrue(count(ImageIO.read(reached.toFile()), LearningCurveChart.STOPPING_FLOOR) > 40);
    info.put("min_training_documents", "50000");
    Path beyond = tmp.resolve("beyond.png");
    LearningCurveChart.write(LearningCurve.of(info), null, beyond);
    assertEquals(0, count(ImageIO.read(beyond.toFile()), LearningCurveChart.STOPPING_FLOOR),
        "four epochs never reached a floor of 50 epochs' documents");
    info.put("min_training_documents", "1500");
    info.put("kl_weights", "0.100,0.200,0.300,0.400");
    Path annealing = tmp.resolve("annealing.png");
    LearningCurveChart.write(LearningCurve.of(info), null, annealing);
    assertEquals(0, count(ImageIO.read(annealing.toFile()), LearningCurveChart.STOPPING_FLOOR),
        "patience never counts while the KL weight is below 1, so the run could not stop early");
  }

  @Test
  void precisionEarlyStoppingAddsItsPrecisionInPurple() throws Exception {
    Path without = tmp.resolve("without.png");
    LearningCurveChart.write(LearningCurve.of(LearningCurveTest.info()), null, without);
    assertEquals(0, count(ImageIO.read(without.toFile()), LearningCurveChart.PRECISION));
    Map<String, String> info = LearningCurveTest.info();
    info.put("early_stopping", "precision");
    info.put("validation_prec@100", "0.5000,0.6250,0.7125,0.7000");
    Path with = tmp.resolve("with.png");
    LearningCurveChart.write(LearningCurve.of(info), null, with);
    assertTrue(count(ImageIO.read(with.toFile()), LearningCurveChart.PRECISION) > 80);
  }

  @Test
  void queriesScoredEveryEpochAddTheirPrecisionInCyan() throws Exception {
    LearningCurve curve = LearningCurve.of(LearningCurveTest.info());
    Path without = tmp.resolve("unscored.png");
    LearningCurveChart.write(curve, null, without);
    assertEquals(0, count(ImageIO.read(without.toFile()), LearningCurveChart.QUERY_PRECISION));
    Path with = tmp.resolve("scored.png");
    LearningCurveChart.write(curve.withQueryPrecision(List.of(0.30, 0.35, 0.33, 0.32)), null, with);
    assertTrue(count(ImageIO.read(with.toFile()), LearningCurveChart.QUERY_PRECISION) > 40);
  }

  @Test
  void withoutKlWeightsThereIsNoOrangeLine() throws Exception {
    Map<String, String> info = LearningCurveTest.info();
    info.remove("kl_weights");
    Path png = tmp.resolve("old.png");
    LearningCurveChart.write(LearningCurve.of(info), null, png);
    BufferedImage image = ImageIO.read(png.toFile());
    assertEquals(0, count(image, LearningCurveChart.KL_FULL));
    assertTrue(count(image, LearningCurveChart.TRAIN) > 100);
  }

  @Test
  void oneEpochAndAnInfiniteLossStillDraw() throws Exception {
    Map<String, String> info = LearningCurveTest.info();
    info.put("best_epoch", "1");
    info.put("train_losses", "Infinity");
    info.put("validation_losses", "690");
    info.put("validation_kl", "5");
    info.put("kl_weights", "0.02");
    Path png = tmp.resolve("one.png");
    LearningCurveChart.write(LearningCurve.of(info), "Reuters", png);
    BufferedImage image = ImageIO.read(png.toFile());
    assertEquals(LearningCurveChart.WIDTH, image.getWidth());
    assertEquals(0, count(image, LearningCurveChart.TRAIN), "an infinite loss is left out, not drawn");
    assertTrue(count(image, LearningCurveChart.HELD_OUT) > 10, "the one held-out point is drawn");
  }

  private static int count(BufferedImage image, Color colour) {
    return ImagePixels.count(image, colour.getRGB() & 0xffffff);
  }
}
