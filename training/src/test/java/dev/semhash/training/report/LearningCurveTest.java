package dev.semhash.training.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading a model's per-epoch history from its information, and refusing what is not one. */
class LearningCurveTest {
  static Map<String, String> info() {
    Map<String, String> info = new LinkedHashMap<>();
    info.put("method", "vdsh");
    info.put("bits", "32");
    info.put("early_stopping", "reconstruction");
    info.put("best_epoch", "3");
    info.put("train_losses", "700.500,650.250,640.000,641.125");
    info.put("validation_losses", "690.000,655.000,630.500,631.000");
    info.put("validation_kl", "5.000,12.000,15.250,16.000");
    info.put("kl_weights", "0.520,1.000,1.000,1.000");
    return info;
  }

  @Test
  void readsEveryListAndTheKeptEpoch() {
    LearningCurve c = LearningCurve.of(info());
    assertEquals("vdsh", c.method());
    assertEquals(32, c.bits());
    assertEquals("reconstruction", c.criterion());
    assertEquals(4, c.epochs());
    assertEquals(3, c.keptEpoch());
    assertEquals(List.of(700.5, 650.25, 640.0, 641.125), c.trainLosses());
    assertEquals(List.of(690.0, 655.0, 630.5, 631.0), c.validationLosses());
    assertEquals(List.of(5.0, 12.0, 15.25, 16.0), c.validationKl());
    assertEquals(2, c.klWeightFullEpoch(), "the weight is 1 at the end of epoch 2");
    assertEquals(0, c.stoppingFloorEpoch(), "a file without min_training_documents waited for no floor");
  }

  @Test
  void theStoppingFloorIsTheFirstEpochThatReachesIt() {
    Map<String, String> info = info();
    info.put("training_documents", "2272");
    info.put("min_training_documents", "50000");
    assertEquals(23, LearningCurve.of(info).stoppingFloorEpoch(), "22 epochs are 49,984 documents");
    info.put("min_training_documents", "4544");
    assertEquals(2, LearningCurve.of(info).stoppingFloorEpoch(), "exactly two epochs");
    info.put("min_training_documents", "0");
    assertEquals(0, LearningCurve.of(info).stoppingFloorEpoch());
    info.put("min_training_documents", "50000");
    info.remove("training_documents");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(info));
    assertTrue(e.getMessage().contains("training_documents should be a whole number, but is missing"), e.getMessage());
  }

  @Test
  void patienceCountsOnceTheKlWeightIsFullAndTheFloorPassed() {
    Map<String, String> info = info();
    assertEquals(2, LearningCurve.of(info).earlyStoppingWatchEpoch(), "the KL weight is full at epoch 2, no floor");
    info.put("training_documents", "2272");
    info.put("min_training_documents", "6816");
    assertEquals(3, LearningCurve.of(info).earlyStoppingWatchEpoch(), "the floor's epoch 3 comes later");
    info.put("kl_weights", "0.100,0.200,0.300,0.400");
    assertEquals(0, LearningCurve.of(info).earlyStoppingWatchEpoch(), "a weight below 1 throughout: no early stop");
  }

  @Test
  void readsTheHeldOutPrecisionOfPrecisionEarlyStopping() {
    Map<String, String> info = info();
    info.put("early_stopping", "precision");
    info.put("validation_prec@100", "0.5000,0.6250,0.7125,0.7000");
    LearningCurve c = LearningCurve.of(info);
    assertEquals(List.of(0.5, 0.625, 0.7125, 0.7), c.validationPrecision());
    assertEquals(List.of(), LearningCurve.of(info()).validationPrecision(), "absent unless compared");
    info.put("validation_prec@100", "0.5000,0.6250");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(info));
    assertTrue(e.getMessage().contains("and 2 held-out precisions"), e.getMessage());
  }

  @Test
  void filesWithoutKlWeightsOrCriterionStillRead() {
    Map<String, String> info = info();
    info.remove("kl_weights");
    info.remove("early_stopping");
    LearningCurve c = LearningCurve.of(info);
    assertEquals(List.of(), c.klWeights());
    assertEquals(0, c.klWeightFullEpoch());
    assertEquals("elbo", c.criterion(), "files from before early_stopping kept the least ELBO");
  }

  @Test
  void aWeightThatNeverReachesOneMarksNoEpoch() {
    Map<String, String> info = info();
    info.put("kl_weights", "0.100,0.200,0.300,0.999");
    assertEquals(0, LearningCurve.of(info).klWeightFullEpoch());
  }

  @Test
  void aModelNotTrainedByEpochsIsRefusedByName() {
    Map<String, String> sth = Map.of("method", "sth", "bits", "32");
    assertFalse(LearningCurve.isPresent(sth));
    assertTrue(LearningCurve.isPresent(info()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(sth));
    assertTrue(e.getMessage().startsWith("sth was not trained by epochs"), e.getMessage());
    assertTrue(e.getMessage().contains("vdsh, vdsh-s"), e.getMessage());
  }

  @Test
  void listsOfDifferentLengthsAreRefused() {
    Map<String, String> info = info();
    info.put("validation_kl", "5.000,12.000,15.250");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(info));
    assertTrue(e.getMessage().contains("4 training losses, 4 held-out losses, 3 held-out KL terms"), e.getMessage());
  }

  @Test
  void queryScoresNeedOnePerEpoch() {
    LearningCurve curve = LearningCurve.of(info());
    assertEquals(List.of(), curve.queryPrecision());
    assertEquals(List.of(0.1, 0.2, 0.3, 0.25), curve.withQueryPrecision(List.of(0.1, 0.2, 0.3, 0.25)).queryPrecision());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> curve.withQueryPrecision(List.of(0.1, 0.2)));
    assertEquals("2 queries' Prec@100 for 4 epochs; score every epoch of the run, or none", e.getMessage());
  }

  @Test
  void aKeptEpochOutsideTheRunIsRefused() {
    Map<String, String> info = info();
    info.put("best_epoch", "5");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(info));
    assertEquals("the model's kept epoch 5 is not one of its 4 epochs", e.getMessage());
    info.put("best_epoch", "three");
    e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(info));
    assertTrue(e.getMessage().startsWith("the model's best_epoch should be a whole number, but is \"three\""), e.getMessage());
  }

  @Test
  void aValueThatIsNotANumberIsNamed() {
    Map<String, String> info = info();
    info.put("train_losses", "700.5,,640,641");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(info));
    assertTrue(e.getMessage().startsWith("the model's train_losses should be numbers separated by commas, but holds \"\""),
        e.getMessage());
    info.put("train_losses", "700.5,650,640,641");
    info.remove("validation_losses");
    e = assertThrows(IllegalArgumentException.class, () -> LearningCurve.of(info));
    assertTrue(e.getMessage().contains("has train_losses but no validation_losses"), e.getMessage());
  }
}
