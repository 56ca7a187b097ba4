package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.ItqRotation;
import dev.semhash.training.hashing.vdsh.ModelBinarization;
import dev.semhash.training.hashing.vdsh.NeighbourEncoder;
import dev.semhash.training.neighbors.NeighborCache;
import dev.semhash.training.reproduce.CellStore;
import dev.semhash.training.reproduce.ReproductionReport;
import dev.semhash.training.reproduce.ThesisNumbers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code semhash reproduce} does with the models its cells kept, without training: time their
 * encoders again ({@code --retime}), make ITQ rows from median networks ({@code --from-kept-models},
 * {@code --with-itq}) and read old NbrReg+Doc networks with neighbourhoods ({@code
 * --upgrade-kept-models}). Each rewrites cell files and records the command that did.
 */
final class KeptModelCells {
  private final ReproductionWorkspace workspace;
  private final String command;
  private final boolean force;

  /**
   * @param command this invocation, recorded in the cells it rewrites
   * @param force whether ITQ cells whose file exists are made again
   */
  KeptModelCells(ReproductionWorkspace workspace, String command, boolean force) {
    this.workspace = workspace;
    this.command = command;
    this.force = force;
  }

  /**
   * Times the encoder again for every planned cell that has a result file and a kept model, and
   * replaces the cell's {@code encoder} object (recording the command under {@code
   * encoder.retimed_by}); Prec@100 and everything else in the file stay as they were.
   *
   * @return how many cells were timed again
   */
  int retime(List<ReproductionCell> plan) throws Exception {
    List<String> skipped = new ArrayList<>();
    List<ReproductionCell> todo = new ArrayList<>();
    for (ReproductionCell c : plan) {
      if (workspace.done(c) == false) {
        skipped.add(c.name() + ": no result file " + workspace.resultFile(c) + "; run the cell first");
      } else if (Files.isRegularFile(workspace.keptModel(c)) == false) {
        skipped.add(c.name() + ": no kept model " + workspace.keptModel(c)
            + " (cells computed before models were kept, or another --work-dir); run the cell again with --force");
      } else {
        todo.add(c);
      }
    }
    System.out.printf("%d cells to time again%n", todo.size());
    int[] retimed = {0};
    workspace.eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
      Path file = workspace.resultFile(c);
      Path kept = workspace.keptModel(c);
      try (HashModel model = HashModelFormat.read(kept)) {
        String mismatch = notTheCellsModel(c, model, kept, corpus);
        if (mismatch != null) {
          skipped.add(mismatch);
          return;
        }
        Map<String, Object> speed = EncoderSpeedFigures.measure(model, testTexts, corpus);
        speed.put("retimed_by", command);
        Map<String, Object> cell = JsonReport.readObject(file);
        Object before = cell.get("encoder");
        cell.put("encoder", speed);
        JsonReport.write(file, cell);
        System.out.printf("%s: %,d documents/s/core (was %s)%n", c.name(),
            (Long) speed.get("text_docs_per_cpu_second"),
            before instanceof Map<?, ?> m
                ? String.format(Locale.ROOT, "%,d", ((Number) m.get("text_docs_per_cpu_second")).longValue())
                : "not timed");
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
   *
   * @return the cells that could not be upgraded, each with why
   */
  List<String> upgrade(List<ReproductionCell> plan, ThesisNumbers thesis) throws Exception {
    List<String> failures = new ArrayList<>();
    List<ReproductionCell> todo = new ArrayList<>();
    for (ReproductionCell c : plan) {
      if (workspace.hasKeptModel(c) == false) {
        failures.add(c.name() + ": needs its result file and its kept model " + workspace.keptModel(c)
            + "; run the cell with --force instead");
      } else {
        todo.add(c);
      }
    }
    System.out.printf("%d NbrReg+Doc cells to upgrade from kept models%n", todo.size());
    workspace.eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
      Path source = workspace.keptModel(c);
      System.out.println(c.name() + " from " + source);
      try (HashModel kept = HashModelFormat.read(source)) {
        if (kept.readsNeighbourhood()) {
          System.out.println("  reads neighbourhoods already; nothing to do");
          return;
        }
        String mismatch = notTheCellsModel(c, kept, source, corpus);
        if (mismatch != null) {
          failures.add(mismatch);
          return;
        }
        long seed = Long.parseLong(kept.info().getOrDefault("seed", Long.toString(c.seed())));
        try (HashModel network = NeighbourEncoder.upgrade(kept);
            HashModel upgraded = ModelBinarization.apply(network,
                NeighbourhoodEncoding.project(network, corpus, cache(), workspace.threads(), workspace.progress())
                    .train(),
                Binarization.MEDIAN, seed)) {
          Path file = workspace.resultFile(c);
          Map<String, Object> before = JsonReport.readObject(file);
          Map<String, Object> derived = new LinkedHashMap<>();
          derived.put("model", source.toString());
          derived.put("command", before.get("command"));
          derived.put("prec@100_reading_each_document_as_its_own_neighbour", before.get("prec@100"));
          writeRemade(c, before, upgraded, derived, source, corpus, testTexts, runner, thesis);
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
   *
   * @return the cells that could not be made, each with why
   */
  List<String> deriveItq(List<ReproductionCell> plan, ThesisNumbers thesis) throws Exception {
    List<String> failures = new ArrayList<>();
    List<ReproductionCell> todo = new ArrayList<>();
    for (ReproductionCell c : plan) {
      ReproductionCell median = c.withItq(false);
      if (c.method().binarization() != Binarization.MEDIAN) {
        continue; // LSH and STH have no ITQ row
      } else if (force == false && workspace.done(c)) {
        System.out.println(c.name() + ": done already (--force makes it again)");
      } else if (workspace.hasKeptModel(median) == false) {
        failures.add(c.name() + ": needs the median cell's result file and its kept model "
            + workspace.keptModel(median) + "; run the median cell with --force first");
      } else {
        todo.add(c);
      }
    }
    System.out.printf("%d ITQ cells to make from kept models%n", todo.size());
    workspace.eachCellWithCorpus(todo, (c, corpus, testTexts, runner) -> {
      ReproductionCell median = c.withItq(false);
      Path source = workspace.keptModel(median);
      System.out.println(c.name() + " from " + source);
      try (HashModel kept = HashModelFormat.read(source)) {
        String mismatch = notTheCellsModel(c, kept, source, corpus);
        if (mismatch == null && Binarization.MEDIAN.cliName().equals(kept.info().get("binarization")) == false) {
          mismatch = c.name() + ": the kept model " + source + " has binarization " + kept.info().get("binarization")
              + ", not the median cell's; run the median cell again with --force";
        }
        if (mismatch != null) {
          failures.add(mismatch);
          return;
        }
        long seed = Long.parseLong(kept.info().getOrDefault("seed", Long.toString(c.seed())));
        try (HashModel itq = kept.readsNeighbourhood()
            ? ItqRotation.rotate(kept,
                NeighbourhoodEncoding.project(kept, corpus, cache(), workspace.threads(), workspace.progress()).train(),
                seed)
            : ItqRotation.rotate(kept, corpus.train(), seed, workspace.threads(), workspace.progress())) {
          Path medianFile = workspace.resultFile(median);
          Map<String, Object> medianCell = new LinkedHashMap<>(JsonReport.readObject(medianFile));
          EpochScoringOption.remove(medianCell); // the median codes' scores, not the rotated ones'
          if (medianCell.get("settings") instanceof Map<?, ?> settings) {
            Map<String, Object> copy = new LinkedHashMap<>();
            settings.forEach((k, v) -> copy.put((String) k, v));
            copy.put("binarization", itq.info().get("binarization"));
            medianCell.put("settings", copy);
          }
          Map<String, Object> derived = new LinkedHashMap<>();
          derived.put("cell", medianFile.getFileName().toString());
          derived.put("model", source.toString());
          derived.put("command", medianCell.get("command"));
          writeRemade(c, medianCell, itq, derived, workspace.keptModel(c), corpus, testTexts, runner, thesis);
        }
      }
    });
    return failures;
  }

  /** The ITQ rows of the planned cells whose median cell now exists. */
  List<ReproductionCell> itqRowsOf(List<ReproductionCell> plan) {
    return plan.stream()
        .filter(c -> c.method().binarization() == Binarization.MEDIAN)
        .filter(workspace::done)
        .map(c -> c.withItq(true))
        .toList();
  }

  /**
   * Why {@code kept} cannot be cell {@code c}'s model on {@code corpus} (another code length or
   * vocabulary), or null if it can.
   */
  private static String notTheCellsModel(ReproductionCell c, HashModel kept, Path source, Corpus corpus) {
    if (kept.bits() == c.bits() && kept.vocabulary().size() == corpus.vocabulary().size()) {
      return null;
    }
    return c.name() + ": the kept model " + source + " has " + kept.bits() + " bits and "
        + kept.vocabulary().size() + " terms, the corpus " + corpus.vocabulary().size()
        + "; it is not this cell's model: give the corpus options the cell was computed with, or run it"
        + " again with --force";
  }

  /**
   * Writes cell {@code c} remade from a kept model without training: {@code base}'s figures (its
   * training ones stay) overwritten by {@code model}'s evaluation, model information and encoder
   * speed, with {@code derivedFrom}, and {@code model} written to {@code keptAt}.
   */
  private void writeRemade(ReproductionCell c, Map<String, Object> base, HashModel model, Map<String, Object> derivedFrom,
      Path keptAt, Corpus corpus, List<String> testTexts, HashRun runner, ThesisNumbers thesis) throws Exception {
    Map<String, Object> cell = new LinkedHashMap<>(base);
    cell.putAll(runner.evaluate(model, c.methodKey(), corpus));
    cell.put("command", command);
    cell.put("machine", ReproduceCommand.machine());
    cell.put("model_info", model.info());
    cell.put("encoder", EncoderSpeedFigures.measure(model, testTexts, corpus));
    cell.put("derived_from", derivedFrom);
    HashModelFormat.write(model, keptAt);
    cell.put("model_kept", keptAt.toString());
    Path file = workspace.resultFile(c);
    JsonReport.write(file, cell);
    System.out.println("  " + ReproductionReport.cellSummary(CellStore.read(file), thesis));
  }

  private static NeighborCache cache() {
    return new NeighborCache(NeighborCache.defaultDirectory());
  }
}
