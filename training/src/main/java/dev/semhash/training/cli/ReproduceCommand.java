package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.bench.EncoderSpeed;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.ItqRotation;
import dev.semhash.training.hashing.vdsh.ModelBinarization;
import dev.semhash.training.hashing.vdsh.NeighbourEncoder;
import dev.semhash.training.neighbors.NeighborCache;
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
      "  ./semhash reproduce --retime --datasets 20newsgroups --methods vdsh-s --bits 16"
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
      description = "Worker threads (default: all cores).")
  int threads = Parallel.defaultThreads();

  @Mixin CorpusOptions corpusOptions;

  @Mixin CommonOptions common;

  @Mixin MethodOptionsMixin methodOptions;

  @Spec CommandSpec spec;

  /** One cell to compute: a method at one code length on one dataset, trained with one seed. */
  private record Cell(ReproductionDataset dataset, HashingMethod method, int bits, boolean itq, long seed) {
    String name() {
      return dataset.key() + " " + methodKey() + " " + bits + " bits"
          + (seed == CellStore.TABLE_SEED ? "" : " seed " + seed);
    }

    /** The same cell with median thresholds ({@code itq} false) or ITQ codes. */
    Cell withItq(boolean itqCodes) {
      return new Cell(dataset, method, bits, itqCodes, seed);
    }

    /** The method's name in the table: {@code vdsh-s}, or {@code vdsh-s+itq} for ITQ codes. */
    String methodKey() {
      return method.cliName() + (itq ? CellStore.ITQ_VARIANT : "");
    }
  }

  @Override
  public Integer call() throws Exception {
    List<ReproductionDataset> chosenDatasets =
        datasets.stream().map(ReproductionDataset::parse).distinct().toList();
    List<HashingMethod> chosenMethods =
        methods == null
            ? List.of(HashingMethod.values())
            : methods.stream().map(HashingMethod::parse).distinct().toList();
    for (int b : bits) {
      if (b < 8 || b % 8 != 0) {
        throw new IllegalArgumentException("--bits must be positive multiples of 8, got " + b);
      }
    }
    MethodOptions options = methodOptions.options();
    for (HashingMethod m : chosenMethods) {
      options.requireApplicableTo(m); // now, not as a failed cell after hours of training others
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
    List<String> failures = new ArrayList<>();
    boolean nothingRetimed = false;
    if (fromKeptModels) {
      failures = deriveItqCells(plan(chosenDatasets, chosenMethods, chosenSeeds), thesis, command);
    } else if (upgradeKeptModels) {
      List<Cell> plan = plan(chosenDatasets, chosenMethods, chosenSeeds);
      failures = upgradeCells(plan, thesis, command);
      if (withItq) {
        List<Cell> itqRows = plan.stream()
            .filter(c -> c.method() == HashingMethod.NBRREG_DOC)
            .filter(this::done)
            .map(c -> c.withItq(true))
            .toList();
        failures.addAll(deriveItqCells(itqRows, thesis, command));
      }
    } else if (retime) {
      nothingRetimed = retimeCells(plan(chosenDatasets, chosenMethods, chosenSeeds), command) == 0;
    } else if (reportOnly == false) {
      computeReferences(chosenDatasets);
      List<Cell> plan = plan(chosenDatasets, chosenMethods, chosenSeeds);
      failures = runCells(plan, options, thesis, command);
      if (withItq) {
        // only where the median cell now exists: a failed one is reported once, above
        List<Cell> itqRows = plan.stream()
            .filter(c -> c.method().binarization() == Binarization.MEDIAN)
            .filter(this::done)
            .map(c -> c.withItq(true))
            .toList();
        failures.addAll(deriveItqCells(itqRows, thesis, command));
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

  /** The store that holds a cell's file: the table's for seed 42, else that seed's replicates. */
  private CellStore store(Cell c) {
    return CellStore.forSeed(results(), c.seed());
  }

  private Path resultFile(Cell c) {
    return store(c).file(c.dataset().key(), c.methodKey(), c.bits());
  }

  /** Whether the cell has a result file. */
  private boolean done(Cell c) {
    return Files.exists(resultFile(c));
  }

  private List<Cell> plan(
      List<ReproductionDataset> chosenDatasets, List<HashingMethod> chosenMethods, List<Long> chosenSeeds) {
    // ITQ codes are a row of their own (METHOD+itq), beside the thesis's median thresholds
    boolean itq = methodOptions.options().binarization() == Binarization.ITQ;
    List<Cell> plan = new ArrayList<>();
    for (ReproductionDataset d : chosenDatasets) {
      for (int b : bits.stream().distinct().toList()) {
        for (HashingMethod m : chosenMethods) {
          for (long seed : chosenSeeds) {
            plan.add(new Cell(d, m, b, itq, seed));
          }
        }
      }
    }
    return plan;
  }

  private List<String> runCells(
      List<Cell> plan, MethodOptions options, ThesisNumbers thesis, String command)
      throws Exception {
    List<Cell> todo =
        plan.stream()
            .filter(c -> force || done(c) == false)
            .toList();
    System.out.printf(
        "%d cells: %d to run, %d already done in %s (skipped%s); seed %s%n",
        plan.size(),
        todo.size(),
        plan.size() - todo.size(),
        results(),
        force ? "" : "; --force runs them again",
        plan.stream().map(c -> String.valueOf(c.seed())).distinct().collect(Collectors.joining(", ")));
    List<String> failures = new ArrayList<>();
    ProgressReporter progress = common.progress();
    try (ProgressReporter.Progress cellsDone =
        progress.start("reproduction cells", todo.size(), "cells")) {
      int[] done = {0};
      eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
        runner.requireLabels(corpus.trainLabels(), "training", "reproduce");
        done[0]++;
        cellsDone.message(c.name());
        System.out.printf("[%d/%d] %s%n", done[0], todo.size(), c.name());
        try {
          Map<String, Object> run =
              runner.trainAndEvaluate(
                  corpus,
                  c.method(),
                  c.bits(),
                  options,
                  (model, r) -> {
                    r.put("encoder", encoderSpeed(model, testTexts, corpus));
                    if (keepModels) {
                      Path kept = keptModel(c);
                      Files.createDirectories(kept.getParent());
                      HashModelFormat.write(model, kept);
                      r.put("model_kept", kept.toString());
                      if (LearningCurve.isPresent(model.info())) {
                        Path curve = learningCurveOf(kept);
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
          Path file = resultFile(c);
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

  /** The encoder's speed on one thread: the cell's {@code encoder} object. */
  private static Map<String, Object> encoderSpeed(HashModel model, List<String> testTexts, Corpus corpus) {
    int neighbours = model.readsNeighbourhood() ? NeighbourhoodEncoding.settings(model).k() : 0;
    EncoderSpeed.Result s = EncoderSpeed.measure(model, testTexts, corpus.test(), neighbours);
    Map<String, Object> speed = new LinkedHashMap<>();
    speed.put("documents", s.documents());
    speed.put("text_docs_per_cpu_second", Math.round(s.textDocsPerCpuSecond()));
    speed.put("text_docs_per_wall_second", Math.round(s.textDocsPerWallSecond()));
    speed.put("vector_docs_per_cpu_second", Math.round(s.vectorDocsPerCpuSecond()));
    speed.put("vector_docs_per_wall_second", Math.round(s.vectorDocsPerWallSecond()));
    speed.put("threads", 1);
    if (neighbours > 0) {
      speed.put("neighbours_pooled", neighbours);
      speed.put("neighbour_search", "not timed (one BM25 search per document)");
    }
    speed.put("timed_passes", EncoderSpeed.TIMED_PASSES);
    speed.put("warm_up_cpu_seconds", EncoderSpeed.WARM_UP_SECONDS);
    speed.put("min_pass_seconds", EncoderSpeed.MIN_PASS_SECONDS);
    if (Double.isNaN(s.loadAverage()) == false) {
      speed.put("load_average", Math.round(s.loadAverage() * 100) / 100.0);
    }
    return speed;
  }

  /** The test documents' texts, which the encoder is timed on. */
  private static List<String> testTexts(DatasetReader reader) throws IOException {
    return reader.documents().stream().filter(Document::isTest).map(Document::fullText).toList();
  }

  /** Whether the cell has its result file and the model it was made with. */
  private boolean hasKeptModel(Cell c) {
    return done(c) && Files.isRegularFile(keptModel(c));
  }

  /** Where the learning curve of a kept neural model goes: beside it, {@code ...-learning-curve.png}. */
  static Path learningCurveOf(Path keptModel) {
    String name = keptModel.getFileName().toString();
    return keptModel.resolveSibling(name.substring(0, name.length() - ".hashmodel".length()) + "-learning-curve.png");
  }

  /** Where a cell's trained model is kept. */
  private Path keptModel(Cell c) {
    return common.workDir
        .resolve("reproduce-models")
        .resolve(store(c).cellName(c.dataset().key(), c.methodKey(), c.bits()) + ".hashmodel");
  }

  /**
   * Times the encoder again for every planned cell that has a result file and a kept model, and
   * replaces the cell's {@code encoder} object (recording the command under {@code
   * encoder.retimed_by}); Prec@100 and everything else in the file stay as they were.
   */
  private int retimeCells(List<Cell> plan, String command) throws Exception {
    List<String> skipped = new ArrayList<>();
    List<Cell> todo = new ArrayList<>();
    for (Cell c : plan) {
      if (done(c) == false) {
        skipped.add(c.name() + ": no result file " + resultFile(c) + "; run the cell first");
      } else if (Files.isRegularFile(keptModel(c)) == false) {
        skipped.add(c.name() + ": no kept model " + keptModel(c)
            + " (cells computed before models were kept, or another --work-dir); run the cell again with --force");
      } else {
        todo.add(c);
      }
    }
    System.out.printf("%d cells to time again%n", todo.size());
    int[] retimed = {0};
    eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
      Path file = resultFile(c);
      Path kept = keptModel(c);
      try (HashModel model = HashModelFormat.read(kept)) {
        if (model.bits() != c.bits() || model.vocabulary().size() != corpus.vocabulary().size()) {
          skipped.add(c.name() + ": the kept model " + kept + " has " + model.bits() + " bits and "
              + model.vocabulary().size() + " terms, the corpus " + corpus.vocabulary().size()
              + "; give the corpus options the cell was computed with");
          return;
        }
        Map<String, Object> speed = encoderSpeed(model, testTexts, corpus);
        speed.put("retimed_by", command);
        Map<String, Object> cell = JsonReport.readObject(file);
        Object before = cell.get("encoder");
        cell.put("encoder", speed);
        JsonReport.write(file, cell);
        System.out.printf("%s: %,d documents/s/core (was %s)%n", c.name(),
            (Long) speed.get("text_docs_per_cpu_second"),
            before instanceof Map<?, ?> m ? String.format(Locale.ROOT, "%,d", ((Number) m.get("text_docs_per_cpu_second")).longValue()) : "not timed");
        retimed[0]++;
      }
    });
    if (skipped.isEmpty() == false) {
      System.out.println(skipped.size() + " cell(s) skipped, their files unchanged:");
      skipped.forEach(why -> System.out.println("  " + why));
    }
    return retimed[0];
  }

  /**
   * Remakes each planned NbrReg+Doc median cell from its kept model of the time when models read
   * each document as its own neighbour ({@link NeighbourEncoder#upgrade}): the same network read
   * with BM25 neighbourhoods, median thresholds from the training documents read so, evaluated
   * and timed anew; the cell keeps its training figures and records {@code derived_from}.
   */
  private List<String> upgradeCells(List<Cell> plan, ThesisNumbers thesis, String command)
      throws Exception {
    List<String> failures = new ArrayList<>();
    List<Cell> todo = new ArrayList<>();
    for (Cell c : plan) {
      if (hasKeptModel(c) == false) {
        failures.add(c.name() + ": needs its result file and its kept model " + keptModel(c)
            + "; run the cell with --force instead");
      } else {
        todo.add(c);
      }
    }
    System.out.printf("%d NbrReg+Doc cells to upgrade from kept models%n", todo.size());
    eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
      Path source = keptModel(c);
      System.out.println(c.name() + " from " + source);
      try (HashModel kept = HashModelFormat.read(source)) {
        if (kept.readsNeighbourhood()) {
          System.out.println("  reads neighbourhoods already; nothing to do");
          return;
        }
        if (kept.vocabulary().size() != corpus.vocabulary().size() || kept.bits() != c.bits()) {
          failures.add(c.name() + ": the kept model " + source + " has " + kept.bits() + " bits and "
              + kept.vocabulary().size() + " terms, the corpus " + corpus.vocabulary().size()
              + "; it is not this cell's model");
          return;
        }
        long seed = Long.parseLong(kept.info().getOrDefault("seed", Long.toString(c.seed())));
        try (HashModel network = NeighbourEncoder.upgrade(kept);
            HashModel upgraded = ModelBinarization.apply(network,
                NeighbourhoodEncoding.project(network, corpus, cache(), threads, common.progress()).train(),
                Binarization.MEDIAN, seed)) {
          Map<String, Object> figures = runner.evaluate(upgraded, c.methodKey(), corpus);
          Path file = resultFile(c);
          Map<String, Object> before = JsonReport.readObject(file);
          Map<String, Object> cell = new LinkedHashMap<>(before);
          cell.putAll(figures);
          cell.put("command", command);
          cell.put("machine", machine());
          cell.put("model_info", upgraded.info());
          cell.put("encoder", encoderSpeed(upgraded, testTexts, corpus));
          Map<String, Object> derived = new LinkedHashMap<>();
          derived.put("model", source.toString());
          derived.put("command", before.get("command"));
          derived.put("prec@100_reading_each_document_as_its_own_neighbour", before.get("prec@100"));
          cell.put("derived_from", derived);
          HashModelFormat.write(upgraded, source);
          cell.put("model_kept", source.toString());
          JsonReport.write(file, cell);
          System.out.println("  " + ReproductionReport.cellSummary(CellStore.read(file), thesis));
        }
      }
    });
    return failures;
  }

  /**
   * Makes each planned ITQ cell from the model its median cell kept: the rotation is learnt on that
   * network's outputs for the training documents ({@link ItqRotation#rotate}), the codes are
   * evaluated and the encoder timed, and the cell takes the median cell's file with the new
   * figures, {@code model_info} and {@code encoder}, plus {@code derived_from}.
   */
  private List<String> deriveItqCells(List<Cell> plan, ThesisNumbers thesis, String command)
      throws Exception {
    List<String> failures = new ArrayList<>();
    List<Cell> todo = new ArrayList<>();
    for (Cell c : plan) {
      Cell median = c.withItq(false);
      if (c.method().binarization() != Binarization.MEDIAN) {
        continue; // LSH and STH have no ITQ row
      } else if (force == false && done(c)) {
        System.out.println(c.name() + ": done already (--force makes it again)");
      } else if (hasKeptModel(median) == false) {
        failures.add(c.name() + ": needs the median cell's result file and its kept model "
            + keptModel(median) + "; run the median cell with --force first");
      } else {
        todo.add(c);
      }
    }
    System.out.printf("%d ITQ cells to make from kept models%n", todo.size());
    eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
      Cell median = c.withItq(false);
      Path source = keptModel(median);
      System.out.println(c.name() + " from " + source);
      try (HashModel kept = HashModelFormat.read(source)) {
        if (kept.vocabulary().size() != corpus.vocabulary().size() || kept.bits() != c.bits()
            || Binarization.MEDIAN.cliName().equals(kept.info().get("binarization")) == false) {
          failures.add(c.name() + ": the kept model " + source + " has " + kept.bits() + " bits, "
              + kept.vocabulary().size() + " terms and binarization " + kept.info().get("binarization")
              + ", the corpus " + corpus.vocabulary().size() + " terms; it is not this cell's median model");
          return;
        }
        long seed = Long.parseLong(kept.info().getOrDefault("seed", Long.toString(c.seed())));
        try (HashModel itq = kept.readsNeighbourhood()
            ? ItqRotation.rotate(kept, NeighbourhoodEncoding.project(kept, corpus, cache(), threads, common.progress()).train(), seed)
            : ItqRotation.rotate(kept, corpus.train(), seed, threads, common.progress())) {
          Map<String, Object> figures = runner.evaluate(itq, c.methodKey(), corpus);
          Path medianFile = resultFile(median);
          Map<String, Object> medianCell = JsonReport.readObject(medianFile);
          Map<String, Object> cell = new LinkedHashMap<>(medianCell);
          cell.putAll(figures);
          if (cell.get("settings") instanceof Map<?, ?> settings) {
            Map<String, Object> copy = new LinkedHashMap<>();
            settings.forEach((k, v) -> copy.put((String) k, v));
            copy.put("binarization", itq.info().get("binarization"));
            cell.put("settings", copy);
          }
          cell.put("command", command);
          cell.put("machine", machine());
          cell.put("model_info", itq.info());
          cell.put("encoder", encoderSpeed(itq, testTexts, corpus));
          Map<String, Object> derived = new LinkedHashMap<>();
          derived.put("cell", medianFile.getFileName().toString());
          derived.put("model", source.toString());
          derived.put("command", medianCell.get("command"));
          cell.put("derived_from", derived);
          Path keptItq = keptModel(c);
          HashModelFormat.write(itq, keptItq);
          cell.put("model_kept", keptItq.toString());
          Path file = resultFile(c);
          JsonReport.write(file, cell);
          System.out.println("  " + ReproductionReport.cellSummary(CellStore.read(file), thesis));
        }
      }
    });
    return failures;
  }

  /** What a command does to one cell with its dataset's corpus. */
  @FunctionalInterface
  private interface CellWithCorpus {
    void make(Cell c, Corpus corpus, List<String> testTexts, HashRun runner) throws Exception;
  }

  /** Runs {@code body} on each cell of {@code todo}, building each corpus it needs once. */
  private void eachCellWithCorpus(List<Cell> todo, CellWithCorpus body) throws Exception {
    for (CorpusGroup group : corpusGroups(todo)) {
      ReproductionDataset d = group.dataset();
      DatasetReader reader = new DatasetReader(d.folder(dataRoot));
      List<String> testTexts = testTexts(reader);
      try (Corpus corpus = Corpus.build(reader, group.settings(), null, threads, common.progress())) {
        for (Cell c : group.cells()) {
          body.make(c, corpus, testTexts, new HashRun(d.folder(dataRoot), threads, c.seed(), common.progress()));
        }
      }
    }
  }

  /** Cells of one dataset whose methods train on the same corpus settings. */
  private record CorpusGroup(ReproductionDataset dataset, CorpusSettings settings, List<Cell> cells) {}

  /**
   * The cells grouped by dataset, then by the corpus their method trains on (LSH weighs terms
   * differently from the others unless --weighting is given), in the order of first appearance.
   */
  private List<CorpusGroup> corpusGroups(List<Cell> cells) {
    Map<ReproductionDataset, Map<CorpusSettings, List<Cell>>> grouped = new LinkedHashMap<>();
    for (Cell c : cells) {
      grouped.computeIfAbsent(c.dataset(), d -> new LinkedHashMap<>())
          .computeIfAbsent(corpusOptions.settings(c.method()), s -> new ArrayList<>())
          .add(c);
    }
    List<CorpusGroup> groups = new ArrayList<>();
    grouped.forEach((d, bySettings) -> bySettings.forEach((s, of) -> groups.add(new CorpusGroup(d, s, of))));
    return groups;
  }

  private ReferenceStore referenceStore() {
    return new ReferenceStore(out.resolve("results").resolve("references"));
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

  private static NeighborCache cache() {
    return new NeighborCache(NeighborCache.defaultDirectory());
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
