package dev.semhash.training.reproduce;

import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.eval.Spread;
import dev.semhash.training.reference.ReferenceRankings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The reproduction's page: per dataset, Prec@100 of each method at each code length with the
 * thesis's number beside ours, then NDCG@100, precision within Hamming radius 2 and training time
 * (ours only: the thesis's tables give Prec@100), and a speed section (seconds per epoch, training
 * time and the encoder's documents per second per core). A number that does not exist, a cell not
 * run or a method the thesis does not report, is shown as "—".
 *
 * <p>Rows follow {@code methodOrder} (the registry's methods), keeping those with a result or a
 * thesis number on the dataset, then the thesis's methods that are not in the order.
 *
 * <pre class="prettyprint">
 * ReproductionReport r =
 *     new ReproductionReport(titles, List.of("lsh", "vdsh"), ThesisNumbers.load(), store.readAll());
 * Files.writeString(
 *     out.resolve("README.md"), r.markdown("./semhash reproduce", "2 cores, Java 25"));
 * </pre>
 */
public final class ReproductionReport {
  /** The code lengths of the thesis's tables: always columns, others join when run. */
  public static final List<Integer> STANDARD_BITS = List.of(8, 16, 32, 64, 128);

  static final String NONE = "—";

  /**
   * One method on one dataset: our results by code length and the thesis's Prec@100.
   *
   * @param method the method's name
   * @param implemented whether this build has the method ({@code methodOrder} lists it)
   * @param ours our results by code length
   * @param thesis the thesis's Prec@100 by code length
   * @param thesisSource where in the thesis the numbers come from, or ""
   */
  public record Row(
      String method,
      boolean implemented,
      Map<Integer, CellResult> ours,
      Map<Integer, Double> thesis,
      String thesisSource) {}

  private final Map<String, String> titles;
  private final List<String> methodOrder;
  private final ThesisNumbers thesis;
  private final List<CellResult> cells;
  private final Map<String, ReferenceResult> references;
  private final List<CellResult> replicates;

  /**
   * @param titles dataset keys, in page order, to their headings
   * @param methodOrder the methods of this build, in row order
   * @param thesis the thesis's numbers
   * @param cells our results
   */
  public ReproductionReport(
      Map<String, String> titles,
      List<String> methodOrder,
      ThesisNumbers thesis,
      List<CellResult> cells) {
    this(titles, methodOrder, thesis, cells, Map.of());
  }

  /**
   * As {@link #ReproductionReport(Map, List, ThesisNumbers, List)}, with each dataset's reference
   * rankings, stated under its Prec@100 table.
   *
   * @param references by dataset key; a dataset without any has no such paragraph
   */
  public ReproductionReport(
      Map<String, String> titles,
      List<String> methodOrder,
      ThesisNumbers thesis,
      List<CellResult> cells,
      Map<String, ReferenceResult> references) {
    this(titles, methodOrder, thesis, cells, references, List.of());
  }

  /**
   * As {@link #ReproductionReport(Map, List, ThesisNumbers, List, Map)}, with replicates: cells run
   * again with seeds other than the tables' ({@link CellStore#forSeed}). Each dataset with any gets
   * a table of Prec@100 over seeds, the table cell's seed and the replicates' together.
   *
   * @param replicates cells of other seeds than {@link CellStore#TABLE_SEED}
   */
  public ReproductionReport(
      Map<String, String> titles,
      List<String> methodOrder,
      ThesisNumbers thesis,
      List<CellResult> cells,
      Map<String, ReferenceResult> references,
      List<CellResult> replicates) {
    this.titles = new LinkedHashMap<>(titles);
    this.methodOrder = List.copyOf(methodOrder);
    this.thesis = thesis;
    this.cells = List.copyOf(cells);
    this.references = Map.copyOf(references);
    for (CellResult r : replicates) {
      if (r.seed() == CellStore.TABLE_SEED) {
        throw new IllegalArgumentException("the replicate " + r.dataset() + " " + r.method() + " " + r.bits()
            + " bits has the tables' own seed " + CellStore.TABLE_SEED + "; its file belongs in results/, not "
            + CellStore.REPLICATES + "/");
      }
    }
    this.replicates = List.copyOf(replicates);
  }

  /** The reference rankings of a dataset, or {@code null} if none were computed. */
  public ReferenceResult references(String dataset) {
    return references.get(dataset);
  }

  /**
   * The Prec@100 of a dataset's replicates, by method key and code length, in the order of their
   * seeds: what {@link Prec100Chart} marks beside the lines.
   */
  public Map<String, Map<Integer, List<Double>>> replicatePrec100(String dataset) {
    Map<String, Map<Integer, List<Double>>> byMethod = new TreeMap<>();
    replicatesOf(dataset).forEach((m, byBits) -> byBits.forEach((b, of) ->
        byMethod.computeIfAbsent(m, k -> new TreeMap<>()).put(b, of.stream().map(CellResult::prec100).toList())));
    return byMethod;
  }

  /** A dataset's replicates by method key and code length, each list in the order of the seeds. */
  private Map<String, Map<Integer, List<CellResult>>> replicatesOf(String dataset) {
    Map<String, Map<Integer, List<CellResult>>> byMethod = new TreeMap<>();
    replicates.stream()
        .filter(c -> c.dataset().equals(dataset))
        .sorted((a, b) -> Long.compare(a.seed(), b.seed()))
        .forEach(c -> byMethod.computeIfAbsent(c.method(), m -> new TreeMap<>())
            .computeIfAbsent(c.bits(), b -> new ArrayList<>())
            .add(c));
    return byMethod;
  }

  /** The PNG file name of a dataset's plot, relative to the page. */
  public static String plotFile(String dataset) {
    return "prec100-" + dataset + ".png";
  }

  /** The rows of a dataset's tables. */
  public List<Row> rows(String dataset) {
    Set<String> names = new LinkedHashSet<>();
    for (String m : methodOrder) {
      boolean variant = CellStore.baseMethod(m).equals(m) == false; // shown only once run
      if ((thesis.row(dataset, m) != null && variant == false)
          || cells.stream().anyMatch(c -> c.dataset().equals(dataset) && c.method().equals(m))) {
        names.add(m);
      }
    }
    names.addAll(thesis.methods(dataset));
    cells.stream()
        .filter(c -> c.dataset().equals(dataset))
        .map(CellResult::method)
        .forEach(names::add);
    List<Row> rows = new ArrayList<>();
    for (String m : names) {
      Map<Integer, CellResult> ours = new TreeMap<>();
      cells.stream()
          .filter(c -> c.dataset().equals(dataset) && c.method().equals(m))
          .forEach(c -> ours.put(c.bits(), c));
      ThesisNumbers.Row t = thesis.row(dataset, m);
      rows.add(
          new Row(
              m,
              methodOrder.contains(m),
              ours,
              t == null ? Map.of() : new TreeMap<>(t.prec100()),
              t == null ? "" : t.source()));
    }
    return rows;
  }

  /** The columns of a dataset's tables: the standard code lengths and any other that was run. */
  List<Integer> bitColumns(String dataset) {
    Set<Integer> bits = new TreeSet<>(STANDARD_BITS);
    cells.stream().filter(c -> c.dataset().equals(dataset)).forEach(c -> bits.add(c.bits()));
    return List.copyOf(bits);
  }

  /** The whole page. */
  public String markdown(String command, String machine) {
    StringBuilder md = new StringBuilder();
    md.append("# Reproduction of the thesis's semantic-hashing tables\n\n");
    md.append(
        "Our runs of the thesis's protocol (`EVALUATION.md` section 1) beside the thesis's"
            + " Prec@100\n");
    md.append(
        "(its tables as quoted in `EVALUATION.md`). Each cell, a method at one code length on"
            + " one\n");
    md.append(
        "dataset, is one JSON file in [results/](results/). \""
            + NONE
            + "\" marks a number that does not exist:\n");
    md.append("a cell not run yet, or a method the thesis does not report on that dataset.\n\n");
    md.append("- Written by: `")
        .append(command)
        .append("`; `--report-only` rewrites this page and the plots\n");
    md.append("  from results/ without training, and a run skips the cells whose file exists.\n");
    Map<String, Long> commands =
        cells.stream()
            .collect(
                Collectors.groupingBy(
                    CellResult::command, LinkedHashMap::new, Collectors.counting()));
    if (commands.size() > INLINE_COMMANDS) {
      md.append("- Cells computed by: ").append(commands.size())
          .append(" commands, listed under [Commands](#commands) at the end; each cell's file holds its own (`command`)\n");
    } else if (commands.isEmpty() == false) {
      md.append("- Cells computed by:");
      commands.forEach(
          (c, n) ->
              md.append(" `")
                  .append(c.isEmpty() ? "unknown" : c)
                  .append("` (")
                  .append(n)
                  .append(n == 1 ? " cell);" : " cells);"));
      md.setLength(md.length() - 1);
      md.append('\n');
    }
    Set<Long> seeds =
        cells.stream().map(CellResult::seed).collect(Collectors.toCollection(TreeSet::new));
    md.append("- Seed: ")
        .append(
            seeds.isEmpty()
                ? NONE
                : seeds.stream().map(String::valueOf).collect(Collectors.joining(", ")))
        .append('\n');
    if (replicates.isEmpty() == false) {
      Set<Long> others =
          replicates.stream().map(CellResult::seed).collect(Collectors.toCollection(TreeSet::new));
      md.append("- Other seeds: ")
          .append(replicates.size())
          .append(replicates.size() == 1 ? " cell" : " cells")
          .append(" run again with seed ")
          .append(others.stream().map(String::valueOf).collect(Collectors.joining(", ")))
          .append(" (`./semhash reproduce --seeds S,...`, files in results/")
          .append(CellStore.REPLICATES)
          .append("/); each dataset's \"Prec@100 over seeds\" table\n  gives their mean and spread\n");
    }
    List<String> machines = cells.stream().map(CellResult::machine).filter(m -> m.isEmpty() == false).toList();
    md.append("- Machine: ").append(machines.isEmpty() ? machine : machines(machines)).append('\n');
    md.append(
        "- Protocol: train on the training split; every test document is a query ranking all"
            + " training\n");
    md.append(
        "  documents by Hamming distance (ties in training-document order); relevant = shares a"
            + " label.\n");
    md.append("  Bag of words: Lucene analysis, 10,000 terms by document frequency, TF-IDF (LSH: term frequencies,\n"
        + "  its default since 2026-11-27; cells whose `settings.weighting` is tfidf predate it).\n");
    md.append("  A neural method keeps the epoch of least reconstruction loss (without the KL term) on"
        + " held-out\n  training documents, never one chosen on the test queries, and stops early only once"
        + " the KL\n  weight is 1. Cells whose file has no `early_stopping` in `model_info` predate this"
        + " (2026-11-25):\n  they kept the epoch of least ELBO and could stop during the annealing."
        + " The unsupervised methods\n  stop no earlier than after 50,000 training documents (2026-11-29;"
        + " `min_training_documents` in\n  `model_info`): none of their cells computed before stopped early, so the"
        + " floor does not change them.\n");
    md.append("  The KL weight reaches 1 after 5,000 training documents for codes of 32 bits and more, and for"
        + " VDSH-S\n  and VDSH-SP at every length, as in the authors' code; shorter VDSH and node2hash codes,"
        + " NbrReg and\n  NbrReg+Doc add the thesis text's 1/5000 per mini-batch. Cells of VDSH, VDSH-S, VDSH-SP and"
        + " node2hash\n  at 32 bits and more whose `kl_anneal_step` is 2.0E-4 predate this (2026-11-26), as do"
        + " VDSH-S and\n  VDSH-SP cells under 32 bits with that step (2026-11-27).\n");
    md.append("  Codes are the encoder's means thresholded at each bit's median over the training documents,"
        + " as in\n  the thesis. Rows `METHOD+itq` hold the same networks' codes after iterative quantization"
        + " (ITQ,\n  Gong and Lazebnik 2011: the means centred and rotated so that their signs lose the least;"
        + " `--binarization itq`);\n  beside them stands the thesis's number for METHOD, made with medians."
        + " A cell with `derived_from` was\n  made from its median cell's kept network (`reproduce"
        + " --binarization itq --from-kept-models`), which gives the\n  same codes as training with"
        + " `--binarization itq`.\n");
    md.append(THESIS_PROTOCOL);
    for (Map.Entry<String, String> d : titles.entrySet()) {
      datasetSection(md, d.getKey(), d.getValue());
    }
    speed().markdown(md);
    if (commands.size() > INLINE_COMMANDS) {
      md.append("\n## Commands\n\nThe commands that computed the cells, with how many cells each wrote (a later run"
          + " of a cell\nreplaces its file, so a command counts only the cells it still holds).\n\n");
      commands.forEach((c, n) -> md.append("- `").append(c.isEmpty() ? "unknown" : c).append("` (").append(n)
          .append(n == 1 ? " cell)\n" : " cells)\n"));
    }
    return md.toString();
  }

  /** Up to this many distinct commands are listed in the page's header; more go to a section of their own. */
  static final int INLINE_COMMANDS = 3;

  /**
   * How the thesis's numbers differ in protocol from ours, as its authors' released code shows;
   * a reader comparing the columns needs it.
   */
  static final String THESIS_PROTOCOL =
      """

      **Reading the thesis's columns.** Its splits differ from ours (Reuters: an 80/10/10 split of the
      10,788 stories with 7,164 words, against ApteMod's dated split here; 20 Newsgroups in
      chapter 3: an 80/10/10 split of 18,828 posts, against the dated split here). A random split
      is easier: on a random tenth of all 20 Newsgroups posts (`./semhash eval-hash --dataset
      ../shared/datasets/20newsgroups --method M --bits B --random-split 0.1`) our VDSH-S and VDSH-SP
      score .7220 and .7211 at 8 bits and VDSH-S .8647 at 32 bits, where their dated test cells below
      fall short of the thesis's .6586, .6609 and .7564. The authors' released code shows two more differences from our runs.
      The node2hash and NbrReg training scripts (repositories
      unsuthee/node2hash, `train_EdgeReg.py` and `train_EdgeReg_NN.py`, and
      unsuthee/SemanticHashingWeakSupervision, `train_NbrReg.py`) evaluate Prec@100 on the
      test documents after every epoch and report the best epoch, so their columns are a maximum over
      one test evaluation per epoch. Counted that way (`--score-every-epoch`, which leaves the model
      trained alone; each dataset's "Prec@100 of the best epoch" table gives the cells run with it),
      with seeds 42, 1 and 2 (mean ± sd) on 20 Newsgroups our NbrReg scores .3552 ±
      .0028 at 8 bits (thesis .3463) and node2hash .3379 ± .0155 and .4441 ± .0061 at 8 and 16 bits
      (.3335 and .4422), where the cells below, chosen on held-out training documents, fall short.
      With the epoch chosen instead by the held-out training documents' labels, which the same
      tables give from the same trainings (the test queries read once), NbrReg scores .3522 ±
      .0054 at 8 bits and node2hash .3347 ± .0209 and .4430 ± .0060, above the thesis on
      average; the cells keep the label-free choice (docs/experiments.md, "Choosing the epoch by
      held-out labels"). The VDSH code (unsuthee/VariationalDeepSemanticHashing) updates
      once per document, not per mini-batch of 100, so it takes about 100 times as many Adam steps,
      and its KL annealing of 1/5000 per step reaches full weight after 5,000 documents, where the
      thesis text's 1/5000 per mini-batch of 100 would take 500,000. Our epochs are chosen on
      held-out training documents, mini-batches are of 100 (`--batch-size` changes that), and the
      annealing follows the code from 32 bits except for NbrReg (chosen on validation splits; see
      `VdshSettings` and `NbrRegSettings`).

      **What does not explain the Reuters gap** (VDSH at 32 bits, seed 42, measured with the thesis
      text's KL annealing; the faster one reaches .6767 on ApteMod's test split). The split: drawn at
      random as the thesis drew it (`./semhash eval-hash --dataset ../shared/datasets/reuters21578
      --method vdsh --bits 32 --random-split 0.1`: 9,709 stories train, 1,079 are the queries),
      Prec@100 is .6431, below ApteMod's .6628 (a ranking with every story sharing a label first
      scores .940 on ApteMod's test stories and .956 on a random tenth); with today's defaults
      random tenths drawn with seeds 42 and 1 give .6670 and .7054 against ApteMod's .6767 and
      .6911, and with the epoch chosen by the held-out training stories' labels (seed 42:
      `--early-stopping precision`; seed 1: `--score-every-epoch`) .6854 and .7222 against .7083
      and .7060. Longer training: the
      validation loss still falls at epoch 30, but with up to 150 epochs (`--validation 0.2
      --epochs 150`, stopped at 93, best 89) validation Prec@100 drops to .6190 from .6391 at 30.
      Reconstructing each word of a document once, as the authors' code does, instead of by its
      count (a one-off change to the trainer, not an option): .6364 on the same validation split.
      Updating once per story as that code does (`--validation 0.2 --batch-size 1 --epochs 16
      --keep-probability 0.9`, 2.3 hours of training, the faster annealing): .6543, against .6800
      for the defaults with the faster annealing on that split. The seed: seeds 1, 2 and 3 of the
      test cell (`--seeds 1,2,3`) score .6913, .7011 and .6873, seed 42 the lowest of four.
      Nor an easier collection: the thesis's own LSH and STH on its Reuters (table 3.1, in the
      Reuters table below) score .3862 and .7554 at 32 bits, ours .4405 and .7700 (our LSH over
      TF-IDF, as the other methods read: .3625), so our baselines do about as well as the
      thesis's and the gap lies with the VDSH family. Nor the order of the training stories tied at
      the 100th's Hamming distance, which the codes leave open (`eval-hash` gives Prec@100 under
      every order of them since 2026-12-07): the best order lifts VDSH, VDSH-S and VDSH-SP at 32
      bits only to .7126, .8567 and .8611, and a random order's expected value is within .0003 of
      the training order's.

      **Ties and 20 Newsgroups' order.** The protocol breaks ties by training-document order, and
      20 Newsgroups' training posts come grouped by newsgroup, so among tied posts the first
      newsgroups' fill every query's top 100. At 8 bits, where hundreds of posts tie at the cut-off,
      that costs the seed-42 cells .006 to .033 against the expected value over random orders:
      VDSH .2915 → .2971, VDSH-S .6014 → .6269, VDSH-SP .5795 → .6125, NbrReg .3499 → .3721,
      node2hash .3330 → .3559 (thesis .2841, .6586, .6609, .3463, .3335); at 16 bits .002 to .017
      (STH .044), changing no verdict; at 32 bits VDSH-S .7455 → .7474 (.7564). The order alone
      moves an 8-bit figure from .17 to .51 (VDSH); the tables keep the protocol's order (each
      dataset's tie table below; docs/experiments.md, "Ties at the 100th document's distance").
      Reuters' and CiteSeer's documents are not grouped by label, and there the order moves no
      cell by more than .007.

      **How much of the thesis's supervised Reuters column is reachable**: ranked by the label
      posterior of a linear classifier trained on the training labels (`./semhash eval-references`,
      the rankings without codes under each table), Reuters scores .9123 on ApteMod and .9201,
      .9274 and .9282 on three random tenths drawn as the thesis drew its split (`--random-split 0.1
      --seed 42`, `1`, `2`). At 32 bits the thesis's VDSH-S (.9337) stands above that on either
      split and its VDSH-SP (.9283) level with the best; our VDSH-S keeps 92 % of it (.8421), 96 %
      with ITQ.
      """;

  private void datasetSection(StringBuilder md, String dataset, String title) {
    List<Row> rows = rows(dataset);
    List<Integer> bits = bitColumns(dataset);
    md.append("\n## ").append(title).append("\n\n");
    md.append("![Prec@100 against code length on ")
        .append(title)
        .append("](")
        .append(plotFile(dataset))
        .append(")\n\n");
    md.append("**Prec@100**, ours / thesis:\n\n");
    header(md, bits, " thesis table |");
    for (Row r : rows) {
      md.append("| ").append(label(r)).append(" |");
      for (int b : bits) {
        CellResult c = r.ours().get(b);
        md.append(' ')
            .append(c == null ? NONE : score(c.prec100()) + (c.predatesEarlyStopping() ? "\\*" : "")
                + (c.readsOwnNeighbourhood() ? "†" : ""))
            .append(" / ")
            .append(r.thesis().containsKey(b) ? score(r.thesis().get(b)) : NONE)
            .append(" |");
      }
      md.append(' ').append(r.thesisSource().isEmpty() ? NONE : r.thesisSource()).append(" |\n");
    }
    ReferenceResult ref = references.get(dataset);
    if (ref != null) {
      referenceParagraph(md, ref);
    }
    seedTable(md, dataset, rows);
    bestEpochTable(md, dataset, rows);
    tieTable(md, dataset, rows, bits);
    long stale =
        rows.stream().flatMap(r -> r.ours().values().stream()).filter(CellResult::predatesEarlyStopping).count();
    if (stale > 0) {
      md.append("\n\\* ")
          .append(stale)
          .append(stale == 1 ? " cell predates" : " cells predate")
          .append(" the choice of epoch by held-out reconstruction loss (2026-11-25) and kept the\n")
          .append("epoch of least ELBO; `./semhash reproduce --force --datasets D --methods M --bits B`")
          .append(" computes one\nagain with today's defaults, which can give another figure.\n");
    }
    long selfRead =
        rows.stream().flatMap(r -> r.ours().values().stream()).filter(CellResult::readsOwnNeighbourhood).count();
    if (selfRead > 0) {
      md.append("\n† ")
          .append(selfRead)
          .append(selfRead == 1 ? " NbrReg+Doc cell's model reads" : " NbrReg+Doc cells' models read")
          .append(" each document as its own single neighbour, as models exported before\n")
          .append("2026-11-27 did, instead of with its BM25 neighbourhood;")
          .append(" `./semhash reproduce --upgrade-kept-models --datasets D --methods nbrreg-doc --bits B`\n")
          .append("remakes one from its kept model, `--force` by training it again.\n");
    }
    List<Row> ran = rows.stream().filter(r -> r.ours().isEmpty() == false).toList();
    if (ran.isEmpty()) {
      md.append("\nNo cell of this dataset has been run yet.\n");
      return;
    }
    oursTable(
        md,
        "**NDCG@100**, ours (the thesis's tables give Prec@100 only):",
        ran,
        bits,
        c -> c.ndcg100(),
        true);
    oursTable(md, "**Precision within Hamming radius 2**, ours:", ran, bits, c -> c.precR2(), true);
    oursTable(
        md,
        "**Training time**, seconds of wall time, ours:",
        ran,
        bits,
        c -> c.trainSeconds(),
        false);
  }

  /**
   * Prec@100 over seeds of each cell that has replicates: the table's seed, the others, their mean
   * and sample standard deviation, the thesis's number; a cell one seed falls short of can be level
   * on average, or the other way round.
   */
  private void seedTable(StringBuilder md, String dataset, List<Row> rows) {
    Map<String, Map<Integer, List<CellResult>>> of = replicatesOf(dataset);
    if (of.isEmpty()) {
      return;
    }
    md.append("\n**Prec@100 over seeds**, the cells above run again with other seeds (mean ± sample standard")
        .append(" deviation\nover every seed of the cell, ")
        .append(CellStore.TABLE_SEED)
        .append("'s included):\n\n")
        .append("| method | bits | seed ").append(CellStore.TABLE_SEED)
        .append(" | other seeds | mean ± sd | min to max | thesis |\n")
        .append("|---|---|---|---|---|---|---|\n");
    Map<String, Row> rowOf = byMethod(rows);
    List<String> order = new ArrayList<>(rowOf.keySet());
    of.keySet().stream().filter(m -> rowOf.containsKey(m) == false).forEach(order::add);
    for (String m : order) {
      Row row = rowOf.get(m);
      of.getOrDefault(m, Map.of()).forEach((bits, others) -> {
        CellResult table = row == null ? null : row.ours().get(bits);
        Spread s = Spread.of(Stream.concat(
                Stream.ofNullable(table), others.stream())
            .mapToDouble(CellResult::prec100).toArray());
        String thesisValue = thesisScore(row, bits);
        md.append("| ").append(m).append(" | ").append(bits).append(" | ")
            .append(table == null ? NONE : score(table.prec100())).append(" | ")
            .append(others.stream().map(c -> score(c.prec100()) + " (seed " + c.seed() + ")").collect(Collectors.joining(", ")))
            .append(" | ")
            .append(meanAndSpread(s))
            .append(" (").append(s.count()).append(s.count() == 1 ? " seed" : " seeds").append(") | ")
            .append(score(s.min())).append(" to ").append(score(s.max())).append(" | ")
            .append(thesisValue).append(" |\n");
      });
    }
  }

  /**
   * The best epoch's Prec@100 of each cell scored after every epoch ({@code --score-every-epoch}),
   * over all its seeds: the figure the thesis authors' released code reports for NbrReg and
   * node2hash (the maximum over the epochs of the test queries' Prec@100), beside our kept epochs'
   * figure and the thesis's.
   */
  private void bestEpochTable(StringBuilder md, String dataset, List<Row> rows) {
    Map<String, Map<Integer, List<CellResult>>> scored = new LinkedHashMap<>();
    Map<String, Row> rowOf = byMethod(rows);
    cellsOf(dataset, rows, CellResult::scoredEveryEpoch)
        .forEach(c -> scored.computeIfAbsent(c.method(), m -> new TreeMap<>())
            .computeIfAbsent(c.bits(), b -> new ArrayList<>())
            .add(c));
    if (scored.isEmpty()) {
      return;
    }
    md.append("\n**Prec@100 of the best epoch**, counted as the thesis authors' released code for NbrReg and")
        .append(" node2hash\ncounts its tables: the queries scored after every epoch and the best epoch kept")
        .append(" (`--score-every-epoch`).\nOptimistic, since the queries choose the epoch; our tables keep")
        .append(" the epoch of least held-out\nreconstruction loss instead, whatever the queries score. Between")
        .append(" the two stands the epoch\nthat the held-out training documents' labels rank first (cells")
        .append(" scored since 2026-12-06 whose\ntraining documents carry labels): what a labelled validation")
        .append(" set would keep, from the same\ntraining, the queries read once. Since 2026-12-07 the")
        .append(" epochs are scored with the exported\nencoder's own arithmetic, so the kept epoch's score is")
        .append( " the cell's Prec@100 exactly;\nearlier cells scored ND4J's means, equal to it in 48 of 53")
        .append(" cells to the digits stored and within 7.6e-5 in the other 5:\n\n")
        .append("| method | bits | best epoch's Prec@100 by seed (epoch) | mean ± sd | epoch by held-out labels:")
        .append(" mean (epochs) | our kept epochs: mean | thesis |\n")
        .append("|---|---|---|---|---|---|---|\n");
    scored.forEach((m, byBits) -> byBits.forEach((bits, of) -> {
      Spread best = Spread.of(of.stream().mapToDouble(CellResult::prec100BestEpoch).toArray());
      Spread kept = Spread.of(of.stream().mapToDouble(CellResult::prec100).toArray());
      Row row = rowOf.get(m);
      String thesisValue = thesisScore(row, bits);
      md.append("| ").append(m).append(" | ").append(bits).append(" | ")
          .append(of.stream()
              .map(c -> score(c.prec100BestEpoch()) + " (" + c.bestScoredEpoch() + "; seed " + c.seed() + ")")
              .collect(Collectors.joining(", ")))
          .append(" | ")
          .append(meanAndSpread(best))
          .append(" | ").append(labelChosen(of)).append(" | ").append(score(kept.mean())).append(" | ")
          .append(thesisValue).append(" |\n");
    }));
  }

  /**
   * Prec@100 under the orders of the training documents tied at each query's cut-off distance,
   * which the codes leave open and the protocol breaks by training order: first the expected value
   * over random orders in the layout of the Prec@100 table (seed {@value CellStore#TABLE_SEED}'s
   * cells, with the mean over every seed that recorded it where others did), then, folded, every
   * cell's worst, expected and best order.
   */
  private void tieTable(StringBuilder md, String dataset, List<Row> rows, List<Integer> bits) {
    Map<String, Row> rowOf = byMethod(rows);
    List<CellResult> tied = cellsOf(dataset, rows, c -> c.tiedPrecision() != null).toList();
    if (tied.isEmpty()) {
      return;
    }
    Map<String, Map<Integer, List<CellResult>>> byCell = new LinkedHashMap<>();
    tied.forEach(c -> byCell.computeIfAbsent(c.method(), m -> new TreeMap<>())
        .computeIfAbsent(c.bits(), b -> new ArrayList<>()).add(c));
    md.append("\n**Prec@100 whatever order the tied documents take**: the protocol ranks the training documents")
        .append(" at one\nHamming distance in training order, which the codes leave open. The expected value over")
        .append(" random orders\ndepends on the codes alone (seed ").append(CellStore.TABLE_SEED)
        .append("'s cells, read against the Prec@100 table; in brackets the mean over\nevery seed that")
        .append(" recorded it, where other seeds did; cells evaluated since 2026-12-07), ours / thesis:\n\n");
    header(md, bits, "");
    byCell.forEach((m, of) -> {
      Row row = rowOf.get(m);
      md.append("| ").append(m).append(" |");
      for (int b : bits) {
        List<CellResult> seeds = of.getOrDefault(b, List.of());
        CellResult table = seeds.stream().filter(c -> c.seed() == CellStore.TABLE_SEED).findFirst().orElse(null);
        String thesisValue = thesisScore(row, b);
        md.append(' ').append(table == null ? NONE : score(table.tiedPrecision().expected()));
        if (seeds.size() > (table == null ? 0 : 1)) { // other seeds recorded it
          Spread s = Spread.of(seeds.stream().mapToDouble(c -> c.tiedPrecision().expected()).toArray());
          md.append(" (").append(score(s.mean())).append(", ").append(s.count())
              .append(s.count() == 1 ? " seed)" : " seeds)");
        }
        md.append(" / ").append(thesisValue).append(" |");
      }
      md.append('\n');
    });
    md.append("\n<details><summary>Every cell under the worst, a random (expected) and the best order of its")
        .append(" tied documents</summary>\n\n")
        .append("| method | bits | seed | training order | worst | expected | best | thesis |\n")
        .append("|---|---|---|---|---|---|---|---|\n");
    for (CellResult c : tied) {
      Row row = rowOf.get(c.method());
      String thesisValue = thesisScore(row, c.bits());
      HammingEvaluation.TiedPrecision t = c.tiedPrecision();
      md.append("| ").append(c.method()).append(" | ").append(c.bits()).append(" | ").append(c.seed()).append(" | ")
          .append(score(c.prec100())).append(" | ").append(score(t.worst())).append(" | ")
          .append(score(t.expected())).append(" | ").append(score(t.best())).append(" | ")
          .append(thesisValue).append(" |\n");
    }
    md.append("\n</details>\n");
  }

  /** The thesis's Prec@100 for {@code row}'s method at {@code bits}, or {@link #NONE} without one. */
  private static String thesisScore(Row row, int bits) {
    Double value = row == null ? null : row.thesis().get(bits);
    return value == null ? NONE : score(value);
  }

  private static Map<String, Row> byMethod(List<Row> rows) {
    Map<String, Row> rowOf = new LinkedHashMap<>();
    rows.forEach(r -> rowOf.put(r.method(), r));
    return rowOf;
  }

  /**
   * The cells and replicates of {@code dataset} that {@code keep} accepts, in the page's row order
   * (methods without a row last), then by code length, the table's seed before the others.
   */
  private Stream<CellResult> cellsOf(String dataset, List<Row> rows, java.util.function.Predicate<CellResult> keep) {
    Map<String, Integer> order = new LinkedHashMap<>();
    rows.forEach(r -> order.put(r.method(), order.size()));
    return Stream.concat(cells.stream(), replicates.stream())
        .filter(c -> c.dataset().equals(dataset) && keep.test(c))
        .sorted(Comparator.comparingInt((CellResult c) -> order.getOrDefault(c.method(), Integer.MAX_VALUE))
            .thenComparingInt(CellResult::bits)
            .thenComparingLong(c -> c.seed() == CellStore.TABLE_SEED ? Long.MIN_VALUE : c.seed()));
  }

  private static String meanAndSpread(Spread s) {
    return s.count() < 2 ? score(s.mean()) : score(s.mean()) + " ± " + score(s.sd());
  }

  /**
   * The mean Prec@100 at the epochs held-out labels chose, over the cells that recorded one, with
   * those epochs in seed order; how many seeds when not all did; {@link #NONE} when none did.
   */
  private static String labelChosen(List<CellResult> of) {
    List<CellResult> chosen = of.stream().filter(c -> c.labelChosenEpoch() > 0).toList();
    if (chosen.isEmpty()) {
      return NONE;
    }
    Spread s = Spread.of(chosen.stream().mapToDouble(CellResult::prec100LabelChosenEpoch).toArray());
    String epochs = chosen.stream().map(c -> String.valueOf(c.labelChosenEpoch())).collect(Collectors.joining(", "));
    return meanAndSpread(s) + " (" + (chosen.size() == 1 ? "epoch " : "epochs ") + epochs
        + (chosen.size() < of.size() ? "; " + chosen.size() + " of " + of.size() + " seeds" : "") + ")";
  }

  /** What the dataset's queries score without codes, to read the table against. */
  private static void referenceParagraph(StringBuilder md, ReferenceResult ref) {
    md.append("\n**Rankings without codes**, the same queries (grey lines in the plot; ")
        .append(ref.command().isEmpty() ? "`./semhash eval-references`" : "`" + ref.command() + "`")
        .append(", seed ")
        .append(ref.seed())
        .append("):\n\n| ranking | Prec@100 |\n|---|---|\n")
        .append("| every training document sharing a label first: the ceiling | ")
        .append(score(ref.ceiling()))
        .append(" |\n| label posterior of a linear classifier trained on the training labels")
        .append(" (one-vs-rest logistic regression, its top label right for ")
        .append(String.format(Locale.ROOT, "%.1f", 100 * ref.topLabelAccuracy()))
        .append(" % of the queries): what supervised codes can hope to encode | ")
        .append(score(ref.posteriorPrec100()))
        .append(" |\n| exhaustive cosine of the ")
        .append(ReferenceRankings.vectorName(ref.weighting()))
        .append(" vectors: the input the codes compress | ")
        .append(score(ref.cosinePrec100()))
        .append(" |\n");
  }

  private static void oursTable(
      StringBuilder md,
      String caption,
      List<Row> rows,
      List<Integer> bits,
      ToDoubleFunction<CellResult> value,
      boolean isScore) {
    md.append('\n').append(caption).append("\n\n");
    header(md, bits, "");
    for (Row r : rows) {
      md.append("| ").append(label(r)).append(" |");
      for (int b : bits) {
        CellResult c = r.ours().get(b);
        double v = c == null ? Double.NaN : value.applyAsDouble(c);
        md.append(' ').append(c == null ? NONE : isScore ? score(v) : seconds(v)).append(" |");
      }
      md.append('\n');
    }
  }

  private static void header(StringBuilder md, List<Integer> bits, String extra) {
    md.append("| method |");
    bits.forEach(b -> md.append(' ').append(b).append(" bits |"));
    md.append(extra).append('\n');
    md.append("|---|");
    bits.forEach(b -> md.append("---|"));
    if (extra.isEmpty() == false) {
      md.append("---|");
    }
    md.append('\n');
  }

  private static String label(Row r) {
    return r.implemented() ? r.method() : r.method() + " (thesis only)";
  }

  /** The figures of one cell on one line, with the thesis's Prec@100 where it has one. */
  public static String cellSummary(CellResult c, ThesisNumbers thesis) {
    Double t = thesis.prec100(c.dataset(), c.method(), c.bits());
    StringBuilder s = new StringBuilder();
    s.append("prec@100 ")
        .append(score(c.prec100()))
        .append(" (thesis ")
        .append(t == null ? NONE : score(t))
        .append(')')
        .append(", ndcg@100 ")
        .append(score(c.ndcg100()))
        .append(", prec@r2 ")
        .append(score(c.precR2()))
        .append("; training ")
        .append(seconds(c.trainSeconds()))
        .append(" s");
    if (c.epochs() > 0) {
      s.append(" (")
          .append(c.epochs())
          .append(" epochs, ")
          .append(seconds(c.meanEpochSeconds()))
          .append(" s/epoch, ")
          .append(seconds(c.meanEpochCpuSeconds()))
          .append(" CPU s/epoch)");
    }
    if (c.encoderDocsPerCoreSecond() != null) {
      s.append("; encoder ").append(rate(c.encoderDocsPerCoreSecond())).append(" docs/s/core");
    }
    return s.toString();
  }

  /** The speed figures as plain text for the terminal: every cell with training epochs. */
  public String speedSummary() {
    return speed().summary();
  }

  /** The speed targets, checked against the cells that measure them: one line each. */
  List<String> targetChecks() {
    return speed().targetChecks();
  }

  private ReproductionSpeed speed() {
    return new ReproductionSpeed(titles, methodOrder, cells);
  }

  private static final Pattern HEAP = Pattern.compile("(.*), max heap (\\d+) MiB");

  /**
   * The cells' machines, each once, in order of first appearance; machines that differ only in
   * the heap the run was given are one entry with the heaps' range, since the launcher's heap is
   * a setting of the run, not another machine. Reads the form {@code ReproduceCommand.machine()}
   * writes; a machine in any other form is listed as it is.
   */
  static String machines(List<String> machines) {
    Map<String, TreeSet<Integer>> heaps = new LinkedHashMap<>();
    for (String m : machines) {
      Matcher heap = HEAP.matcher(m);
      if (heap.matches()) {
        heaps.computeIfAbsent(heap.group(1), k -> new TreeSet<>()).add(Integer.parseInt(heap.group(2)));
      } else {
        heaps.putIfAbsent(m, new TreeSet<>());
      }
    }
    return heaps.entrySet().stream()
        .map(e -> switch (e.getValue().size()) {
              case 0 -> e.getKey();
              case 1 -> e.getKey() + ", max heap " + e.getValue().first() + " MiB";
              default -> e.getKey() + ", max heap " + e.getValue().first() + " to " + e.getValue().last()
                  + " MiB by cell";
            })
        .collect(Collectors.joining("; "));
  }

  /** A score as the thesis prints it: four decimals without the leading zero. */
  static String score(double v) {
    String s = String.format(Locale.ROOT, "%.4f", v);
    return s.startsWith("0.") ? s.substring(1) : s;
  }

  static String seconds(double v) {
    return Double.isNaN(v) ? NONE : String.format(Locale.ROOT, "%.1f", v);
  }

  static String rate(Double v) {
    return v == null ? NONE : String.format(Locale.ROOT, "%,d", Math.round(v));
  }
}
