package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.hashing.vdsh.NeighbourEncoder;
import dev.semhash.training.hashing.vdsh.QueryPrecisionByEpoch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code semhash reproduce} on a small three-topic dataset placed where 20 Newsgroups would be:
 * cells are written, existing cells skipped, {@code --force} redoes them, and bad inputs fail
 * clearly. Runs in about 10 s.
 */
class ReproduceCommandTest {
  @TempDir Path tmp;

  static final String HAND_MADE_CELL =
      """
      {"dataset": "20newsgroups", "method": "lsh", "bits": 16, "prec@100": 0.123456, "ndcg@100": 0.2,
       "prec@r2": 0.1, "train_seconds": 0.5, "seed": 42, "command": "hand-made"}
      """;

  private String[] args(Path data, Path out, String... more) {
    String[] base = {
      "reproduce",
      "--data-root",
      data.toString(),
      "--datasets",
      "20newsgroups",
      "--methods",
      "lsh",
      "--bits",
      "8,16",
      "--out",
      out.toString(),
      "--min-df",
      "1",
      "--no-progress",
      "--work-dir",
      tmp.resolve("work").toString()
    };
    String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  /** {@link #args} for VDSH at 8 bits. */
  private String[] vdshArgs(Path data, Path out, String... more) {
    String[] args = args(data, out, more);
    args[6] = "vdsh"; // --methods
    args[8] = "8"; // --bits
    return args;
  }

  @Test
  void runsMissingCellsSkipsDoneOnesAndForceRedoesThem() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 40, 10);
    Path out = tmp.resolve("out");
    Path cell8 = out.resolve("results/20newsgroups-lsh-8.json");
    Path cell16 = out.resolve("results/20newsgroups-lsh-16.json");
    Files.createDirectories(cell16.getParent());
    Files.writeString(cell16, HAND_MADE_CELL);

    CliTestSupport.Outcome first = CliTestSupport.run(args(data, out));
    assertEquals(0, first.exitCode(), first.err());
    assertEquals(HAND_MADE_CELL, Files.readString(cell16), "a cell whose file exists is skipped");
    JsonNode json = CliTestSupport.json(cell8);
    assertEquals("20newsgroups", json.get("dataset").asText());
    assertEquals("lsh", json.get("method").asText());
    assertEquals(8, json.get("bits").asInt());
    assertEquals(42, json.get("seed").asLong());
    // 40 training documents per topic: at most 40 of the top 100 are relevant (.40), chance is
    // .333.
    assertTrue(json.get("prec@100").asDouble() > 0.37, json.toString());
    assertTrue(json.get("encoder").get("text_docs_per_cpu_second").asDouble() > 0, json.toString());
    assertEquals(
        "./semhash reproduce --data-root "
            + data
            + " --datasets 20newsgroups --methods lsh --bits 8,16 --out "
            + out
            + " --min-df 1 --no-progress --work-dir "
            + tmp.resolve("work"),
        json.get("command").asText());
    String readme = Files.readString(out.resolve("README.md"));
    assertTrue(
        readme.contains(
            "| lsh | "
                + String.format(Locale.ROOT, "%.4f", json.get("prec@100").asDouble())
                    .substring(1)
                + " / .0535 | .1235 / .0554 | — / .0581 | — / .0643 | — / .0738 | table 5.4 |"),
        readme);
    assertTrue(readme.contains("`hand-made` (1 cell)"), readme);
    for (String d : new String[] {"20newsgroups", "reuters", "citeseer"}) {
      assertTrue(Files.size(out.resolve("prec100-" + d + ".png")) > 1000, d);
    }
    // the dataset's rankings without codes, once: 40 training documents per topic, ceiling .40
    Path references = out.resolve("results/references/20newsgroups.json");
    JsonNode ref = CliTestSupport.json(references);
    assertEquals(0.4, ref.get("prec@100_ceiling").asDouble(), 0);
    assertEquals("./semhash eval-references --dataset " + data.resolve("20newsgroups"), ref.get("command").asText());
    assertTrue(ref.get("label_posterior").get("prec@100").asDouble() > 0.37, ref.toString());
    assertTrue(readme.contains("**Rankings without codes**"), readme);
    assertFalse(Files.exists(out.resolve("results/references/reuters.json")), "only the datasets run");

    byte[] before8 = Files.readAllBytes(cell8);
    byte[] referencesBefore = Files.readAllBytes(references);
    CliTestSupport.Outcome again = CliTestSupport.run(args(data, out));
    assertEquals(0, again.exitCode(), again.err());
    assertEquals(new String(referencesBefore), Files.readString(references), "computed once");
    assertEquals(HAND_MADE_CELL, Files.readString(cell16));
    assertEquals(new String(before8), Files.readString(cell8), "nothing to run the second time");

    CliTestSupport.Outcome forced = CliTestSupport.run(args(data, out, "--force"));
    assertEquals(0, forced.exitCode(), forced.err());
    JsonNode redone = CliTestSupport.json(cell16);
    assertNotEquals(0.123456, redone.get("prec@100").asDouble());
    assertEquals(16, redone.get("bits").asInt());

    // --report-only trains nothing: it works without the data and leaves the cells alone.
    Files.delete(cell8);
    CliTestSupport.Outcome report =
        CliTestSupport.run(args(tmp.resolve("no-data"), out, "--report-only"));
    assertEquals(0, report.exitCode(), report.err());
    assertFalse(Files.exists(cell8));
    assertTrue(Files.readString(out.resolve("README.md")).contains("| lsh | — / .0535 |"));
  }

  @Test
  void retimeReplacesOnlyTheEncoderFiguresFromTheKeptModels() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 40, 10);
    Path out = tmp.resolve("out");
    CliTestSupport.Outcome first = CliTestSupport.run(args(data, out));
    assertEquals(0, first.exitCode(), first.err());
    Path cell8 = out.resolve("results/20newsgroups-lsh-8.json");
    Path cell16 = out.resolve("results/20newsgroups-lsh-16.json");
    Path model8 = tmp.resolve("work/reproduce-models/20newsgroups-lsh-8.hashmodel");
    Path model16 = tmp.resolve("work/reproduce-models/20newsgroups-lsh-16.hashmodel");
    assertTrue(Files.isRegularFile(model8) && Files.isRegularFile(model16));
    JsonNode before = CliTestSupport.json(cell8);
    assertEquals(model8.toString(), before.get("model_kept").asText());
    assertFalse(before.has("learning_curve"), "LSH trains in one pass: no curve");
    String before16 = Files.readString(cell16);

    Files.delete(model16);
    CliTestSupport.Outcome retimed = CliTestSupport.run(args(data, out, "--retime"));
    assertEquals(0, retimed.exitCode(), retimed.err());
    JsonNode after = CliTestSupport.json(cell8);
    assertTrue(after.get("encoder").get("retimed_by").asText().endsWith("--retime"), after.toString());
    assertTrue(after.get("encoder").get("text_docs_per_cpu_second").asDouble() > 0);
    ((com.fasterxml.jackson.databind.node.ObjectNode) before).remove("encoder");
    ((com.fasterxml.jackson.databind.node.ObjectNode) after).remove("encoder");
    assertEquals(before, after, "only the encoder figures change");
    assertEquals(before16, Files.readString(cell16), "a cell without its kept model is left alone");

    Files.delete(model8);
    assertEquals(1, CliTestSupport.run(args(data, out, "--retime")).exitCode(), "nothing to time");
    CliTestSupport.Outcome unkept = CliTestSupport.run(args(data, out, "--force", "--no-keep-models"));
    assertEquals(0, unkept.exitCode(), unkept.err());
    assertFalse(Files.exists(model8), "--no-keep-models keeps none");
    assertFalse(CliTestSupport.json(cell8).has("model_kept"));
    CliTestSupport.Outcome both = CliTestSupport.run(args(data, out, "--retime", "--report-only"));
    assertEquals(1, both.exitCode());
    assertTrue(both.err().contains("give one of them"), both.err());
    CliTestSupport.Outcome force = CliTestSupport.run(args(data, out, "--retime", "--force"));
    assertEquals(1, force.exitCode());
    assertTrue(force.err().contains("--retime trains nothing"), force.err());
  }

  @Test
  void cellsRecordTheMethodOptionsTheyWereMadeWith() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 20, 5);
    Path out = tmp.resolve("out");
    CliTestSupport.Outcome r = CliTestSupport.run(vdshArgs(data, out, "--epochs", "1", "--hidden", "8"));
    assertEquals(0, r.exitCode(), r.err());
    JsonNode cell = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh-8.json"));
    assertEquals(1, cell.get("epochs").asInt());
    assertEquals(1, cell.get("method_options").get("--epochs").asInt());
    assertEquals(8, cell.get("method_options").get("--hidden").asInt());
    assertTrue(cell.get("command").asText().endsWith("--epochs 1 --hidden 8"), cell.toString());
  }

  /** One run, two corpora: LSH's cells read term frequencies, STH's TF-IDF, unless --weighting says. */
  @Test
  void eachMethodTrainsOnItsOwnWeighting() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 20, 5);
    Path out = tmp.resolve("out");
    String[] both = args(data, out);
    both[6] = "lsh,sth"; // --methods
    both[8] = "8"; // --bits
    CliTestSupport.Outcome r = CliTestSupport.run(both);
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("tf", CliTestSupport.json(out.resolve("results/20newsgroups-lsh-8.json")).get("settings").get("weighting").asText());
    assertEquals("tfidf", CliTestSupport.json(out.resolve("results/20newsgroups-sth-8.json")).get("settings").get("weighting").asText());

    String[] given = java.util.Arrays.copyOf(both, both.length + 3);
    given[both.length] = "--weighting";
    given[both.length + 1] = "binary";
    given[both.length + 2] = "--force";
    assertEquals(0, CliTestSupport.run(given).exitCode());
    for (String m : new String[] {"lsh", "sth"}) {
      JsonNode cell = CliTestSupport.json(out.resolve("results/20newsgroups-" + m + "-8.json"));
      assertEquals("binary", cell.get("settings").get("weighting").asText(), m);
    }
  }

  @Test
  void itqCellsAreRowsOfTheirOwnBesideTheThesissMethod() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 20, 5);
    Path out = tmp.resolve("out");
    String[] options = {"--epochs", "1", "--hidden", "8"};
    // --from-kept-models needs the median cell and its model first
    CliTestSupport.Outcome early = CliTestSupport.run(vdshArgs(data, out, "--binarization", "itq", "--from-kept-models"));
    assertEquals(1, early.exitCode());
    assertEquals(0, CliTestSupport.run(vdshArgs(data, out, options)).exitCode());
    CliTestSupport.Outcome derivedRun = CliTestSupport.run(vdshArgs(data, out, "--binarization", "itq", "--from-kept-models"));
    assertEquals(0, derivedRun.exitCode(), derivedRun.err());
    Path itqFile = out.resolve("results/20newsgroups-vdsh+itq-8.json");
    JsonNode derived = CliTestSupport.json(itqFile);
    assertEquals("20newsgroups-vdsh-8.json", derived.get("derived_from").get("cell").asText());
    assertEquals(1, derived.get("epochs").asInt(), "the median cell's training figures");
    assertEquals("itq", derived.get("settings").get("binarization").asText());

    // training with --binarization itq gives the same codes as rotating the kept network
    String[] itq = vdshArgs(data, out, "--epochs", "1", "--hidden", "8", "--binarization", "itq", "--force");
    CliTestSupport.Outcome r = CliTestSupport.run(itq);
    assertEquals(0, r.exitCode(), r.err());
    JsonNode cell = CliTestSupport.json(itqFile);
    assertFalse(cell.has("derived_from"));
    for (String metric : new String[] {"prec@100", "ndcg@100", "prec@r2"}) {
      assertEquals(derived.get(metric).asDouble(), cell.get(metric).asDouble(), 0, metric);
    }
    assertEquals("vdsh+itq", cell.get("method").asText());
    assertEquals("itq", cell.get("model_info").get("binarization").asText());
    assertTrue(Files.isRegularFile(tmp.resolve("work/reproduce-models/20newsgroups-vdsh+itq-8.hashmodel")));
    Path curve = tmp.resolve("work/reproduce-models/20newsgroups-vdsh+itq-8-learning-curve.png");
    assertEquals(curve.toString(), cell.get("learning_curve").asText(), "a neural cell's loss by epoch, beside its model");
    assertTrue(Files.size(curve) > 1000);
    JsonNode plain = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh-8.json"));
    assertEquals("median", plain.get("model_info").get("binarization").asText());
    String readme = Files.readString(out.resolve("README.md"));
    // the ITQ row follows VDSH's and shows the thesis's VDSH figure beside ours
    int vdshRow = readme.indexOf("\n| vdsh | ");
    int itqRow = readme.indexOf("\n| vdsh+itq | ");
    assertTrue(vdshRow > 0 && itqRow > vdshRow, readme);
    assertTrue(readme.startsWith(
        "\n| vdsh+itq | "
            + String.format(Locale.ROOT, "%.4f", cell.get("prec@100").asDouble()).substring(1)
            + " / .2841 |", itqRow), readme);
    assertFalse(readme.contains("| vdsh-s+itq |"), "a variant without cells has no row");
    // --retime takes --binarization itq as the choice of rows
    CliTestSupport.Outcome retimed = CliTestSupport.run(withRetime(itq));
    assertEquals(0, retimed.exitCode(), retimed.err());
    assertTrue(CliTestSupport.json(out.resolve("results/20newsgroups-vdsh+itq-8.json"))
        .get("encoder").has("retimed_by"));
  }

  /**
   * --with-itq writes the median cell and, from the network it kept, the ITQ cell: the same
   * figures as --from-kept-models gives afterwards.
   */
  @Test
  void withItqMakesBothRowsFromOneTraining() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 20, 5);
    Path out = tmp.resolve("out");
    CliTestSupport.Outcome both = CliTestSupport.run(vdshArgs(data, out, "--epochs", "1", "--hidden", "8", "--with-itq"));
    assertEquals(0, both.exitCode(), both.err());
    JsonNode median = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh-8.json"));
    JsonNode itq = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh+itq-8.json"));
    assertEquals("median", median.get("model_info").get("binarization").asText());
    assertEquals("itq", itq.get("model_info").get("binarization").asText());
    assertEquals("20newsgroups-vdsh-8.json", itq.get("derived_from").get("cell").asText());
    CliTestSupport.Outcome again = CliTestSupport.run(vdshArgs(data, out, "--binarization", "itq", "--from-kept-models", "--force"));
    assertEquals(0, again.exitCode(), again.err());
    JsonNode derived = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh+itq-8.json"));
    for (String metric : new String[] {"prec@100", "ndcg@100", "prec@r2"}) {
      assertEquals(itq.get(metric).asDouble(), derived.get(metric).asDouble(), 0, metric);
    }
    // LSH has no ITQ row, and --with-itq refuses what would make no median network
    assertEquals(0, CliTestSupport.run(args(data, out, "--with-itq")).exitCode());
    assertFalse(Files.exists(out.resolve("results/20newsgroups-lsh+itq-8.json")));
    CliTestSupport.Outcome sign = CliTestSupport.run(vdshArgs(data, out, "--with-itq", "--binarization", "sign"));
    assertEquals(1, sign.exitCode());
    assertTrue(sign.err().contains("--with-itq makes the ITQ row of each median cell it trains"), sign.err());
  }

  @Test
  void nbrRegDocCellsReadNeighbourhoodsAndOldKeptModelsUpgradeToTheSameCodes() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 20, 5);
    Path out = tmp.resolve("out");
    String[] nbrRegDoc = vdshArgs(data, out, "--epochs", "1", "--hidden", "8");
    nbrRegDoc[6] = "nbrreg-doc";
    CliTestSupport.Outcome trained = CliTestSupport.run(nbrRegDoc);
    assertEquals(0, trained.exitCode(), trained.err());
    JsonNode cell = CliTestSupport.json(out.resolve("results/20newsgroups-nbrreg-doc-8.json"));
    assertEquals(NeighbourEncoder.ENCODING, cell.get("model_info").get("neighbour_encoder").asText());
    assertEquals(20, cell.get("encoder").get("neighbours_pooled").asInt());
    // the kept model as a run before 2026-11-27 wrote it: each document its own neighbour
    Path kept = tmp.resolve("work/reproduce-models/20newsgroups-nbrreg-doc-8.hashmodel");
    try (HashModel model = HashModelFormat.read(kept)) {
      assertEquals(8, model.neighbourWidth());
      Map<String, String> info = new LinkedHashMap<>(model.info());
      info.put("neighbour_encoder", NeighbourEncoder.SELF_NEIGHBOUR);
      HashModelFormat.write(new HashModel(model.method(), info, model.analyzerSettings(), model.vocabulary(),
          model.weighting(), model.normalize(), model.inputLayer(), model.layers(), new float[8]), kept);
    }
    String[] upgrade = Arrays.copyOf(nbrRegDoc, nbrRegDoc.length - 4); // no --epochs, --hidden
    CliTestSupport.Outcome upgraded = CliTestSupport.run(append(upgrade, "--upgrade-kept-models", "--with-itq", "--force"));
    assertEquals(0, upgraded.exitCode(), upgraded.err());
    JsonNode again = CliTestSupport.json(out.resolve("results/20newsgroups-nbrreg-doc-8.json"));
    for (String metric : new String[] {"prec@100", "ndcg@100", "prec@r2"}) {
      assertEquals(cell.get(metric).asDouble(), again.get(metric).asDouble(), 0, metric);
    }
    assertEquals(cell.get("prec@100").asDouble(),
        again.get("derived_from").get("prec@100_reading_each_document_as_its_own_neighbour").asDouble(), 0);
    assertEquals(NeighbourEncoder.SELF_NEIGHBOUR, again.get("model_info").get("neighbour_encoder_before").asText());
    assertTrue(Files.exists(out.resolve("results/20newsgroups-nbrreg-doc+itq-8.json")));
    // eval-hash reads the upgraded model file with the neighbourhoods too, and gets the same figure
    Path json = tmp.resolve("eval.json");
    CliTestSupport.Outcome eval = CliTestSupport.run("eval-hash", "--dataset", data.resolve("20newsgroups").toString(),
        "--model", kept.toString(), "--min-df", "1", "--no-progress", "--json", json.toString());
    assertEquals(0, eval.exitCode(), eval.err());
    assertEquals(cell.get("prec@100").asDouble(), CliTestSupport.json(json).get("prec@100").asDouble(), 0);
    CliTestSupport.Outcome otherVocabulary = CliTestSupport.run("eval-hash", "--dataset",
        data.resolve("20newsgroups").toString(), "--model", kept.toString(), "--min-df", "30", "--no-progress");
    assertEquals(1, otherVocabulary.exitCode());
    assertTrue(otherVocabulary.err().contains("the --min-df and --max-df it was trained with"), otherVocabulary.err());
    // binarize rotates it as the ITQ row was made: the same codes
    Path itqModel = tmp.resolve("itq.hashmodel");
    CliTestSupport.Outcome rotated = CliTestSupport.run("binarize", "--model", kept.toString(), "--dataset",
        data.resolve("20newsgroups").toString(), "--binarization", "itq", "--out", itqModel.toString(), "--no-progress");
    assertEquals(0, rotated.exitCode(), rotated.err());
    CliTestSupport.Outcome evalItq = CliTestSupport.run("eval-hash", "--dataset", data.resolve("20newsgroups").toString(),
        "--model", itqModel.toString(), "--min-df", "1", "--no-progress", "--json", json.toString());
    assertEquals(0, evalItq.exitCode(), evalItq.err());
    assertEquals(CliTestSupport.json(out.resolve("results/20newsgroups-nbrreg-doc+itq-8.json")).get("prec@100").asDouble(),
        CliTestSupport.json(json).get("prec@100").asDouble(), 0);
    // only NbrReg+Doc cells upgrade
    CliTestSupport.Outcome vdsh = CliTestSupport.run(vdshArgs(data, out, "--upgrade-kept-models"));
    assertEquals(1, vdsh.exitCode());
    assertTrue(vdsh.err().contains("--upgrade-kept-models applies to --methods nbrreg-doc only"), vdsh.err());
  }

  private static String[] append(String[] args, String... more) {
    String[] all = Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }

  /** The ITQ arguments with --retime instead of the training options and --force. */
  private static String[] withRetime(String[] itq) {
    java.util.List<String> a = new java.util.ArrayList<>(java.util.Arrays.asList(itq));
    int epochs = a.indexOf("--epochs");
    a.subList(epochs, epochs + 4).clear(); // --epochs 1 --hidden 8
    a.remove("--force");
    a.add("--retime");
    return a.toArray(String[]::new);
  }

  /**
   * --seeds runs each cell once per seed: seed 42's in results/, the others' in results/seeds/ with
   * their own kept models, ITQ rows included; the page shows the spread.
   */
  @Test
  void seedsRunReplicatesBesideTheTableCells() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 20, 5);
    Path out = tmp.resolve("out");
    CliTestSupport.Outcome run =
        CliTestSupport.run(vdshArgs(data, out, "--epochs", "1", "--hidden", "8", "--with-itq", "--seeds", "42,7"));
    assertEquals(0, run.exitCode(), run.err());
    JsonNode table = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh-8.json"));
    JsonNode other = CliTestSupport.json(out.resolve("results/seeds/20newsgroups-vdsh-8-seed7.json"));
    JsonNode otherItq = CliTestSupport.json(out.resolve("results/seeds/20newsgroups-vdsh+itq-8-seed7.json"));
    assertEquals(42, table.get("seed").asLong());
    assertEquals(7, other.get("seed").asLong());
    assertEquals(7, otherItq.get("seed").asLong());
    assertEquals("20newsgroups-vdsh-8-seed7.json", otherItq.get("derived_from").get("cell").asText());
    Path keptModel = tmp.resolve("work/reproduce-models/20newsgroups-vdsh-8-seed7.hashmodel");
    assertEquals(keptModel.toString(), other.get("model_kept").asText());
    try (HashModel model = HashModelFormat.read(keptModel)) {
      assertEquals("7", model.info().get("seed"));
    }
    assertFalse(Files.exists(out.resolve("results/20newsgroups-vdsh-8-seed7.json")), "not a table cell");
    String readme = Files.readString(out.resolve("README.md"));
    double a = table.get("prec@100").asDouble();
    double b = other.get("prec@100").asDouble();
    String row = String.format(Locale.ROOT, "| vdsh | 8 | %.4f | %.4f (seed 7) | %.4f ± %.4f (2 seeds) |",
        a, b, (a + b) / 2, Math.abs(a - b) / Math.sqrt(2)).replace("0.", ".");
    assertTrue(readme.contains(row), row + "\n" + readme);
    assertTrue(readme.contains("- Seed: 42\n- Other seeds: 2 cells run again with seed 7"), readme);

    // a second run finds both seeds done; --seed and --seeds together are refused
    String before = Files.readString(out.resolve("results/seeds/20newsgroups-vdsh-8-seed7.json"));
    CliTestSupport.Outcome again = CliTestSupport.run(vdshArgs(data, out, "--epochs", "1", "--hidden", "8", "--seeds", "7,42"));
    assertEquals(0, again.exitCode(), again.err());
    assertEquals(before, Files.readString(out.resolve("results/seeds/20newsgroups-vdsh-8-seed7.json")));
    CliTestSupport.Outcome both = CliTestSupport.run(vdshArgs(data, out, "--seed", "1", "--seeds", "2,3"));
    assertEquals(1, both.exitCode());
    assertTrue(both.err().contains("--seed and --seeds both choose the seeds: give one of them"), both.err());
    CliTestSupport.Outcome twice = CliTestSupport.run(vdshArgs(data, out, "--seeds", "2,2"));
    assertEquals(1, twice.exitCode());
    assertTrue(twice.err().contains("--seeds needs different seeds, such as 1,2, got [2, 2]"), twice.err());
  }

  @Test
  void scoreEveryEpochRecordsEachEpochsPrecisionInTheMedianCellAlone() throws Exception {
    Path data = tmp.resolve("data");
    CliTestSupport.topicDataset(data.resolve("20newsgroups"), 20, 5);
    Path out = tmp.resolve("out");
    CliTestSupport.Outcome run = CliTestSupport.run(
        vdshArgs(data, out, "--epochs", "3", "--hidden", "8", "--with-itq", "--score-every-epoch"));
    assertEquals(0, run.exitCode(), run.err());
    JsonNode median = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh-8.json"));
    JsonNode byEpoch = median.get("prec@100_by_epoch");
    assertEquals(median.get("epoch_seconds").size(), byEpoch.size(), "one score per epoch trained");
    int kept = Integer.parseInt(median.get("model_info").get("best_epoch").asText());
    // the trainer's codes of the kept epoch against the exported model's, encoded by the pure-Java encoder
    assertEquals(median.get("prec@100").asDouble(), byEpoch.get(kept - 1).asDouble(), 0.01);
    assertTrue(median.get("command").asText().contains("--score-every-epoch"));
    JsonNode itq = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh+itq-8.json"));
    assertFalse(itq.has("prec@100_by_epoch"), "the scores were the median codes', not the rotated ones'");
    assertFalse(itq.has("prec@100_best_epoch"));
    String page = Files.readString(out.resolve("README.md"));
    int table = page.indexOf("**Prec@100 of the best epoch**");
    assertTrue(table >= 0, page);
    int best = QueryPrecisionByEpoch.bestEpoch(
        StreamSupport.stream(byEpoch.spliterator(), false).map(JsonNode::asDouble).toList());
    String row = String.format(Locale.ROOT, "| vdsh | 8 | %s (%d; seed 42) | ",
        String.format(Locale.ROOT, "%.4f", byEpoch.get(best - 1).asDouble()).substring(1), best);
    assertTrue(page.indexOf(row, table) > table, row + " in " + page.substring(table));

    CliTestSupport.Outcome lsh = CliTestSupport.run(args(data, out, "--score-every-epoch"));
    assertEquals(1, lsh.exitCode());
    assertTrue(lsh.err().contains("--score-every-epoch: lsh does not train by epochs"), lsh.err());
    // among methods that can be scored, LSH's cells train as ever
    String[] mixed = vdshArgs(data, out, "--score-every-epoch", "--force"); // --epochs would not apply to LSH
    mixed[6] = "lsh,vdsh";
    CliTestSupport.Outcome both = CliTestSupport.run(mixed);
    assertEquals(0, both.exitCode(), both.err());
    assertFalse(CliTestSupport.json(out.resolve("results/20newsgroups-lsh-8.json")).has("prec@100_by_epoch"));
    JsonNode vdsh = CliTestSupport.json(out.resolve("results/20newsgroups-vdsh-8.json"));
    assertEquals(vdsh.get("epoch_seconds").size(), vdsh.get("prec@100_by_epoch").size());
    CliTestSupport.Outcome reportOnly = CliTestSupport.run(vdshArgs(data, out, "--report-only", "--score-every-epoch"));
    assertEquals(1, reportOnly.exitCode());
    assertTrue(reportOnly.err().contains("--score-every-epoch scores the queries while a cell trains"), reportOnly.err());
  }

  @Test
  void badInputsSayWhatIsWrong() throws Exception {
    Path data = tmp.resolve("data");
    Path out = tmp.resolve("out");
    CliTestSupport.Outcome dataset =
        CliTestSupport.run(
            "reproduce", "--datasets", "20newsgroups,wikipedia", "--out", out.toString());
    assertEquals(1, dataset.exitCode());
    assertTrue(
        dataset
            .err()
            .contains("unknown dataset 'wikipedia'; choose one of 20newsgroups, reuters (or reuters21578), citeseer"),
        dataset.err());
    // the folder's name, as every other command takes it, names the same dataset
    assertEquals(
        dev.semhash.training.reproduce.ReproductionDataset.REUTERS,
        dev.semhash.training.reproduce.ReproductionDataset.parse("Reuters21578"));

    CliTestSupport.Outcome method =
        CliTestSupport.run("reproduce", "--methods", "lsh,magic", "--out", out.toString());
    assertEquals(1, method.exitCode());
    assertTrue(
        method.err().contains("unknown hashing method 'magic'; choose one of lsh, sth"),
        method.err());

    CliTestSupport.Outcome bits =
        CliTestSupport.run("reproduce", "--bits", "32,12", "--out", out.toString());
    assertEquals(1, bits.exitCode());
    assertTrue(bits.err().contains("--bits must be a multiple of 8 from 8 to 1024, got 12"), bits.err());

    CliTestSupport.Outcome epochs =
        CliTestSupport.run(
            "reproduce", "--methods", "vdsh,lsh", "--epochs", "3", "--out", out.toString());
    assertEquals(1, epochs.exitCode());
    assertTrue(
        epochs.err().contains("--epochs applies to the neural methods (vdsh, vdsh-s, vdsh-sp, nbrreg,"
            + " nbrreg-doc, node2hash), not lsh"),
        epochs.err());
    assertFalse(Files.exists(out.resolve("results/20newsgroups-vdsh-8.json")), "nothing trained");

    Path broken = out.resolve("results/reuters-vdsh-32.json");
    Files.createDirectories(broken.getParent());
    Files.writeString(broken, "{not json");
    CliTestSupport.Outcome cell =
        CliTestSupport.run("reproduce", "--report-only", "--out", out.toString());
    assertEquals(1, cell.exitCode());
    assertTrue(cell.err().contains("cannot read cell result " + broken + ": "), cell.err());
    assertTrue(cell.err().contains("delete the file to run the cell again"), cell.err());
    Files.delete(broken);

    CliTestSupport.Outcome missing = CliTestSupport.run(args(data, out));
    assertEquals(1, missing.exitCode());
    assertTrue(missing.err().contains("error: --data-root " + data + " holds no folder 20newsgroups/; give the folder"
        + " that holds 20newsgroups/, reuters21578/ and citeseer/"), missing.err());
  }
}
