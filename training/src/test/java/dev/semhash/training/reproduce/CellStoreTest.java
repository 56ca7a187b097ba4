package dev.semhash.training.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.hashing.vdsh.NeighbourEncoder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading cell result files back, strictly. Runs in well under 1 s. */
class CellStoreTest {
  @TempDir Path tmp;

  static final String CELL =
      """
      {"dataset": "reuters", "command": "./semhash reproduce", "machine": "2 cores", "method": "vdsh",
       "bits": 32, "prec@100": 0.75, "ndcg@100": 0.7, "prec@r2": 0.5, "train_seconds": 90.5, "seed": 7,
       "epoch_seconds": [30.0, 31.0, 29.5], "epoch_cpu_seconds": [50.0, 52.0, 51.0],
       "encoder": {"text_docs_per_cpu_second": 6100, "load_average": 2.35},
       "model_info": {"epochs_run": "3", "early_stopping": "reconstruction"}}
      """;

  @Test
  void readsEveryFieldAndNamesCellsByDatasetMethodAndBits() throws Exception {
    CellStore store = new CellStore(tmp.resolve("results"));
    assertEquals(List.of(), store.readAll(), "a missing folder holds no cells");
    Path file = store.file("reuters", "vdsh", 32);
    assertEquals(tmp.resolve("results").resolve("reuters-vdsh-32.json"), file);
    assertEquals(false, store.has("reuters", "vdsh", 32));
    Files.createDirectories(file.getParent());
    Files.writeString(file, CELL);
    Files.writeString(
        store.file("reuters", "lsh", 8),
        """
        {"dataset": "reuters", "method": "lsh", "bits": 8, "prec@100": 0.25, "ndcg@100": 0.2,
         "prec@r2": 0.1, "train_seconds": 0.5, "seed": 7}
        """);
    assertTrue(store.has("reuters", "vdsh", 32));
    List<CellResult> all = store.readAll();
    assertEquals(2, all.size());
    CellResult lsh = all.get(0);
    assertEquals("lsh", lsh.method());
    assertEquals(8, lsh.bits());
    assertEquals(0, lsh.epochs());
    assertTrue(Double.isNaN(lsh.meanEpochSeconds()));
    assertNull(lsh.encoderDocsPerCoreSecond());
    CellResult v = all.get(1);
    assertEquals(
        new CellResult(
            "reuters",
            "vdsh",
            32,
            0.75,
            0.7,
            0.5,
            90.5,
            List.of(30.0, 31.0, 29.5),
            List.of(50.0, 52.0, 51.0),
            6100.0,
            2.35,
            7,
            "./semhash reproduce",
            "2 cores",
            false),
        v);
    assertEquals(30.166666, v.meanEpochSeconds(), 1e-6);
    assertEquals(51.0, v.meanEpochCpuSeconds(), 1e-9);
  }

  @Test
  void aNbrRegDocCellWhoseModelReadsEachDocumentAloneIsFlagged() throws Exception {
    CellStore store = new CellStore(tmp);
    String self = CELL.replace("\"early_stopping\": \"reconstruction\"",
        "\"early_stopping\": \"reconstruction\", \"neighbour_encoder\": \"" + NeighbourEncoder.SELF_NEIGHBOUR + "\"");
    Files.writeString(store.file("reuters", "vdsh", 32), self);
    assertTrue(store.readAll().get(0).readsOwnNeighbourhood());
    Files.writeString(store.file("reuters", "vdsh", 32),
        self.replace(NeighbourEncoder.SELF_NEIGHBOUR, NeighbourEncoder.ENCODING));
    assertEquals(false, store.readAll().get(0).readsOwnNeighbourhood());
    Files.writeString(store.file("reuters", "vdsh", 32), CELL);
    assertEquals(false, store.readAll().get(0).readsOwnNeighbourhood());
  }

  @Test
  void aNeuralCellWithoutEarlyStoppingPredatesIt() throws Exception {
    CellStore store = new CellStore(tmp);
    Files.writeString(store.file("reuters", "vdsh", 32), CELL.replace(", \"early_stopping\": \"reconstruction\"", ""));
    assertTrue(store.readAll().get(0).predatesEarlyStopping());
    Files.writeString(store.file("reuters", "vdsh", 32), CELL);
    assertEquals(false, store.readAll().get(0).predatesEarlyStopping());
    Files.writeString(store.file("reuters", "vdsh", 32), CELL.replace("\"model_info\"", "\"other\""));
    assertEquals(false, store.readAll().get(0).predatesEarlyStopping(), "not a neural cell: no epochs");
  }

  @Test
  void aCellScoredEveryEpochGivesItsBestEpochTheFirstOfEquals() throws Exception {
    CellStore store = new CellStore(tmp);
    Path file = store.file("reuters", "vdsh", 32);
    Files.writeString(file, CELL.replace("\"seed\": 7,", "\"seed\": 7, \"prec@100_by_epoch\": [0.3, 0.35, 0.35, 0.32],"));
    CellResult scored = CellStore.read(file);
    assertTrue(scored.scoredEveryEpoch());
    assertEquals(List.of(0.3, 0.35, 0.35, 0.32), scored.prec100ByEpoch());
    assertEquals(2, scored.bestScoredEpoch(), "epochs 2 and 3 tie: the first is kept, as the authors' code keeps it");
    assertEquals(0.35, scored.prec100BestEpoch(), 0);
    Files.writeString(file, CELL);
    CellResult unscored = CellStore.read(file);
    assertFalse(unscored.scoredEveryEpoch());
    assertEquals(0, unscored.bestScoredEpoch());
    assertTrue(Double.isNaN(unscored.prec100BestEpoch()));
    Files.writeString(file, CELL.replace("\"seed\": 7,", "\"seed\": 7, \"prec@100_by_epoch\": [0.3, null],"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CellStore.read(file));
    assertTrue(e.getMessage().contains("has no key \"prec@100_by_epoch\" holding a list of numbers"), e.getMessage());
  }

  @Test
  void aScoredCellGivesThePrecisionAtTheEpochHeldOutLabelsChose() throws Exception {
    CellStore store = new CellStore(tmp);
    Path file = store.file("reuters", "vdsh", 32);
    String scored = "\"seed\": 7, \"prec@100_by_epoch\": [0.3, 0.35, 0.34, 0.32],";
    Files.writeString(file, CELL.replace("\"seed\": 7,", scored + " \"label_chosen_epoch\": 3,"));
    CellResult cell = CellStore.read(file);
    assertEquals(3, cell.labelChosenEpoch());
    assertEquals(0.34, cell.prec100LabelChosenEpoch(), 0);
    Files.writeString(file, CELL.replace("\"seed\": 7,", scored));
    assertEquals(0, CellStore.read(file).labelChosenEpoch(), "absent: none chosen");
    assertTrue(Double.isNaN(CellStore.read(file).prec100LabelChosenEpoch()));
    Files.writeString(file, CELL.replace("\"seed\": 7,", scored + " \"label_chosen_epoch\": 5,"));
    IllegalArgumentException beyond = assertThrows(IllegalArgumentException.class, () -> CellStore.read(file));
    assertTrue(beyond.getMessage().contains(file.toString()) && beyond.getMessage().contains("scored 4 epochs")
        && beyond.getMessage().endsWith("delete the file to run the cell again"), beyond.getMessage());
    Files.writeString(file, CELL.replace("\"seed\": 7,", scored + " \"label_chosen_epoch\": \"3\","));
    IllegalArgumentException text = assertThrows(IllegalArgumentException.class, () -> CellStore.read(file));
    assertTrue(text.getMessage().contains("has no key \"label_chosen_epoch\" holding a whole number"), text.getMessage());
  }

  @Test
  void aCellEvaluatedSinceTiesWereCountedGivesItsTieRange() throws Exception {
    CellStore store = new CellStore(tmp);
    Path file = store.file("reuters", "vdsh", 32);
    Files.writeString(file, CELL);
    assertNull(CellStore.read(file).tiedPrecision(), "absent: cells evaluated before 2026-12-07");
    String ties = "\"seed\": 7, \"prec@100_over_tie_orders\": {\"worst\": 0.7, \"expected\": 0.74, \"best\": 0.8},";
    Files.writeString(file, CELL.replace("\"seed\": 7,", ties));
    assertEquals(new HammingEvaluation.TiedPrecision(0.7, 0.74, 0.8), CellStore.read(file).tiedPrecision());
    Files.writeString(file, CELL.replace("\"seed\": 7,", ties.replace("\"best\": 0.8", "\"best\": \"high\"")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CellStore.read(file));
    assertTrue(e.getMessage().contains("has no key \"prec@100_over_tie_orders.best\" holding a number")
        && e.getMessage().contains(file.toString()), e.getMessage());
  }

  @Test
  void damagedFilesAreErrorsNamingTheFile() throws Exception {
    CellStore store = new CellStore(tmp);
    Path broken = store.file("citeseer", "sth", 16);
    Files.writeString(broken, "{\"dataset\": \"citeseer\", ");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, store::readAll);
    assertTrue(
        e.getMessage().startsWith("cannot read cell result " + broken + ": "), e.getMessage());
    assertTrue(e.getMessage().endsWith("; delete the file to run the cell again"), e.getMessage());

    Files.writeString(broken, "[1, 2]");
    e = assertThrows(IllegalArgumentException.class, () -> CellStore.read(broken));
    assertEquals(
        "cell result " + broken + " is not a JSON object; delete the file to run the cell again",
        e.getMessage());

    Files.writeString(broken, CELL.replace("\"prec@100\": 0.75", "\"prec@100\": \"high\""));
    e = assertThrows(IllegalArgumentException.class, () -> CellStore.read(broken));
    assertEquals(
        "cell result "
            + broken
            + " has no key \"prec@100\" holding a number; delete the file to run the cell again",
        e.getMessage());

    Files.writeString(broken, CELL.replace("[30.0, 31.0, 29.5]", "[30.0, \"x\"]"));
    e = assertThrows(IllegalArgumentException.class, () -> CellStore.read(broken));
    assertEquals(
        "cell result "
            + broken
            + " has no key \"epoch_seconds\" holding a list of numbers; delete the file to run the"
            + " cell again",
        e.getMessage());
  }
}
