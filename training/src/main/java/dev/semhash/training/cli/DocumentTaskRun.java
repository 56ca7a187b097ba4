package dev.semhash.training.cli;

import dev.semhash.rerank.model.RerankModelFormat;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.eval.ScoredRankingEvaluation;
import dev.semhash.training.rerank.DocumentTask;
import dev.semhash.training.rerank.DocumentTaskExperiment;
import dev.semhash.training.rerank.PairSource;
import dev.semhash.training.rerank.RerankCorpus;
import dev.semhash.training.retrieval.Bm25Index;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code eval-rerank --task doc-doc|links}: the document-ranking tasks, printed and written as JSON. */
final class DocumentTaskRun {
  private final EvalRerankCommand c;

  DocumentTaskRun(EvalRerankCommand command) {
    this.c = command;
  }

  /** The analysis of the rerank models: the BM25 index's (Porter-stemmed English). */
  static AnalysisSettings analysis() {
    return RerankCorpus.analysisOf(Bm25Index.Settings.ANSERINI.analysis());
  }

  int run(DatasetReader reader) throws Exception {
    List<Document> docs = reader.documents();
    DocumentTask task = switch (c.task) {
      case "doc-doc" -> DocumentTask.docDoc(docs);
      case "links" -> {
        if (reader.has("edges.tsv") == false) {
          throw new IllegalArgumentException(
              reader.dir() + " has no edges.tsv.gz; the links task needs links between documents, such as ../shared/datasets/citeseer");
        }
        yield DocumentTask.links(docs, reader.edges(), c.trainFraction, c.common.seed);
      }
      default -> throw new IllegalArgumentException("unknown task '" + c.task + "'; choose qrels, doc-doc or links");
    };
    PairSource pairs = c.pairs != null
        ? PairSource.parse(c.pairs)
        : task.kind() == DocumentTask.Kind.LINKS ? PairSource.LINKS : PairSource.LABELS;
    if (pairs == PairSource.LINKS) {
      c.modelOptions.useLinkDefaults();
    } else if (pairs == PairSource.LABELS) {
      c.modelOptions.useLabelDefaults();
    }
    String method = c.model.name();
    boolean trained = method.equals("bm25") == false;
    DocumentTaskExperiment.Settings settings = new DocumentTaskExperiment.Settings(
        method, trained ? c.modelOptions.trainer(method, c.common.seed, false) : null, pairs, analysis(), c.modelOptions.minDf,
        c.modelOptions.maxTerms(), c.validationFraction == null ? 0.1 : c.validationFraction, c.maxValidation,
        c.modelOptions.hardDepth(method, false), c.weakNeighbours, c.triples, c.common.seed, 2);

    Map<String, Object> results = new LinkedHashMap<>();
    results.put("command", "eval-rerank");
    results.put("task", task.kind().cliName());
    results.put("dataset", reader.name());
    results.put("model", method);
    results.put("seed", c.common.seed);
    results.put("queries", task.queries().size());
    results.put("candidates", task.candidates().size());
    if (task.kind() == DocumentTask.Kind.LINKS) {
      results.put("train_links", task.trainEdges());
      results.put("test_links", task.testEdges());
      results.put("train_fraction", c.trainFraction);
      results.put("excluded", "the query and its training neighbours");
    }
    results.put("triples", c.triples);
    System.out.printf("%s, task %s: %d queries ranking %d documents%s; seed %d%n", reader.name(), task.kind().cliName(),
        task.queries().size(), task.candidates().size(),
        task.kind() == DocumentTask.Kind.LINKS
            ? String.format(", %d training / %d held-out links (%.0f%%)", task.trainEdges(), task.testEdges(), 100 * c.trainFraction)
            : "", c.common.seed);
    if (trained == false) {
      DocumentTaskExperiment.Result r = DocumentTaskExperiment.baselines(task, settings, c.common.progress());
      print(List.of("tfidf", "bm25"), List.of(r.tfIdf(), r.bm25()));
      results.put("tfidf", measures(r.tfIdf()));
      results.put("bm25", measures(r.bm25()));
      write(results);
      return 0;
    }
    DocumentTaskExperiment.Result r = DocumentTaskExperiment.run(
        task, settings, new DocumentTaskExperiment.Interpolation(c.depth, c.weight), c.common.progress());
    DocumentTaskExperiment.Interpolated inter = r.interpolated();
    String rerankName = "bm25+" + method;
    DocumentTaskExperiment.Trained t = r.trained();
    Map<String, Object> set = new LinkedHashMap<>(c.modelOptions.describe(method, c.common.seed, false));
    set.put("pairs", pairs.cliName());
    set.put("pair_description", t.pairs());
    set.put("train_queries", t.trainQueries());
    set.put("train_pairs", t.trainPairs());
    set.put("validation_queries", t.validationQueries());
    set.put("dictionary_terms", t.model().dictionary().size());
    set.put("chosen_epoch", t.epoch());
    t.epochs().stream().filter(e -> e.epoch() == t.epoch()).findFirst()
        .ifPresent(e -> set.put("learnt_part_weight", e.learntWeight()));
    set.put("analysis", "standard tokenizer, lowercase, English stop words, Porter stemming");
    results.put("settings", set);
    results.put("tfidf", measures(r.tfIdf()));
    results.put("bm25", measures(r.bm25()));
    results.put(method, measures(r.model()));
    Map<String, Object> reranked = measures(inter.test());
    reranked.put("weight", inter.weight());
    boolean validated = inter.chosen() && Double.isFinite(inter.validationMap());
    reranked.put("weight_source", inter.chosen() == false ? "given (--weight)"
        : validated ? "chosen on the validation queries" : "no validation query to choose it on: 0, BM25's own order");
    reranked.put("depth", inter.depth());
    reranked.put("combination", "BM25's top depth hits rescored with 1 + f + weight x m, f and m min-max normalised over"
        + " them (as RerankQuery); the rest after them in BM25 order");
    if (validated) {
      reranked.put("validation_bm25_map", CommandSupport.round(inter.validationBm25Map()));
      reranked.put("validation_map", CommandSupport.round(inter.validationMap()));
    }
    results.put(rerankName, reranked);
    List<Map<String, Object>> epochs = new ArrayList<>();
    for (DocumentTaskExperiment.EpochLog e : t.epochs()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("epoch", e.epoch());
      m.put("mean_loss", CommandSupport.round(e.meanLoss()));
      m.put("violated", CommandSupport.round(e.violatedFraction()));
      m.put("validation_map", CommandSupport.round(e.validationMap()));
      m.put("learnt_part_weight", e.learntWeight());
      epochs.add(m);
    }
    results.put("epochs", epochs);
    results.put("train_seconds", CommandSupport.round(t.trainSeconds()));
    if (c.saveModel != null) {
      RerankModelFormat.write(t.model(), c.saveModel);
      results.put("model_file", c.saveModel.toString());
    }
    System.out.printf("%s (%s), %s; epoch %d of %d chosen on %d validation queries; %d terms; training %.1f s%n", method,
        set.get("model"), t.pairs(), t.epoch(), t.epochs().isEmpty() ? 0 : t.epochs().get(t.epochs().size() - 1).epoch(), t.validationQueries(), t.model().dictionary().size(),
        t.trainSeconds());
    System.out.printf("%s reranks BM25's top %d with weight %s%s%n", rerankName, inter.depth(), inter.weight(),
        inter.chosen() == false ? " (given)"
            : validated
                ? String.format(" (chosen on validation: MAP %.4f against BM25's %.4f)", inter.validationMap(), inter.validationBm25Map())
                : " (no validation query to choose it on)");
    print(List.of("tfidf", "bm25", method, rerankName), List.of(r.tfIdf(), r.bm25(), r.model(), inter.test()));
    write(results);
    return 0;
  }

  private static void print(List<String> names, List<ScoredRankingEvaluation> evals) {
    System.out.printf("%-11s %8s %8s %10s%n", "run", "MAP", "P@10", "rank loss");
    for (int i = 0; i < names.size(); i++) {
      ScoredRankingEvaluation e = evals.get(i);
      System.out.printf("%-11s %8.4f %8.4f %10.4f%n", names.get(i), e.map(), e.precisionAt10(), e.rankLoss());
    }
  }

  private void write(Map<String, Object> results) throws java.io.IOException {
    if (c.common.json != null) {
      JsonReport.write(c.common.json, results);
      System.out.println("wrote " + c.common.json);
    }
  }

  static Map<String, Object> measures(ScoredRankingEvaluation e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("map", CommandSupport.round(e.map()));
    m.put("p@10", CommandSupport.round(e.precisionAt10()));
    m.put("rank_loss", CommandSupport.round(e.rankLoss()));
    m.put("auc", CommandSupport.round(e.auc()));
    m.put("ranked_queries", e.rankedQueries());
    return m;
  }
}
