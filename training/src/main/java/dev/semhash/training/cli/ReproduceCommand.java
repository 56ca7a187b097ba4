package dev.semhash.training.cli;

import dev.semhash.model.HashModelFormat;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.QueryPrecisionByEpoch;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.reference.OneVsRestLogisticRegression;
import dev.semhash.training.reference.ReferenceRankings;
import dev.semhash.training.report.LearningCurve;
import dev.semhash.training.report.LearningCurveChart;
import dev.semhash.training.reproduce.CellResult;
import dev.semhash.training.reproduce.CellStore;
import dev.semhash.training.reproduce.Prec100Chart;
import dev.semhash.training.reproduce.ReferenceStore;
import dev.semhash.training.reproduce.ReproductionDataset;
import dev.semhash.training.reproduce.ReproductionReport;
import dev.semhash.training.reproduce.ThesisNumbers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code semhash reproduce}: runs the thesis's table (datasets × methods × code lengths) cell by
 * cell, one result file per cell, skipping cells already done, then writes the Markdown report and
 * the Prec@100 plots.
 */
@Command(
    name = "reproduce",
    header = "The thesis's table: methods x bits x datasets, with plots.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Runs the thesis's semantic-hashing table: every method at every code length",
      "on 20 Newsgroups, Reuters and CiteSeer, each cell trained and evaluated as",
      "eval-hash does (EVALUATION.md section 1). Each cell writes OUT/results/",
      "DATASET-METHOD-BITS.json; cells whose file exists are skipped (--force redoes",
      "them), so the table grows across runs. Then writes OUT/README.md (our numbers",
      "beside the thesis's, training times, VDSH seconds per epoch and the encoder's",
      "documents per second per core) and OUT/prec100-DATASET.png plots. Method",
      "options such as --epochs apply to every cell (so --methods must all take",
      "them) and are recorded in each cell's file under method_options.",
      "--binarization itq makes rows of their own (METHOD+itq, e.g. vdsh-s+itq):",
      "the same networks with codes rotated by iterative quantization, beside the",
      "thesis's median thresholds; --with-itq makes both rows from one training.",
      "--score-every-epoch also scores each neural cell's queries after every",
      "epoch (the cell's prec@100_by_epoch); the page then gives the best epoch's",
      "Prec@100, the figure the thesis authors' code reports for NbrReg and node2hash,",
      "and the Prec@100 of the epoch the held-out training documents' labels rank",
      "first (label_chosen_epoch), what a labelled validation set would keep.",
      "Once per dataset it also scores the rankings without codes of",
      "eval-references (ceiling, TF-IDF cosine, a linear classifier's label",
      "posterior) into OUT/results/references/DATASET.json: the page states them",
      "under each table and the plots draw them as grey lines.",
      "",
      "The tables are seed 42's. --seeds runs cells again with other seeds",
      "(OUT/results/seeds/), and the page then gives each such cell's mean and",
      "standard deviation over its seeds: how far the seed alone moves a figure.",
      "",
      "Each cell's trained model is kept as WORK-DIR/reproduce-models/",
      "DATASET-METHOD-BITS.hashmodel, ready for search and encode, a neural",
      "model's loss by epoch beside it as DATASET-METHOD-BITS-learning-curve.png;",
      "--retime measures the encoder speed of the chosen cells again from those",
      "files, without training, when a busy machine slowed the first measurement.",
      "",
      "Examples:",
      "  ./semhash reproduce --bits 32 --methods lsh,sth,vdsh",
      "  ./semhash reproduce --datasets reuters --methods vdsh,vdsh-s",
      "  ./semhash reproduce --datasets reuters --methods vdsh-s --binarization itq",
      "  ./semhash reproduce --datasets reuters --methods vdsh-s --with-itq",
      "  ./semhash reproduce --datasets reuters --methods vdsh --bits 32 --seeds 1,2",
      "  ./semhash reproduce --report-only",
      "  ./semhash reproduce --retime --datasets 20newsgroups --methods vdsh-s \\",
      "      --bits 16"
    })
final class ReproduceCommand implements Callable<Integer> {
  @Option(
      names = "--datasets",
      split = ",",
      paramLabel = "D",
      defaultValue = "20newsgroups,reuters,citeseer",
      description = "Datasets (default: ${DEFAULT-VALUE}).")
  List<String> datasets;

  @Option(
      names = "--methods",
      split = ",",
      paramLabel = "M",
      completionCandidates = MethodNames.class,
      description = "Methods (default: all of ${COMPLETION-CANDIDATES}).")
  List<String> methods;

  @Option(
      names = "--bits",
      split = ",",
      paramLabel = "B",
      defaultValue = "8,16,32,64,128",
      description = "Code lengths, run in this order (default: ${DEFAULT-VALUE}).")
  List<Integer> bits;

  @Option(
      names = "--data-root",
      paramLabel = "DIR",
      defaultValue = "../shared/datasets",
      description =
          "Folder holding 20newsgroups/, reuters21578/ and citeseer/ (default: ${DEFAULT-VALUE}).")
  Path dataRoot;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      defaultValue = "docs/reproduction",
      description = "Where results/, README.md and the plots go (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = "--force", description = "Run cells again even when their result file exists.")
  boolean force;

  @Option(
      names = "--report-only",
      description = "Train nothing: rewrite README.md and the plots from results/.")
  boolean reportOnly;

  @Option(
      names = "--keep-models",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description = "Keep each cell's trained model in WORK-DIR/reproduce-models (default:"
          + " ${DEFAULT-VALUE}). A neural model of 20 Newsgroups or Reuters takes 20 to 90 MB, the"
          + " whole table a few GB; --no-keep-models keeps none, and --retime then has nothing to"
          + " time.")
  boolean keepModels;

  @Option(
      names = "--retime",
      description = "Train nothing: measure the encoder speed of the chosen cells again from the"
          + " models their run kept in --work-dir, replace only the cell's encoder figures, and"
          + " rewrite the report. Cells without a result file or kept model are named and skipped.")
  boolean retime;

  @Option(
      names = "--from-kept-models",
      description = "With --binarization itq: make each ITQ cell from the model its median cell"
          + " kept in --work-dir, rotating that network's outputs instead of training it again"
          + " (the same network, so the same codes as training with --binarization itq, in a"
          + " minute instead of many). The cell keeps the median cell's training figures and says"
          + " where it came from under derived_from.")
  boolean fromKeptModels;

  @Option(
      names = "--upgrade-kept-models",
      description = "Remake the chosen NbrReg+Doc median cells from the models their run kept when"
          + " those read each document as its own neighbour (exported before 2026-11-27): the same"
          + " network, now reading each document with its BM25 neighbourhood, median thresholds"
          + " computed anew; no training. The cell keeps its training figures and says where it"
          + " came from under derived_from; the kept model is replaced by the upgraded one. With"
          + " --with-itq, the ITQ rows follow from the upgraded models.")
  boolean upgradeKeptModels;

  @Option(
      names = "--with-itq",
      description = "Also make each neural cell's ITQ row (METHOD+itq) from the network it has just"
          + " trained, as --from-kept-models does: both rows from one training, the ITQ cell a"
          + " minute more. Needs the median thresholds (no --binarization) and the kept models.")
  boolean withItq;

  @Option(
      names = "--seeds",
      split = ",",
      paramLabel = "S",
      description = "Run each cell once per seed (default: --seed, 42). The tables are seed "
          + CellStore.TABLE_SEED + "'s cells; a cell of another seed goes to"
          + " OUT/results/" + CellStore.REPLICATES + "/DATASET-METHOD-BITS-seedS.json, its model to"
          + " WORK-DIR/reproduce-models/DATASET-METHOD-BITS-seedS.hashmodel, and the page shows each"
          + " cell's mean and standard deviation over its seeds beside seed " + CellStore.TABLE_SEED
          + "'s figure. Example: --seeds 1,2 --bits 32.")
  List<Long> seeds;

  @Option(
      names = "--threads",
      paramLabel = "N",
      converter = ThreadCount.class,
      description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CorpusOptions corpusOptions;

  @Mixin CommonOptions common;

  @Mixin MethodOptionsMixin methodOptions;

  @Mixin EpochScoringOption epochScoring;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    List<ReproductionDataset> chosenDatasets =
        datasets.stream().map(ReproductionDataset::parse).distinct().toList();
    List<HashingMethod> chosenMethods =
        methods == null
            ? List.of(HashingMethod.values())
            : methods.stream().map(HashingMethod::parse).distinct().toList();
    for (int b : bits) {
      CommandSupport.requireBits(b);
    }
    MethodOptions options = methodOptions.options();
    for (HashingMethod m : chosenMethods) {
      options.requireApplicableTo(m); // now, not as a failed cell after hours of training others
    }
    if (epochScoring.enabled) {
      List<HashingMethod> unscored = chosenMethods.stream().filter(m -> EpochScoringOption.appliesTo(m) == false).toList();
      if (unscored.size() == chosenMethods.size()) {
        epochScoring.requireApplicableTo(unscored.get(0)); // says why none of them can be scored
      } else if (unscored.isEmpty() == false) {
        System.out.println("--score-every-epoch: the " + unscored.stream().map(HashingMethod::cliName)
            .collect(Collectors.joining(", ")) + " cells train without it (no epochs, or an encoder that reads"
            + " training-set neighbours)");
      }
    }
    ThesisNumbers thesis = ThesisNumbers.load();
    List<Long> chosenSeeds = chosenSeeds();
    // a damaged result file fails now, not after hours of training
    new CellStore(results()).readAll();
    CellStore.readReplicates(results());
    String command = commandLine();
    if (reportOnly && retime) {
      throw new IllegalArgumentException(
          "--report-only trains and times nothing, --retime times the kept models again: give one of them");
    }
    boolean onlyRowChoice = options.given().keySet().equals(Set.of("--binarization"));
    if (retime && (force || (options.isEmpty() == false && onlyRowChoice == false) || keepModels == false)) {
      throw new IllegalArgumentException(
          "--retime trains nothing, so --force, --no-keep-models and method options do not apply to it"
              + " (but --binarization itq, which picks the ITQ rows): leave them out");
    }
    if (fromKeptModels
        && (reportOnly || retime || onlyRowChoice == false || options.binarization() != Binarization.ITQ)) {
      throw new IllegalArgumentException(
          "--from-kept-models makes ITQ cells from kept median models: give it with --binarization itq"
              + " and no other method option, and not with --report-only or --retime");
    }
    if (upgradeKeptModels && (reportOnly || retime || fromKeptModels || options.isEmpty() == false)) {
      throw new IllegalArgumentException(
          "--upgrade-kept-models remakes median cells from kept models: give it without method options,"
              + " --from-kept-models, --retime and --report-only (--with-itq may follow it)");
    }
    if (upgradeKeptModels && chosenMethods.stream().anyMatch(m -> m != HashingMethod.NBRREG_DOC)) {
      throw new IllegalArgumentException(
          "--upgrade-kept-models applies to --methods nbrreg-doc only: no other method reads neighbourhoods");
    }
    if (withItq && (reportOnly || retime || fromKeptModels || keepModels == false
        || options.given().containsKey("--binarization"))) {
      throw new IllegalArgumentException(
          "--with-itq makes the ITQ row of each median cell it trains, from the kept network: give it"
              + " without --binarization, --no-keep-models, --from-kept-models, --retime and --report-only");
    }
    if (epochScoring.enabled && (reportOnly || retime || fromKeptModels || upgradeKeptModels)) {
      throw new IllegalArgumentException(
          "--score-every-epoch scores the queries while a cell trains: give it without --report-only, --retime,"
              + " --from-kept-models and --upgrade-kept-models, which train nothing");
    }
    if (reportOnly == false && retime == false) {
      for (ReproductionDataset d : chosenDatasets) {
        if (java.nio.file.Files.isDirectory(d.folder(dataRoot)) == false) {
          // the root is what was mistyped, not the dataset's folder
          throw new IllegalArgumentException("--data-root " + dataRoot + " holds no folder " + d.folder(dataRoot)
              .getFileName() + "/; give the folder that holds 20newsgroups/, reuters21578/ and citeseer/ (default:"
              + " ../shared/datasets)");
        }
      }
    }
    List<String> failures = new ArrayList<>();
    boolean nothingRetimed = false;
    ReproductionWorkspace workspace = workspace();
    KeptModelCells kept = new KeptModelCells(workspace, command, force);
    List<ReproductionCell> plan = plan(chosenDatasets, chosenMethods, chosenSeeds);
    if (fromKeptModels) {
      failures = kept.deriveItq(plan, thesis);
    } else if (upgradeKeptModels) {
      failures = kept.upgrade(plan, thesis);
      if (withItq) {
        failures.addAll(kept.deriveItq(kept.itqRowsOf(plan), thesis));
      }
    } else if (retime) {
      nothingRetimed = kept.retime(plan) == 0;
    } else if (reportOnly == false) {
      computeReferences(chosenDatasets);
      failures = runCells(workspace, plan, options, thesis, command);
      if (withItq) {
        // only where the median cell now exists: a failed one is reported once, above
        failures.addAll(kept.deriveItq(kept.itqRowsOf(plan), thesis));
      }
    }
    ReproductionReport report = writeReport(
        thesis, new CellStore(results()).readAll(), CellStore.readReplicates(results()), command);
    System.out.println();
    System.out.print(report.speedSummary());
    if (failures.isEmpty() == false) {
      System.out.println();
      System.out.println(
          failures.size() + " cell(s) failed (no result written; the next run retries them):");
      failures.forEach(f -> System.out.println("  " + f));
      return 1;
    }
    return nothingRetimed ? 1 : 0;
  }

  /** The seeds to run each cell with: --seeds, or else --seed alone. */
  private List<Long> chosenSeeds() {
    if (seeds == null) {
      return List.of(common.seed);
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
      throw new IllegalArgumentException("--seed and --seeds both choose the seeds: give one of them");
    }
    if (seeds.isEmpty() || seeds.stream().distinct().count() != seeds.size()) {
      throw new IllegalArgumentException("--seeds needs different seeds, such as 1,2, got " + seeds);
    }
    return List.copyOf(seeds);
  }

  private Path results() {
    return out.resolve("results");
  }

  private ReproductionWorkspace workspace() {
    return new ReproductionWorkspace(results(), common.workDir, dataRoot, corpusOptions, threads, common.progress());
  }

  private List<ReproductionCell> plan(
      List<ReproductionDataset> chosenDatasets, List<HashingMethod> chosenMethods, List<Long> chosenSeeds) {
    // ITQ codes are a row of their own (METHOD+itq), beside the thesis's median thresholds
    boolean itq = methodOptions.options().binarization() == Binarization.ITQ;
    List<ReproductionCell> plan = new ArrayList<>();
    for (ReproductionDataset d : chosenDatasets) {
      for (int b : bits.stream().distinct().toList()) {
        for (HashingMethod m : chosenMethods) {
          for (long seed : chosenSeeds) {
            plan.add(new ReproductionCell(d, m, b, itq, seed));
          }
        }
      }
    }
    return plan;
  }

  private List<String> runCells(
      ReproductionWorkspace workspace, List<ReproductionCell> plan, MethodOptions options, ThesisNumbers thesis, String command)
      throws Exception {
    List<ReproductionCell> todo =
        plan.stream()
            .filter(c -> force || workspace.done(c) == false)
            .toList();
    System.out.printf(
        "%d cells: %d to run, %d already done in %s (skipped%s); seed %s%n",
        plan.size(),
        todo.size(),
        plan.size() - todo.size(),
        workspace.results(),
        force ? "" : "; --force runs them again",
        plan.stream().map(c -> String.valueOf(c.seed())).distinct().collect(Collectors.joining(", ")));
    List<String> failures = new ArrayList<>();
    ProgressReporter progress = common.progress();
    try (ProgressReporter.Progress cellsDone =
        progress.start("reproduction cells", todo.size(), "cells")) {
      int[] done = {0};
      workspace.eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
        HashRun.requireLabels(c.dataset().key(), "reproduce", corpus, "test", null);
        done[0]++;
        cellsDone.message(c.name());
        System.out.printf("[%d/%d] %s%n", done[0], todo.size(), c.name());
        try {
          QueryPrecisionByEpoch scored = epochScoring.scorer(corpus, c.bits(), c.method(), options, threads, c.seed());
          Map<String, Object> run =
              runner.trainAndEvaluate(
                  corpus,
                  c.method(),
                  c.bits(),
                  scored == null ? options : options.withEpochScorer(scored),
                  (model, r) -> {
                    EpochScoringOption.put(scored, model.info(), r);
                    r.put("encoder", EncoderSpeedFigures.measure(model, testTexts, corpus));
                    if (keepModels) {
                      Path kept = workspace.keptModel(c);
                      Files.createDirectories(kept.getParent());
                      HashModelFormat.write(model, kept);
                      r.put("model_kept", kept.toString());
                      if (LearningCurve.isPresent(model.info())) {
                        Path curve = ReproductionWorkspace.learningCurveOf(kept);
                        LearningCurveChart.write(LearningCurve.of(model.info()), c.dataset().key(), curve);
                        r.put("learning_curve", curve.toString());
                      }
                    }
                  });
          Map<String, Object> cell = new LinkedHashMap<>();
          cell.put("dataset", c.dataset().key());
          cell.put("command", command);
          cell.put("machine", machine());
          cell.putAll(run);
          cell.put("method", c.methodKey());
          Path file = workspace.resultFile(c);
          Files.createDirectories(file.getParent());
          JsonReport.write(file, cell);
          System.out.println("  " + ReproductionReport.cellSummary(CellStore.read(file), thesis));
        } catch (Exception e) {
          String why = c.name() + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
          failures.add(why);
          System.out.println("  failed: " + why);
        }
        cellsDone.step(1);
      });
    }
    return failures;
  }

  private ReferenceStore referenceStore() {
    return new ReferenceStore(results().resolve("references"));
  }

  /**
   * Computes the reference rankings ({@code eval-references}) of each dataset that has none yet:
   * seconds per dataset, beside hours of cells.
   */
  private void computeReferences(List<ReproductionDataset> chosenDatasets) throws IOException {
    ReferenceStore references = referenceStore();
    for (ReproductionDataset d : chosenDatasets) {
      if (references.has(d.key())) {
        continue;
      }
      Path folder = d.folder(dataRoot);
      DatasetReader reader = new DatasetReader(folder);
      try (Corpus corpus = Corpus.build(reader, corpusOptions.settings(), null, threads, common.progress())) {
        ReferenceRankings.Result r =
            ReferenceRankings.evaluate(
                corpus, OneVsRestLogisticRegression.Settings.DEFAULT, 100, common.seed, threads, common.progress());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put(
            "command",
            "./semhash eval-references --dataset " + folder + (common.seed == 42 ? "" : " --seed " + common.seed));
        json.put("dataset", reader.name());
        json.put("seed", common.seed);
        json.put("evaluated_on", "test");
        json.putAll(EvalReferencesCommand.json(r, corpus));
        json.put("machine", machine());
        Files.createDirectories(references.file(d.key()).getParent());
        JsonReport.write(references.file(d.key()), json);
        System.out.printf(
            Locale.ROOT,
            "%s references: ceiling %.4f, cosine %.4f, label posterior %.4f (wrote %s)%n",
            d.key(), r.ceiling(), r.cosine().precision(), r.posterior().precision(), references.file(d.key()));
      }
    }
  }

  private ReproductionReport writeReport(
      ThesisNumbers thesis, List<CellResult> cells, List<CellResult> replicates, String command) throws Exception {
    List<String> order = methodOrder();
    List<String> datasetKeys =
        Arrays.stream(ReproductionDataset.values()).map(ReproductionDataset::key).toList();
    Map<String, String> titles = new LinkedHashMap<>();
    for (ReproductionDataset d : ReproductionDataset.values()) {
      titles.put(d.key(), d.title());
    }
    Files.createDirectories(out);
    ReproductionReport report =
        new ReproductionReport(titles, order, thesis, cells, referenceStore().readAll(), replicates);
    Files.writeString(out.resolve("README.md"), report.markdown(command, machine()));
    for (String d : datasetKeys) {
      Path png = out.resolve(ReproductionReport.plotFile(d));
      Prec100Chart.write(report.rows(d), report.references(d), report.replicatePrec100(d), titles.get(d), png);
    }
    System.out.println(
        "wrote " + out.resolve("README.md") + " and the plots " + out.resolve("prec100-*.png"));
    if (common.json != null) {
      Map<String, Object> results = new LinkedHashMap<>();
      results.put("command", "reproduce");
      results.put("seed", common.seed);
      results.put("cells", cells);
      results.put("replicates", replicates);
      JsonReport.write(common.json, results);
      System.out.println("wrote " + common.json);
    }
    return report;
  }

  /** The table's rows: each method, a neural one followed by its ITQ variant. */
  private static List<String> methodOrder() {
    List<String> order = new ArrayList<>();
    for (HashingMethod m : HashingMethod.values()) {
      order.add(m.cliName());
      if (m.binarization() == Binarization.MEDIAN) {
        order.add(m.cliName() + CellStore.ITQ_VARIANT);
      }
    }
    return order;
  }

  /** This invocation as a shell command. */
  private String commandLine() {
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    int name = args.indexOf(spec.name());
    args = args.subList(name + 1, args.size()); // originalArgs starts with the subcommand's name
    return "./semhash reproduce"
        + args.stream()
            .map(
                a -> " " + (a.matches("[\\w@%+=:,./-]+") ? a : "'" + a.replace("'", "'\\''") + "'"))
            .collect(Collectors.joining());
  }

  /** Cores, JDK, operating system and heap: what a reader needs to compare times. */
  static String machine() {
    Runtime rt = Runtime.getRuntime();
    return String.format(
        Locale.ROOT,
        "%d cores, Java %s (%s), %s %s, max heap %d MiB",
        rt.availableProcessors(),
        Runtime.version(),
        System.getProperty("java.vendor"),
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        rt.maxMemory() >> 20);
  }
}
