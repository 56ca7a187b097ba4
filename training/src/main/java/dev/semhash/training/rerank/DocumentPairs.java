package dev.semhash.training.rerank;

import dev.semhash.training.eval.TopScores;
import dev.semhash.rerank.text.TermVector;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.Bm25Index;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Training and validation queries over a collection, from labels, links or the corpus itself
 * ({@link PairSource}), for the trainers of {@link RerankTrainer}. A query is a term vector with its
 * relevant documents and the documents left out of its validation ranking.
 *
 * <p><b>Validation.</b> With links, a seeded share of the links is held out: the validation queries
 * are the documents with a held-out link, relevant its held-out neighbours, left out the document
 * itself and its remaining (training) neighbours, so no validation link is trained on. With labels
 * and weak pairs, a seeded share of the queries is held out whole (the documents stay in the
 * collection, as candidates).
 *
 * <pre class="prettyprint">
 * DocumentPairs pairs = DocumentPairs.build(PairSource.LABELS, corpus, null, 0.1, 1000, 5, 42L, progress);
 * List&lt;RerankExamples.Example&gt; examples = pairs.trainingExamples(corpus, 100);
 * </pre>
 */
public final class DocumentPairs {
  /**
   * A query.
   *
   * @param id its document's id (with {@code title:} in front for a title query)
   * @param vector its unit TF-IDF vector over the corpus dictionary
   * @param relevant relevant document ordinals, sorted
   * @param excluded ordinals left out of its validation ranking, sorted
   */
  public record TrainQuery(String id, TermVector vector, int[] relevant, int[] excluded) {}

  /**
   * The text of query {@code q}: its document's title + text, or its title for a title query
   * (models with their own input vocabulary, DSE and DSSM, encode the text).
   */
  static String text(RerankCorpus corpus, TrainQuery q) {
    boolean title = q.id().startsWith("title:");
    Document doc = corpus.documents().get(corpus.ordinal(title ? q.id().substring("title:".length()) : q.id()));
    return title ? doc.title() : Bm25Index.contents(doc);
  }

  private final List<TrainQuery> train;
  private final List<TrainQuery> validation;
  private final String description;

  private DocumentPairs(List<TrainQuery> train, List<TrainQuery> validation, String description) {
    this.train = train;
    this.validation = validation;
    this.description = description;
  }

  /**
   * Builds the queries.
   *
   * @param source labels, links or weak ({@link PairSource#QRELS} is for query datasets, see {@link
   *     RerankExperiment})
   * @param corpus the collection
   * @param links each document's linked documents (sorted), for {@link PairSource#LINKS}
   * @param validationFraction share held out for validation, in [0, 1)
   * @param maxValidation at most this many validation queries (a seeded sample)
   * @param weakNeighbours BM25 neighbours taken as relevant by weak supervision without titles
   * @param seed seed of the split
   * @throws IllegalArgumentException if the source has no pair on this collection (no label, no
   *     link), with what to use instead
   */
  public static DocumentPairs build(
      PairSource source, RerankCorpus corpus, int[][] links, double validationFraction, int maxValidation,
      int weakNeighbours, long seed, ProgressReporter progress) {
    if (!(validationFraction >= 0 && validationFraction < 1)) {
      throw new IllegalArgumentException("validation fraction must be in [0, 1), got " + validationFraction);
    }
    Random random = new Random(seed);
    List<Document> docs = corpus.documents();
    switch (source) {
      case QRELS -> throw new IllegalArgumentException(
          "qrels pairs need judged queries (a dataset with queries.jsonl.gz and qrels.tsv.gz, such as scifact); for a"
              + " document collection use --pairs labels, links or weak");
      case LINKS -> {
        if (links == null || Arrays.stream(links).allMatch(a -> a.length == 0)) {
          throw new IllegalArgumentException(
              "no link between the documents (edges.tsv.gz); use --pairs labels or weak, or a dataset with links such as citeseer");
        }
        long[] edges = packed(links);
        DocumentTask.shuffle(edges, random);
        int held = (int) Math.round(edges.length * validationFraction);
        int[][] trainAdj = DocumentTask.adjacency(docs.size(), Arrays.copyOfRange(edges, held, edges.length));
        int[][] valAdj = DocumentTask.adjacency(docs.size(), Arrays.copyOfRange(edges, 0, held));
        List<TrainQuery> train = new ArrayList<>();
        List<TrainQuery> validation = new ArrayList<>();
        for (int d = 0; d < docs.size(); d++) {
          int[] self = {d};
          if (trainAdj[d].length > 0) {
            train.add(new TrainQuery(docs.get(d).id(), corpus.document(d), trainAdj[d], self));
          }
          if (valAdj[d].length > 0) {
            validation.add(new TrainQuery(docs.get(d).id(), corpus.document(d), valAdj[d], DocumentTask.withSelf(trainAdj[d], d)));
          }
        }
        return new DocumentPairs(train, sample(validation, maxValidation, random),
            "links, both directions: " + (edges.length - held) + " training links, " + held + " held out for validation");
      }
      case LABELS -> {
        int[][] relevant = labelRelevance(docs);
        List<TrainQuery> all = new ArrayList<>();
        for (int d = 0; d < docs.size(); d++) {
          if (relevant[d].length > 0) {
            all.add(new TrainQuery(docs.get(d).id(), corpus.document(d), relevant[d], new int[] {d}));
          }
        }
        return splitQueries(all, validationFraction, maxValidation, random, "labels: the other documents sharing a label");
      }
      case WEAK -> {
        long titled = docs.stream().filter(d -> d.title().isBlank() == false).count();
        List<TrainQuery> all = new ArrayList<>();
        if (titled * 2 > docs.size()) {
          for (int d = 0; d < docs.size(); d++) {
            TermVector title = corpus.vectorizer().vectorize(docs.get(d).title());
            if (title.isEmpty() == false) {
              all.add(new TrainQuery("title:" + docs.get(d).id(), title, new int[] {d}, new int[0]));
            }
          }
          return splitQueries(all, validationFraction, maxValidation, random, "weak: title -> its document (" + titled + " titles)");
        }
        int[][] neighbours = bm25Neighbours(corpus, weakNeighbours, progress);
        for (int d = 0; d < docs.size(); d++) {
          if (neighbours[d].length > 0) {
            all.add(new TrainQuery(docs.get(d).id(), corpus.document(d), neighbours[d], new int[] {d}));
          }
        }
        return splitQueries(all, validationFraction, maxValidation, random,
            "weak: each document's top " + weakNeighbours + " BM25 neighbours (whole document as the query)");
      }
    }
    throw new AssertionError(source);
  }

  private static DocumentPairs splitQueries(
      List<TrainQuery> all, double validationFraction, int maxValidation, Random random, String description) {
    if (all.isEmpty()) {
      throw new IllegalArgumentException("no training pair: " + description + " gives none on this collection");
    }
    List<TrainQuery> shuffled = new ArrayList<>(all);
    java.util.Collections.shuffle(shuffled, random);
    int held = Math.min(maxValidation, (int) Math.round(shuffled.size() * validationFraction));
    return new DocumentPairs(
        List.copyOf(shuffled.subList(held, shuffled.size())), List.copyOf(shuffled.subList(0, held)),
        description + "; " + held + " queries held out for validation");
  }

  private static List<TrainQuery> sample(List<TrainQuery> queries, int max, Random random) {
    if (queries.size() <= max) {
      return queries;
    }
    List<TrainQuery> copy = new ArrayList<>(queries);
    java.util.Collections.shuffle(copy, random);
    return List.copyOf(copy.subList(0, max));
  }

  private static long[] packed(int[][] adjacency) {
    List<Long> edges = new ArrayList<>();
    for (int a = 0; a < adjacency.length; a++) {
      for (int b : adjacency[a]) {
        if (a < b) {
          edges.add(((long) a << 32) | b);
        }
      }
    }
    return edges.stream().mapToLong(Long::longValue).sorted().toArray();
  }

  /** For each document, the other documents sharing one of its labels. */
  static int[][] labelRelevance(List<Document> docs) {
    List<List<String>> labels = docs.stream().map(Document::labels).toList();
    if (labels.stream().allMatch(List::isEmpty)) {
      throw new IllegalArgumentException("no document has a label; use --pairs links or weak");
    }
    int[][] shared = dev.semhash.training.eval.ScoredRankingEvaluator.relevantBySharedLabel(labels, labels);
    for (int i = 0; i < shared.length; i++) {
      int self = Arrays.binarySearch(shared[i], i);
      if (self >= 0) {
        int[] without = new int[shared[i].length - 1];
        System.arraycopy(shared[i], 0, without, 0, self);
        System.arraycopy(shared[i], self + 1, without, self, without.length - self);
        shared[i] = without;
      }
    }
    return shared;
  }

  /** Each document's top {@code k} other documents by BM25 with the whole document as the query. */
  static int[][] bm25Neighbours(RerankCorpus corpus, int k, ProgressReporter progress) {
    if (k <= 0) {
      throw new IllegalArgumentException("number of weak neighbours must be positive, got " + k);
    }
    List<Document> docs = corpus.documents();
    Bm25CorpusScorer bm25 = new Bm25CorpusScorer(docs, corpus.analysis(), Bm25Index.Settings.ANSERINI.k1(), Bm25Index.Settings.ANSERINI.b());
    int[][] out = new int[docs.size()][];
    double[] scores = new double[docs.size()];
    try (ProgressReporter.Progress p = progress.start("BM25 neighbours (weak supervision)", docs.size(), "docs")) {
      for (int d = 0; d < docs.size(); d++) {
        bm25.score(Bm25Index.contents(docs.get(d)), scores);
        scores[d] = Double.NEGATIVE_INFINITY;
        int[] top = TopScores.top(scores, k);
        int n = 0;
        for (int t : top) {
          n += scores[t] > 0 ? 1 : 0;
        }
        int[] kept = new int[n];
        n = 0;
        for (int t : top) {
          if (scores[t] > 0) {
            kept[n++] = t;
          }
        }
        Arrays.sort(kept);
        out[d] = kept;
        p.step(1);
      }
    }
    return out;
  }

  /** The training queries. */
  public List<TrainQuery> train() {
    return train;
  }

  /** The validation queries. */
  public List<TrainQuery> validation() {
    return validation;
  }

  /** What the pairs are, for reports. */
  public String description() {
    return description;
  }

  /** Number of (query, relevant document) training pairs. */
  public long pairs() {
    return train.stream().mapToLong(q -> q.relevant().length).sum();
  }

  /**
   * The training queries as trainer examples, each with its top {@code hardDepth} other documents
   * by TF-IDF cosine as hard-negative candidates (none if {@code hardDepth} is 0).
   */
  public List<RerankExamples.Example> trainingExamples(RerankCorpus corpus, int hardDepth, ProgressReporter progress) {
    CorpusScorer tfIdf = hardDepth > 0 ? CorpusScorer.tfIdf(corpus) : null;
    double[] scores = new double[corpus.size()];
    List<RerankExamples.Example> examples = new ArrayList<>(train.size());
    try (ProgressReporter.Progress p = progress.start("training queries", train.size(), "queries")) {
      for (TrainQuery q : train) {
        int[] candidates = new int[0];
        float[] candidateScores = new float[0];
        if (tfIdf != null) {
          tfIdf.score(q.vector(), scores);
          for (int e : q.excluded()) {
            scores[e] = Double.NEGATIVE_INFINITY;
          }
          candidates = TopScores.top(scores, hardDepth);
          candidateScores = new float[candidates.length];
          for (int i = 0; i < candidates.length; i++) {
            candidateScores[i] = (float) scores[candidates[i]];
          }
        }
        examples.add(new RerankExamples.Example(q.id(), text(corpus, q), q.vector(), q.relevant(), candidates, candidateScores));
        p.step(1);
      }
    }
    return examples;
  }
}
