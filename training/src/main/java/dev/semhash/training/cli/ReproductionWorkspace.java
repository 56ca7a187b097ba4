package dev.semhash.training.cli;

import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.reproduce.CellStore;
import dev.semhash.training.reproduce.ReproductionDataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where {@code semhash reproduce} keeps its cells: each cell's result file under OUT/results (seed
 * 42's beside the table, other seeds' under {@code seeds/}), its trained model under
 * WORK-DIR/reproduce-models, and the datasets' corpora it builds them from.
 */
final class ReproductionWorkspace {
  private final Path results;
  private final Path workDir;
  private final Path dataRoot;
  private final CorpusOptions corpusOptions;
  private final int threads;
  private final ProgressReporter progress;

  /**
   * @param results OUT/results, where the cells' files go
   * @param workDir WORK-DIR, under whose reproduce-models/ the trained models are kept
   */
  ReproductionWorkspace(
      Path results, Path workDir, Path dataRoot, CorpusOptions corpusOptions, int threads, ProgressReporter progress) {
    this.results = results;
    this.workDir = workDir;
    this.dataRoot = dataRoot;
    this.corpusOptions = corpusOptions;
    this.threads = threads;
    this.progress = progress;
  }

  /** OUT/results. */
  Path results() {
    return results;
  }

  int threads() {
    return threads;
  }

  ProgressReporter progress() {
    return progress;
  }

  /** The store that holds a cell's file: the table's for seed 42, else that seed's replicates. */
  CellStore store(ReproductionCell c) {
    return CellStore.forSeed(results, c.seed());
  }

  Path resultFile(ReproductionCell c) {
    return store(c).file(c.dataset().key(), c.methodKey(), c.bits());
  }

  /** Whether the cell has a result file. */
  boolean done(ReproductionCell c) {
    return Files.exists(resultFile(c));
  }

  /** Whether the cell has its result file and the model it was made with. */
  boolean hasKeptModel(ReproductionCell c) {
    return done(c) && Files.isRegularFile(keptModel(c));
  }

  /** Where a cell's trained model is kept. */
  Path keptModel(ReproductionCell c) {
    return workDir
        .resolve("reproduce-models")
        .resolve(store(c).cellName(c.dataset().key(), c.methodKey(), c.bits()) + ".hashmodel");
  }

  /** Where the learning curve of a kept neural model goes: beside it, {@code ...-learning-curve.png}. */
  static Path learningCurveOf(Path keptModel) {
    String name = keptModel.getFileName().toString();
    return keptModel.resolveSibling(name.substring(0, name.length() - ".hashmodel".length()) + "-learning-curve.png");
  }

  /** What a command does to one cell with its dataset's corpus. */
  @FunctionalInterface
  interface CellWithCorpus {
    void make(ReproductionCell c, Corpus corpus, List<String> testTexts, HashRun runner) throws Exception;
  }

  /** Runs {@code body} on each cell of {@code todo}, building each corpus it needs once. */
  void eachCellWithCorpus(List<ReproductionCell> todo, CellWithCorpus body) throws Exception {
    for (CorpusGroup group : corpusGroups(todo)) {
      ReproductionDataset d = group.dataset();
      DatasetReader reader = new DatasetReader(d.folder(dataRoot));
      List<String> testTexts = testTexts(reader);
      try (Corpus corpus = Corpus.build(reader, group.settings(), null, threads, progress)) {
        for (ReproductionCell c : group.cells()) {
          body.make(c, corpus, testTexts, new HashRun(d.folder(dataRoot), threads, c.seed(), progress));
        }
      }
    }
  }

  /** The test documents' texts, which the encoder is timed on. */
  private static List<String> testTexts(DatasetReader reader) throws IOException {
    return reader.documents().stream().filter(Document::isTest).map(Document::fullText).toList();
  }

  /** Cells of one dataset whose methods train on the same corpus settings. */
  private record CorpusGroup(ReproductionDataset dataset, CorpusSettings settings, List<ReproductionCell> cells) {}

  /**
   * The cells grouped by dataset, then by the corpus their method trains on (LSH weighs terms
   * differently from the others unless --weighting is given), in the order of first appearance.
   */
  private List<CorpusGroup> corpusGroups(List<ReproductionCell> cells) {
    Map<ReproductionDataset, Map<CorpusSettings, List<ReproductionCell>>> grouped = new LinkedHashMap<>();
    for (ReproductionCell c : cells) {
      grouped.computeIfAbsent(c.dataset(), d -> new LinkedHashMap<>())
          .computeIfAbsent(corpusOptions.settings(c.method()), s -> new ArrayList<>())
          .add(c);
    }
    List<CorpusGroup> groups = new ArrayList<>();
    grouped.forEach((d, bySettings) -> bySettings.forEach((s, of) -> groups.add(new CorpusGroup(d, s, of))));
    return groups;
  }
}
