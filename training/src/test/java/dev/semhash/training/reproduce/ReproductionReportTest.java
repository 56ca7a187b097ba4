package dev.semhash.training.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.data.SharedData;
import dev.semhash.training.eval.HammingEvaluation.TiedPrecision;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The reproduction page from hand-made cells, and the thesis's numbers. Runs in about 1 s. */
class ReproductionReportTest {
  static final String THESIS =
      """
      # comment
      dataset\tmethod\tthesis_name\t8\t16\t32\t64\t128\tsource
      20newsgroups\tlsh\tLSH\t.0535\t.0554\t.0581\t.0643\t.0738\ttable 5.4
      20newsgroups\tnbrreg\tNbrReg\t.3463\t.4120\t.4644\t.4768\t.4893\ttable 4.1
      """;

  static CellResult cell(
      String method,
      int bits,
      double prec,
      double ndcg,
      double r2,
      double train,
      List<Double> epochs,
      List<Double> cpu,
      Double encoder) {
    return cell(method, bits, prec, ndcg, r2, train, epochs, cpu, encoder, null);
  }

  static CellResult cell(
      String method,
      int bits,
      double prec,
      double ndcg,
      double r2,
      double train,
      List<Double> epochs,
      List<Double> cpu,
      Double encoder,
      Double load) {
    return new CellResult(
        "20newsgroups",
        method,
        bits,
        prec,
        ndcg,
        r2,
        train,
        epochs,
        cpu,
        encoder,
        load,
        42,
        "./semhash reproduce --bits 32",
        "2 cores, Java 25",
        false);
  }

  static ReproductionReport report(List<CellResult> cells) {
    Map<String, String> titles = new LinkedHashMap<>();
    titles.put("20newsgroups", "20 Newsgroups");
    titles.put("citeseer", "CiteSeer");
    return new ReproductionReport(
        titles, List.of("lsh", "sth", "vdsh"), ThesisNumbers.parse(THESIS, "test"), cells);
  }

  @Test
  void rendersOursBesideTheThesisWithDashesForMissingNumbers() {
    List<CellResult> cells =
        List.of(
            cell("lsh", 32, 0.0699, 0.07344, 0.00771, 0.12, List.of(), List.of(), 13760.4),
            cell(
                "vdsh",
                8,
                0.31234,
                0.35,
                0.2,
                120.04,
                List.of(10.0, 12.0),
                List.of(15.0, 17.0),
                9000.0),
            cell("vdsh", 24, 1.0, 0.999995, 0.5, 61.0, List.of(30.5), List.of(), null));
    String expected =
        """
        # Reproduction of the thesis's semantic-hashing tables

        Our runs of the thesis's protocol (`EVALUATION.md` section 1) beside the thesis's Prec@100
        (its tables as quoted in `EVALUATION.md`). Each cell, a method at one code length on one
        dataset, is one JSON file in [results/](results/). "—" marks a number that does not exist:
        a cell not run yet, or a method the thesis does not report on that dataset.

        - Written by: `./semhash reproduce --report-only`; `--report-only` rewrites this page and the plots
          from results/ without training, and a run skips the cells whose file exists.
        - Cells computed by: `./semhash reproduce --bits 32` (3 cells)
        - Seed: 42
        - Machine: 2 cores, Java 25
        - Protocol: train on the training split; every test document is a query ranking all training
          documents by Hamming distance (ties in training-document order); relevant = shares a label.
          Bag of words: Lucene analysis, 10,000 terms by document frequency, TF-IDF (LSH: term frequencies,
          its default since 2026-11-27; cells whose `settings.weighting` is tfidf predate it).
          A neural method keeps the epoch of least reconstruction loss (without the KL term) on held-out
          training documents, never one chosen on the test queries, and stops early only once the KL
          weight is 1. Cells whose file has no `early_stopping` in `model_info` predate this (2026-11-25):
          they kept the epoch of least ELBO and could stop during the annealing. The unsupervised methods
          stop no earlier than after 50,000 training documents (2026-11-29; `min_training_documents` in
          `model_info`): none of their cells computed before stopped early, so the floor does not change them.
          The KL weight reaches 1 after 5,000 training documents for codes of 32 bits and more, and for VDSH-S
          and VDSH-SP at every length, as in the authors' code; shorter VDSH and node2hash codes, NbrReg and
          NbrReg+Doc add the thesis text's 1/5000 per mini-batch. Cells of VDSH, VDSH-S, VDSH-SP and node2hash
          at 32 bits and more whose `kl_anneal_step` is 2.0E-4 predate this (2026-11-26), as do VDSH-S and
          VDSH-SP cells under 32 bits with that step (2026-11-27).
          Codes are the encoder's means thresholded at each bit's median over the training documents, as in
          the thesis. Rows `METHOD+itq` hold the same networks' codes after iterative quantization (ITQ,
          Gong and Lazebnik 2011: the means centred and rotated so that their signs lose the least; `--binarization itq`);
          beside them stands the thesis's number for METHOD, made with medians. A cell with `derived_from` was
          made from its median cell's kept network (`reproduce --binarization itq --from-kept-models`), which gives the
          same codes as training with `--binarization itq`.
        @THESIS@

        ## 20 Newsgroups

        ![Prec@100 against code length on 20 Newsgroups](prec100-20newsgroups.png)

        **Prec@100**, ours / thesis:

        | method | 8 bits | 16 bits | 24 bits | 32 bits | 64 bits | 128 bits | thesis table |
        |---|---|---|---|---|---|---|---|
        | lsh | — / .0535 | — / .0554 | — / — | .0699 / .0581 | — / .0643 | — / .0738 | table 5.4 |
        | vdsh | .3123 / — | — / — | 1.0000 / — | — / — | — / — | — / — | — |
        | nbrreg (thesis only) | — / .3463 | — / .4120 | — / — | — / .4644 | — / .4768 | — / .4893 | table 4.1 |

        **NDCG@100**, ours (the thesis's tables give Prec@100 only):

        | method | 8 bits | 16 bits | 24 bits | 32 bits | 64 bits | 128 bits |
        |---|---|---|---|---|---|---|
        | lsh | — | — | — | .0734 | — | — |
        | vdsh | .3500 | — | 1.0000 | — | — | — |

        **Precision within Hamming radius 2**, ours:

        | method | 8 bits | 16 bits | 24 bits | 32 bits | 64 bits | 128 bits |
        |---|---|---|---|---|---|---|
        | lsh | — | — | — | .0077 | — | — |
        | vdsh | .2000 | — | .5000 | — | — | — |

        **Training time**, seconds of wall time, ours:

        | method | 8 bits | 16 bits | 24 bits | 32 bits | 64 bits | 128 bits |
        |---|---|---|---|---|---|---|
        | lsh | — | — | — | 0.1 | — | — |
        | vdsh | 120.0 | — | 61.0 | — | — | — |

        ## CiteSeer

        ![Prec@100 against code length on CiteSeer](prec100-citeseer.png)

        **Prec@100**, ours / thesis:

        | method | 8 bits | 16 bits | 32 bits | 64 bits | 128 bits | thesis table |
        |---|---|---|---|---|---|---|

        No cell of this dataset has been run yet.

        ## Speed

        Targets (issue 4): VDSH on 20 Newsgroups under 10 s per epoch and under 300 s per training on
        the 2-core machine; the pure-Java encoder at least 5,000 documents per second per core.
        Epoch and training times are wall time on a machine shared with other jobs; CPU s/epoch is the
        process's CPU time over both cores, which other jobs do not inflate. The encoder rate
        is text to code (Lucene analysis, TF-IDF, the network, binarisation) of every test document,
        one thread, divided by that thread's CPU time. Since 2026-11-26 (cells with
        `encoder.warm_up_cpu_seconds`) it is the fastest of 3 timed passes of at least 0.5 s,
        after 2 s of warm-up; before, one pass after a single warm-up pass, which on CiteSeer's 661
        test documents is too short for the JIT to compile the network's loops.
        Cells with `encoder.retimed_by` had their encoder timed again from the model their
        run kept (`reproduce --retime`, no training), on a quieter machine; the rest of
        their figures come from the training run.

        | dataset | method | bits | epochs | s/epoch (mean) | CPU s/epoch (mean) | training s | encoder docs/s/core |
        |---|---|---|---|---|---|---|---|
        | 20 Newsgroups | vdsh | 8 | 2 | 11.0 | 16.0 | 120.0 | 9,000 |
        | 20 Newsgroups | vdsh | 24 | 1 | 30.5 | — | 61.0 | — |

        Encoder, every cell: 9,000 to 13,760 documents per second per core over 2 cells.

        Targets:

        - VDSH on 20 Newsgroups, 8 bits: 11.0 s/epoch (under 10: missed), training 120.0 s (under 300: met)
        - VDSH on 20 Newsgroups, 24 bits: 30.5 s/epoch (under 10: missed), training 61.0 s (under 300: met)
        - Encoder at least 5,000 docs/s/core: met by every cell (2)
        """.replace("@THESIS@\n", ReproductionReport.THESIS_PROTOCOL);
    assertEquals(expected, report(cells).markdown("./semhash reproduce --report-only", "unused"));
  }

  @Test
  void machinesThatDifferOnlyInTheirHeapAreOneEntryWithTheHeapsRange() {
    String java = "2 cores, Java 25 (Adoptium), Linux amd64";
    assertEquals(
        java + ", max heap 1200 to 8192 MiB by cell; 4 cores, Java 21, max heap 2048 MiB; a laptop",
        ReproductionReport.machines(
            List.of(java + ", max heap 4096 MiB", "4 cores, Java 21, max heap 2048 MiB", java + ", max heap 8192 MiB",
                "a laptop", java + ", max heap 1200 MiB", java + ", max heap 4096 MiB", "a laptop")));
    assertEquals(java + ", max heap 4096 MiB", ReproductionReport.machines(List.of(java + ", max heap 4096 MiB")));
  }

  @Test
  void withoutCellsTheMachineIsTheCurrentOneAndNoSpeedRows() {
    String md = report(List.of()).markdown("./semhash reproduce", "1 core, Java 21");
    assertTrue(md.contains("- Seed: —\n- Machine: 1 core, Java 21\n"), md);
    assertTrue(md.contains("No cell with training epochs has been run yet.\n"), md);
    assertTrue(
        md.contains(
            "| lsh | — / .0535 | — / .0554 | — / .0581 | — / .0643 | — / .0738 | table 5.4 |\n"),
        md);
  }

  @Test
  void targetsAreCheckedAgainstTheirCells() {
    List<CellResult> cells =
        List.of(
            cell("vdsh", 32, 0.3, 0.3, 0.1, 280, List.of(9.5, 9.0), List.of(), 4999.4, 3.04),
            cell("vdsh", 64, 0.3, 0.3, 0.1, 280, List.of(9.5, 9.0), List.of(), 4000.0),
            cell("lsh", 32, 0.07, 0.07, 0.01, 0.1, List.of(), List.of(), 5000.0));
    assertEquals(
        List.of(
            "VDSH on 20 Newsgroups, 32 bits: 9.3 s/epoch (under 10: met), training 280.0 s (under"
                + " 300: met)",
            "VDSH on 20 Newsgroups, 64 bits: 9.3 s/epoch (under 10: met), training 280.0 s (under"
                + " 300: met)",
            "Encoder at least 5,000 docs/s/core: missed by 20newsgroups vdsh 32 (4,999, load 3.0),"
                + " 20newsgroups vdsh 64 (4,000)"),
        report(cells).targetChecks());
    assertTrue(
        report(cells)
            .speedSummary()
            .endsWith(
                "Target: Encoder at least 5,000 docs/s/core: missed by 20newsgroups vdsh 32 (4,999, load"
                    + " 3.0), 20newsgroups vdsh 64 (4,000)\n"));
  }

  @Test
  void aDatasetsReferenceRankingsStandUnderItsPrec100Table() {
    Map<String, String> titles = new LinkedHashMap<>();
    titles.put("20newsgroups", "20 Newsgroups");
    titles.put("citeseer", "CiteSeer");
    ReferenceResult ref =
        new ReferenceResult("20newsgroups", 1.0, 0.38789, "tfidf", 0.82244, 0.8224, 42, "./semhash eval-references --dataset D");
    ReproductionReport r =
        new ReproductionReport(
            titles, List.of("lsh"), ThesisNumbers.parse(THESIS, "test"),
            List.of(cell("lsh", 32, 0.07, 0.07, 0.01, 1, List.of(), List.of(), null)),
            Map.of("20newsgroups", ref));
    String md = r.markdown("./semhash reproduce", "2 cores");
    String expected =
        "**Rankings without codes**, the same queries (grey lines in the plot; `./semhash eval-references --dataset D`, seed 42):\n"
            + "\n| ranking | Prec@100 |\n|---|---|\n"
            + "| every training document sharing a label first: the ceiling | 1.0000 |\n"
            + "| label posterior of a linear classifier trained on the training labels (one-vs-rest logistic"
            + " regression, its top label right for 82.2 % of the queries): what supervised codes can hope to encode | .8224 |\n"
            + "| exhaustive cosine of the TF-IDF vectors: the input the codes compress | .3879 |\n";
    int at = md.indexOf(expected);
    assertTrue(at > 0, md);
    assertTrue(at > md.indexOf("## 20 Newsgroups") && at < md.indexOf("**NDCG@100**"), "under the Prec@100 table");
    assertEquals(at, md.lastIndexOf("**Rankings without codes**"), "CiteSeer has none");
    assertEquals(ref, r.references("20newsgroups"));
    assertEquals(null, r.references("citeseer"));
  }

  @Test
  void cellsThatPredateTodaysEarlyStoppingAreMarked() {
    CellResult fresh = cell("vdsh", 8, 0.31234, 0.35, 0.2, 120.04, List.of(10.0), List.of(), null);
    CellResult old = cell("lsh", 16, 0.4, 0.35, 0.2, 120.04, List.of(10.0), List.of(), null);
    CellResult stale =
        new CellResult(old.dataset(), old.method(), old.bits(), old.prec100(), old.ndcg100(), old.precR2(),
            old.trainSeconds(), old.epochSeconds(), old.epochCpuSeconds(), null, null, 42, "", "", true);
    String md = report(List.of(fresh, stale)).markdown("./semhash reproduce", "2 cores");
    assertTrue(md.contains("| vdsh | .3123 / — |"), md);
    assertTrue(md.contains("| lsh | — / .0535 | .4000\\* / .0554 |"), md);
    assertTrue(md.contains("\\* 1 cell predates the choice of epoch by held-out reconstruction loss"), md);
    assertEquals(1, md.split("cell predates", -1).length - 1, "one footnote, under 20 Newsgroups only");
  }

  @Test
  void nbrRegDocCellsReadingEachDocumentAloneAreMarked() {
    CellResult c = cell("lsh", 8, 0.4, 0.35, 0.2, 120.04, List.of(10.0), List.of(), null);
    CellResult self =
        new CellResult(c.dataset(), c.method(), c.bits(), c.prec100(), c.ndcg100(), c.precR2(), c.trainSeconds(),
            c.epochSeconds(), c.epochCpuSeconds(), null, null, 42, "", "", false, true);
    String md = report(List.of(self)).markdown("./semhash reproduce", "2 cores");
    assertTrue(md.contains("| lsh | .4000† / .0535 |"), md);
    assertTrue(md.contains("† 1 NbrReg+Doc cell's model reads each document as its own single neighbour"), md);
    assertTrue(md.contains("--upgrade-kept-models"), md);
    assertEquals(false, report(List.of(c)).markdown("./semhash reproduce", "2 cores").contains("†"));
  }

  @Test
  void cellSummaryNamesTheThesisNumber() {
    ThesisNumbers thesis = ThesisNumbers.parse(THESIS, "test");
    CellResult c = cell("lsh", 32, 0.0699, 0.07344, 0.00771, 0.12, List.of(), List.of(), 13760.4);
    assertEquals(
        "prec@100 .0699 (thesis .0581), ndcg@100 .0734, prec@r2 .0077; training 0.1 s; encoder"
            + " 13,760 docs/s/core",
        ReproductionReport.cellSummary(c, thesis));
    CellResult v =
        cell("vdsh", 8, 0.31234, 0.35, 0.2, 120.04, List.of(10.0, 12.0), List.of(15.0, 17.0), null);
    assertEquals(
        "prec@100 .3123 (thesis —), ndcg@100 .3500, prec@r2 .2000; training 120.0 s (2 epochs, 11.0"
            + " s/epoch, 16.0 CPU s/epoch)",
        ReproductionReport.cellSummary(v, thesis));
  }

  @Test
  void thesisTableErrorsNameTheLine() {
    IllegalArgumentException header =
        assertThrows(
            IllegalArgumentException.class, () -> ThesisNumbers.parse("method\tx\n", "t.tsv"));
    assertTrue(
        header.getMessage().startsWith("t.tsv line 1: expected the header"), header.getMessage());
    IllegalArgumentException number =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ThesisNumbers.parse(
                    "dataset\tmethod\tname\t8\tsource\nd\tm\tM\tabc\tt\n", "t.tsv"));
    assertEquals("t.tsv line 2: 'abc' is not a number", number.getMessage());
    IllegalArgumentException fields =
        assertThrows(
            IllegalArgumentException.class,
            () -> ThesisNumbers.parse("dataset\tmethod\tname\t8\tsource\nd\tm\tM\n", "t.tsv"));
    assertEquals("t.tsv line 2: expected 5 tab-separated fields, got 3", fields.getMessage());
  }

  /** Every number of EVALUATION.md's Prec@100 table is in the bundled resource, and no other. */
  @Test
  void bundledNumbersAreEvaluationMdsTable() throws Exception {
    Path evaluation =
        SharedData.dataset("20newsgroups").getParent().getParent().resolve("EVALUATION.md");
    Map<String, String> datasetKeys =
        Map.of("20 Newsgroups", "20newsgroups", "Reuters", "reuters", "Citeseer", "citeseer");
    Pattern row =
        Pattern.compile(
            "^\\| (20 Newsgroups|Reuters|Citeseer) \\| ([^|]+?) \\| (\\.\\d{4}) \\| (\\.\\d{4}) \\|"
                + " (\\.\\d{4}) \\| (\\.\\d{4}) \\| (\\.\\d{4}) \\| (table [\\d.]+) \\|$");
    ThesisNumbers bundled = ThesisNumbers.load();
    int rows = 0;
    for (String line : Files.readAllLines(evaluation)) {
      Matcher m = row.matcher(line);
      if (m.matches() == false) {
        continue;
      }
      rows++;
      String dataset = datasetKeys.get(m.group(1));
      String thesisName = m.group(2).replace(" (supervised)", "");
      ThesisNumbers.Row r =
          bundled.methods(dataset).stream()
              .map(x -> bundled.row(dataset, x))
              .filter(x -> x.thesisName().equals(thesisName))
              .findFirst()
              .orElseThrow(() -> new AssertionError(line));
      int[] bits = {8, 16, 32, 64, 128};
      for (int i = 0; i < bits.length; i++) {
        assertEquals(Double.parseDouble(m.group(3 + i)), r.prec100().get(bits[i]), 0, line);
      }
      assertEquals(m.group(8), r.source(), line);
    }
    assertEquals(14, rows);
    int bundledRows = 0;
    for (String d : datasetKeys.values()) {
      bundledRows += bundled.methods(d).size();
    }
    // and the two Reuters baselines taken from the thesis's table 3.1 directly
    assertEquals(16, bundledRows);
    assertEquals(0.3862, bundled.row("reuters", "lsh").prec100().get(32), 0);
    assertEquals(0.7554, bundled.row("reuters", "sth").prec100().get(32), 0);
    assertEquals(0.3389, bundled.prec100("20newsgroups", "vdsh", 32), 0);
    assertNull(bundled.prec100("citeseer", "lsh", 32));
  }
  @Test
  void manyCommandsGoToASectionOfTheirOwn() {
    List<CellResult> cells = new java.util.ArrayList<>();
    for (int i = 0; i < 5; i++) {
      CellResult c = cell("lsh", 8 << i, 0.1, 0.1, 0.1, 1, List.of(), List.of(), null);
      cells.add(new CellResult(c.dataset(), c.method(), c.bits(), c.prec100(), c.ndcg100(), c.precR2(), c.trainSeconds(),
          c.epochSeconds(), c.epochCpuSeconds(), c.encoderDocsPerCoreSecond(), c.encoderLoadAverage(), c.seed(),
          "./semhash reproduce --bits " + (i < 2 ? 8 : 8 << i), c.machine(), false));
    }
    String md = report(cells).markdown("./semhash reproduce --report-only", "m");
    assertTrue(md.contains("- Cells computed by: 4 commands, listed under [Commands](#commands) at the end;"), md);
    String section = md.substring(md.indexOf("\n## Commands\n"));
    assertTrue(section.contains("- `./semhash reproduce --bits 8` (2 cells)\n- `./semhash reproduce --bits 32` (1 cell)\n"), section);
    assertTrue(section.contains("- `./semhash reproduce --bits 128` (1 cell)\n"), section);
  }

  /** {@code c} as run with {@code seed}. */
  static CellResult withSeed(CellResult c, long seed) {
    return new CellResult(c.dataset(), c.method(), c.bits(), c.prec100(), c.ndcg100(), c.precR2(), c.trainSeconds(),
        c.epochSeconds(), c.epochCpuSeconds(), c.encoderDocsPerCoreSecond(), c.encoderLoadAverage(), seed,
        c.command(), c.machine(), false);
  }

  @Test
  void replicatesGiveEachCellItsMeanAndSpreadOverSeeds() {
    CellResult table = cell("nbrreg", 32, 0.5, 0.5, 0.1, 10, List.of(5.0), List.of(9.0), null);
    List<CellResult> replicates = List.of(
        withSeed(cell("nbrreg", 32, 0.7, 0.5, 0.1, 10, List.of(5.0), List.of(9.0), null), 2),
        withSeed(cell("nbrreg", 32, 0.6, 0.5, 0.1, 10, List.of(5.0), List.of(9.0), null), 1),
        withSeed(cell("lsh", 8, 0.25, 0.2, 0.1, 0, List.of(), List.of(), null), 7));
    Map<String, String> titles = new LinkedHashMap<>();
    titles.put("20newsgroups", "20 Newsgroups");
    titles.put("citeseer", "CiteSeer");
    String md = new ReproductionReport(titles, List.of("lsh", "nbrreg"), ThesisNumbers.parse(THESIS, "test"),
        List.of(table), Map.of(), replicates).markdown("./semhash reproduce --report-only", "m");
    assertTrue(md.contains("- Seed: 42\n- Other seeds: 3 cells run again with seed 1, 2, 7"), md);
    String section = md.substring(md.indexOf("**Prec@100 over seeds**"), md.indexOf("**NDCG@100**"));
    // .5, .6, .7: mean .6, sample standard deviation sqrt((.01 + 0 + .01) / 2) = .1
    assertTrue(section.contains(
        "| lsh | 8 | — | .2500 (seed 7) | .2500 (1 seed) | .2500 to .2500 | .0535 |\n"
            + "| nbrreg | 32 | .5000 | .6000 (seed 1), .7000 (seed 2) | .6000 ± .1000 (3 seeds) | .5000 to .7000 | .4644 |\n"),
        section);
    assertEquals(-1, md.indexOf("Prec@100 over seeds", md.indexOf("## CiteSeer")), "CiteSeer has no replicate");
    String without = report(List.of(table)).markdown("./semhash reproduce --report-only", "m");
    assertEquals(-1, without.indexOf("over seeds"), "no replicates, no table");
    assertThrows(IllegalArgumentException.class, () -> new ReproductionReport(titles, List.of("nbrreg"),
        ThesisNumbers.parse(THESIS, "test"), List.of(), Map.of(), List.of(table)));
  }

  static CellResult scored(CellResult c, long seed, List<Double> byEpoch) {
    return new CellResult(c.dataset(), c.method(), c.bits(), c.prec100(), c.ndcg100(), c.precR2(), c.trainSeconds(),
        c.epochSeconds(), c.epochCpuSeconds(), c.encoderDocsPerCoreSecond(), c.encoderLoadAverage(), seed,
        c.command(), c.machine(), false, false, byEpoch);
  }

  static CellResult labelChosen(CellResult c, int epoch) {
    return new CellResult(c.dataset(), c.method(), c.bits(), c.prec100(), c.ndcg100(), c.precR2(), c.trainSeconds(),
        c.epochSeconds(), c.epochCpuSeconds(), c.encoderDocsPerCoreSecond(), c.encoderLoadAverage(), c.seed(),
        c.command(), c.machine(), false, false, c.prec100ByEpoch(), epoch);
  }

  @Test
  void cellsScoredEveryEpochGiveTheEpochHeldOutLabelsChose() {
    CellResult table = scored(cell("nbrreg", 8, 0.33, 0.3, 0.1, 10, List.of(5.0, 5.0, 5.0), List.of(), null), 42,
        List.of(0.30, 0.36, 0.33));
    CellResult seed1 = scored(cell("nbrreg", 8, 0.30, 0.3, 0.1, 10, List.of(5.0, 5.0, 5.0), List.of(), null), 1,
        List.of(0.31, 0.32, 0.30));
    Map<String, String> titles = new LinkedHashMap<>();
    titles.put("20newsgroups", "20 Newsgroups");
    // held-out labels kept epoch 3 (.33) with seed 42 and epoch 2 (.32) with seed 1: mean .325,
    // sd sqrt(2 * .005^2) = .0071; the best epochs .36 and .32; the loss kept .33 and .30
    String both = new ReproductionReport(titles, List.of("nbrreg"), ThesisNumbers.parse(THESIS, "test"),
        List.of(labelChosen(table, 3)), Map.of(), List.of(labelChosen(seed1, 2)))
        .markdown("./semhash reproduce --report-only", "m");
    assertTrue(both.contains(
        "| nbrreg | 8 | .3600 (2; seed 42), .3200 (2; seed 1) | .3400 ± .0283 | .3250 ± .0071 (epochs 3, 2) | .3150 | .3463 |\n"),
        both);
    String one = new ReproductionReport(titles, List.of("nbrreg"), ThesisNumbers.parse(THESIS, "test"),
        List.of(labelChosen(table, 3)), Map.of(), List.of(seed1)).markdown("./semhash reproduce --report-only", "m");
    assertTrue(one.contains("| .3300 (epoch 3; 1 of 2 seeds) |"), one);
    assertThrows(IllegalArgumentException.class, () -> labelChosen(table, 4), "only 3 epochs were scored");
    assertThrows(IllegalArgumentException.class, () -> labelChosen(table, -1));
  }

  @Test
  void cellsScoredEveryEpochGiveTheBestEpochBesideTheKeptOne() {
    CellResult table = scored(cell("nbrreg", 8, 0.33, 0.3, 0.1, 10, List.of(5.0, 5.0, 5.0), List.of(), null), 42,
        List.of(0.30, 0.36, 0.33));
    List<CellResult> replicates = List.of(
        scored(cell("nbrreg", 8, 0.31, 0.3, 0.1, 10, List.of(5.0, 5.0, 5.0), List.of(), null), 1,
            List.of(0.31, 0.31, 0.30)),
        withSeed(cell("nbrreg", 8, 0.29, 0.3, 0.1, 10, List.of(5.0), List.of(), null), 2));
    Map<String, String> titles = new LinkedHashMap<>();
    titles.put("20newsgroups", "20 Newsgroups");
    String md = new ReproductionReport(titles, List.of("nbrreg"), ThesisNumbers.parse(THESIS, "test"),
        List.of(table), Map.of(), replicates).markdown("./semhash reproduce --report-only", "m");
    String section = md.substring(md.indexOf("**Prec@100 of the best epoch**"), md.indexOf("**NDCG@100**"));
    // best epochs .36 (epoch 2) and .31 (epoch 1, the first of two equals): mean .335, sd sqrt(2 * .025^2) = .0354;
    // kept epochs .33 and .31: mean .32; seed 2 was not scored, so it is left out of both
    assertTrue(section.contains(
        "| nbrreg | 8 | .3600 (2; seed 42), .3100 (1; seed 1) | .3350 ± .0354 | — | .3200 | .3463 |\n"), section);
    String without = report(List.of(cell("nbrreg", 8, 0.33, 0.3, 0.1, 10, List.of(5.0), List.of(), null)))
        .markdown("./semhash reproduce --report-only", "m");
    assertEquals(-1, without.indexOf("**Prec@100 of the best epoch**"), "no scored cell, no table");
  }

  /** {@code c} with Prec@100 under the worst, a random and the best order of its tied documents. */
  static CellResult withTies(CellResult c, long seed, double worst, double expected, double best) {
    return new CellResult(c.dataset(), c.method(), c.bits(), c.prec100(), c.ndcg100(), c.precR2(),
        c.trainSeconds(), c.epochSeconds(), c.epochCpuSeconds(), null, null, seed, "", "", false, false, List.of(), 0,
        new TiedPrecision(worst, expected, best));
  }

  @Test
  void cellsWithATieRangeGetATableOfIt() {
    CellResult c = cell("nbrreg", 8, 0.3499, 0.3, 0.1, 10, List.of(5.0), List.of(), null);
    CellResult tied = withTies(c, 42, 0.217, 0.3721, 0.6202);
    List<CellResult> replicates = List.of(
        withTies(cell("nbrreg", 8, 0.33, 0.3, 0.1, 10, List.of(5.0), List.of(), null), 1, 0.2, 0.3521, 0.6),
        withTies(cell("nbrreg", 32, 0.45, 0.3, 0.1, 10, List.of(5.0), List.of(), null), 1, 0.4, 0.4512, 0.5));
    Map<String, String> titles = new LinkedHashMap<>();
    titles.put("20newsgroups", "20 Newsgroups");
    String md = new ReproductionReport(titles, List.of("nbrreg"), ThesisNumbers.parse(THESIS, "test"),
        List.of(tied), Map.of(), replicates).markdown("./semhash reproduce --report-only", "m");
    String section = md.substring(md.indexOf("**Prec@100 whatever order the tied documents take**"), md.indexOf("**NDCG@100**"));
    // seed 42's expected value in the code-length layout; at 8 bits the mean of seeds 42 and 1,
    // (.3721 + .3521) / 2 = .3621; at 32 bits only seed 1 recorded it, so its value stands alone
    assertTrue(section.contains(
        "| nbrreg | .3721 (.3621, 2 seeds) / .3463 | — / .4120 | — (.4512, 1 seed) / .4644 | — / .4768 | — / .4893 |\n"), section);
    assertTrue(section.contains("<details>"), section);
    assertTrue(section.contains("| nbrreg | 8 | 42 | .3499 | .2170 | .3721 | .6202 | .3463 |\n"
        + "| nbrreg | 8 | 1 | .3300 | .2000 | .3521 | .6000 | .3463 |\n"
        + "| nbrreg | 32 | 1 | .4500 | .4000 | .4512 | .5000 | .4644 |\n"), section);
    assertEquals(-1, report(List.of(c)).markdown("./semhash reproduce --report-only", "m").indexOf("tied documents take"),
        "no cell with a tie range, no table");
  }
}
