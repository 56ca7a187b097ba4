package dev.semhash.training.corpus;

import dev.semhash.training.concurrent.Parallel;

import dev.semhash.text.TextVectorizer;
import dev.semhash.text.Vocabulary;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Edge;
import dev.semhash.training.progress.ProgressReporter;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.IOUtils;

/**
 * Everything one experiment reads about its text: the training documents' {@link CorpusIndex},
 * the {@link Vocabulary} selected from it, the {@link TextVectorizer} (analysis + vocabulary +
 * weighting, the part of a model that turns text into input), the training and test matrices
 * (rows by ordinal), and the ids and labels of every row.
 *
 * <p>Split: the training documents are those with split {@code train} and the test documents those
 * with split {@code test}, each in file order; a dataset without any split (a retrieval corpus)
 * is all training and has no test documents. {@link DatasetReader} rejects any other split value,
 * and a dataset where only some documents have a split, so that no document is left out unseen.
 *
 * <p>A document with no vocabulary term (all its words rare, or dropped by the analyzer) has an
 * empty row; {@link SparseMatrix#emptyRows()} counts them.
 *
 * <pre class="prettyprint">
 * try (Corpus corpus = Corpus.build(new DatasetReader(dir), CorpusSettings.DEFAULT, null,
 *     Parallel.defaultThreads(), ProgressReporter.NONE)) {
 *   SparseMatrix x = corpus.train();
 *   int[][] y = corpus.trainLabels();
 * }
 * </pre>
 */
public final class Corpus implements Closeable {
  private final CorpusSettings settings;
  private final CorpusIndex index;
  private final Vocabulary vocabulary;
  private final TextVectorizer vectorizer;
  private final SparseMatrix train;
  private final SparseMatrix test;
  private final List<String> trainIds;
  private final List<String> testIds;
  private final List<String> testTexts;
  private final LabelSet labels;
  private final int[][] trainLabels;
  private final int[][] testLabels;
  private final List<Edge> edges;

  private Corpus(
      CorpusSettings settings,
      CorpusIndex index,
      Vocabulary vocabulary,
      TextVectorizer vectorizer,
      SparseMatrix train,
      SparseMatrix test,
      List<String> trainIds,
      List<String> testIds,
      List<String> testTexts,
      LabelSet labels,
      int[][] trainLabels,
      int[][] testLabels,
      List<Edge> edges) {
    this.settings = settings;
    this.index = index;
    this.vocabulary = vocabulary;
    this.vectorizer = vectorizer;
    this.train = train;
    this.test = test;
    this.trainIds = trainIds;
    this.testIds = testIds;
    this.testTexts = testTexts;
    this.labels = labels;
    this.trainLabels = trainLabels;
    this.testLabels = testLabels;
    this.edges = edges;
  }

  /**
   * Reads the dataset's documents, splits them (see the class documentation) and builds the
   * corpus.
   *
   * @param indexDirectory where to write the training index (replacing any index there; stays
   *     the caller's to close), or {@code null} for an in-memory index
   */
  public static Corpus build(
      DatasetReader dataset,
      CorpusSettings settings,
      Directory indexDirectory,
      int threads,
      ProgressReporter progress)
      throws IOException {
    List<Document> all = dataset.documents();
    List<Document> train = Document.training(all);
    List<Document> test = all.stream().filter(Document::isTest).toList();
    List<Edge> edges = dataset.has("edges.tsv") ? dataset.edges() : null;
    if (train.isEmpty()) {
      throw new IllegalArgumentException(
          "dataset " + dataset.dir() + " has no document with split \"train\"; a corpus needs"
              + " training documents");
    }
    return build(train, test, edges, settings, indexDirectory, threads, progress);
  }

  /**
   * Builds the corpus of explicit training and test lists: indexes {@code train}, selects the
   * vocabulary, vectorizes both.
   *
   * @param indexDirectory where to write the training index, or {@code null} for in memory
   * @throws IllegalArgumentException if {@code train} is empty or no term qualifies for the
   *     vocabulary
   */
  public static Corpus build(
      List<Document> train,
      List<Document> test,
      CorpusSettings settings,
      Directory indexDirectory,
      int threads,
      ProgressReporter progress)
      throws IOException {
    return build(train, test, null, settings, indexDirectory, threads, progress);
  }

  /**
   * As {@link #build(List, List, CorpusSettings, Directory, int, ProgressReporter)}, with the
   * dataset's links between documents.
   *
   * @param edges the links (any documents', citing first), or {@code null} if the dataset has none
   */
  public static Corpus build(
      List<Document> train,
      List<Document> test,
      List<Edge> edges,
      CorpusSettings settings,
      Directory indexDirectory,
      int threads,
      ProgressReporter progress)
      throws IOException {
    CorpusIndex index =
        indexDirectory == null
            ? CorpusIndex.buildInMemory(train, settings.analyzer(), progress)
            : CorpusIndex.build(train, settings.analyzer(), indexDirectory, progress);
    boolean success = false;
    TextVectorizer vectorizer = null;
    try {
      Vocabulary vocabulary =
          VocabularySelector.select(index.reader(), CorpusIndex.BODY, settings.vocabulary());
      vectorizer =
          new TextVectorizer(
              settings.analyzer(), vocabulary, settings.weighting(), settings.normalize());
      SparseMatrix trainMatrix = CorpusVectors.fromIndex(index, vectorizer, threads, progress);
      List<String> testTexts = test.stream().map(Document::fullText).toList();
      SparseMatrix testMatrix = CorpusVectors.fromTexts(testTexts, vectorizer, threads, progress);
      List<List<String>> trainLabelNames = train.stream().map(Document::labels).toList();
      List<List<String>> testLabelNames = test.stream().map(Document::labels).toList();
      LabelSet labels = LabelSet.of(trainLabelNames);
      Corpus corpus =
          new Corpus(
              settings,
              index,
              vocabulary,
              vectorizer,
              trainMatrix,
              testMatrix,
              train.stream().map(Document::id).toList(),
              test.stream().map(Document::id).toList(),
              testTexts,
              labels,
              labels.encodeAll(trainLabelNames),
              labels.encodeAll(testLabelNames),
              edges == null ? null : List.copyOf(edges));
      success = true;
      return corpus;
    } finally {
      if (success == false) {
        if (vectorizer != null) {
          vectorizer.close();
        }
        IOUtils.closeWhileHandlingException(index);
      }
    }
  }

  public CorpusSettings settings() {
    return settings;
  }

  /** The training documents' index; doc id == training ordinal. */
  public CorpusIndex index() {
    return index;
  }

  public Vocabulary vocabulary() {
    return vocabulary;
  }

  /** Text to vector exactly as the training rows were made; thread-safe. */
  public TextVectorizer vectorizer() {
    return vectorizer;
  }

  /** Training documents by term weights, rows by ordinal. */
  public SparseMatrix train() {
    return train;
  }

  /** Test documents by term weights, rows in file order (possibly no rows). */
  public SparseMatrix test() {
    return test;
  }

  /** Dataset ids of the training rows. */
  public List<String> trainIds() {
    return trainIds;
  }

  /** Dataset ids of the test rows. */
  public List<String> testIds() {
    return testIds;
  }

  /** The labels of the training documents, numbered. */
  /**
   * The test documents' texts, in the order of {@link #test()}: what a model that reads each
   * document's neighbourhood searches the training index with.
   */
  public List<String> testTexts() {
    return testTexts;
  }

  public LabelSet labels() {
    return labels;
  }

  /** Sorted label ids of each training row; shared, do not modify. */
  public int[][] trainLabels() {
    return trainLabels;
  }

  /**
   * Sorted label ids of each test row (labels no training document has are left out); shared, do
   * not modify.
   */
  public int[][] testLabels() {
    return testLabels;
  }

  /**
   * The dataset's links between documents as stored (citing first, any split's documents), or
   * empty if the dataset has no {@code edges.tsv}.
   */
  public Optional<List<Edge>> edges() {
    return Optional.ofNullable(edges);
  }

  /** Closes the vectorizer and the index (and an in-memory index's storage). */
  @Override
  public void close() throws IOException {
    try {
      vectorizer.close();
    } finally {
      index.close();
    }
  }
}
