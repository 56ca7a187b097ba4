package dev.semhash.training.retrieval;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.StopWords;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Run;
import dev.semhash.training.progress.ProgressReporter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * A Lucene BM25 index of a document collection, used as the first retrieval stage: indexes title
 * and text together in one field (as Anserini's BEIR "flat" indexes do), and answers a query text
 * with the top N documents as (ordinal, id, score).
 *
 * <p>Documents are addressed by their <b>ordinal</b>, the position in the list given to {@link
 * #build}; the ordinal is stored in the index, so it survives segment merges and reopening. The
 * analysis chain and the BM25 parameters are written into the index's commit data, so {@link
 * #open} searches exactly as the index was built. Ties in score are ranked by increasing ordinal
 * (Lucene's doc id order).
 *
 * <p>Thread-safe: {@link #search} may be called from several threads.
 *
 * <pre class="prettyprint">
 * try (Bm25Index bm25 = Bm25Index.build(docs, Bm25Index.Settings.ANSERINI, new ByteBuffersDirectory(),
 *     ProgressReporter.NONE)) {
 *   List&lt;Bm25Index.Hit&gt; top = bm25.search("vitamin D and bone density", 1000);
 * }
 * </pre>
 */
public final class Bm25Index implements Closeable {
  /** The indexed field: title and text, separated by a space. */
  public static final String FIELD = "contents";

  private static final String ID_FIELD = "id";
  private static final String ORD_FIELD = "ord";
  private static final String KEY_K1 = "semhash.bm25.k1";
  private static final String KEY_B = "semhash.bm25.b";
  private static final String KEY_ANALYSIS = "semhash.bm25.analysis";

  /**
   * How documents are analysed and scored.
   *
   * @param analysis analysis chain of documents and queries
   * @param k1 BM25 term-frequency saturation (non-negative, finite)
   * @param b BM25 length normalisation (between 0 and 1)
   */
  public record Settings(AnalyzerSettings analysis, float k1, float b) {
    /** Anserini's BEIR baseline: Porter-stemmed English analysis, k1 = 0.9, b = 0.4. */
    public static final Settings ANSERINI = new Settings(AnalyzerSettings.ENGLISH_STEMMED, 0.9f, 0.4f);

    public Settings {
      if (analysis == null) {
        throw new IllegalArgumentException("analysis settings are required");
      }
      if (Float.isFinite(k1) == false || k1 < 0) {
        throw new IllegalArgumentException("k1 must be finite and >= 0, got " + k1);
      }
      if (Float.isNaN(b) || b < 0 || b > 1) {
        throw new IllegalArgumentException("b must be between 0 and 1, got " + b);
      }
    }
  }

  /** One retrieved document: its ordinal in the indexed list, its id and its BM25 score. */
  public record Hit(int ordinal, String id, float score) {}

  private final Directory directory;
  private final Settings settings;
  private final Analyzer analyzer;
  private final DirectoryReader reader;
  private final IndexSearcher searcher;
  private final String[] ids;
  private final int[][] leafOrdinals;
  private final Map<String, Integer> ordinalOfId;

  private Bm25Index(Directory directory, Settings settings) throws IOException {
    this.directory = directory;
    this.settings = settings;
    this.analyzer = settings.analysis().newAnalyzer();
    this.reader = DirectoryReader.open(directory);
    this.searcher = new IndexSearcher(reader);
    searcher.setSimilarity(new BM25Similarity(settings.k1(), settings.b()));
    this.ids = new String[reader.numDocs()];
    this.leafOrdinals = new int[reader.leaves().size()][];
    this.ordinalOfId = new HashMap<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      int[] ords = new int[leaf.reader().maxDoc()];
      NumericDocValues ordValues = leaf.reader().getNumericDocValues(ORD_FIELD);
      StoredFields stored = leaf.reader().storedFields();
      for (int doc = 0; doc < ords.length; doc++) {
        if (ordValues == null || ordValues.advanceExact(doc) == false) {
          throw new IOException("document " + doc + " of " + directory + " has no ordinal; not a BM25 index of this tool");
        }
        int ord = Math.toIntExact(ordValues.longValue());
        if (ord < 0 || ord >= ids.length || ids[ord] != null) {
          throw new IOException("corrupt BM25 index " + directory + ": bad or repeated ordinal " + ord);
        }
        ords[doc] = ord;
        ids[ord] = stored.document(doc).get(ID_FIELD);
        ordinalOfId.put(ids[ord], ord);
      }
      leafOrdinals[leaf.ord] = ords;
    }
  }

  /**
   * Indexes {@code docs} into {@code directory} (which must be empty) and opens the index. The
   * returned index owns the directory and closes it.
   *
   * @throws IllegalArgumentException if {@code docs} is empty or holds a duplicate id
   */
  public static Bm25Index build(
      List<Document> docs, Settings settings, Directory directory, ProgressReporter progress)
      throws IOException {
    if (docs.isEmpty()) {
      throw new IllegalArgumentException("no document to index; give at least one");
    }
    Map<String, Integer> seen = new HashMap<>();
    try (Analyzer analyzer = settings.analysis().newAnalyzer()) {
      IndexWriterConfig config = new IndexWriterConfig(analyzer);
      config.setSimilarity(new BM25Similarity(settings.k1(), settings.b()));
      config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
      config.setRAMBufferSizeMB(256);
      try (IndexWriter writer = new IndexWriter(directory, config);
          ProgressReporter.Progress p = progress.start("BM25 indexing", docs.size(), "docs")) {
        for (int ord = 0; ord < docs.size(); ord++) {
          Document doc = docs.get(ord);
          Integer previous = seen.put(doc.id(), ord);
          if (previous != null) {
            throw new IllegalArgumentException(
                "document id \"" + doc.id() + "\" appears twice (positions " + previous + " and " + ord + ")");
          }
          org.apache.lucene.document.Document lucene = new org.apache.lucene.document.Document();
          lucene.add(new StoredField(ID_FIELD, doc.id()));
          lucene.add(new NumericDocValuesField(ORD_FIELD, ord));
          lucene.add(new TextField(FIELD, contents(doc), Field.Store.NO));
          writer.addDocument(lucene);
          p.step(1);
        }
        writer.setLiveCommitData(commitData(settings).entrySet());
        writer.forceMerge(1);
        writer.commit();
      }
    } catch (RuntimeException | IOException e) {
      directory.close();
      throw e;
    }
    return new Bm25Index(directory, settings);
  }

  /** Builds an in-memory index with {@link Settings#ANSERINI}. */
  public static Bm25Index inMemory(List<Document> docs, ProgressReporter progress)
      throws IOException {
    return build(docs, Settings.ANSERINI, new ByteBuffersDirectory(), progress);
  }

  /** Builds an index on disk at {@code path} (created or overwritten). */
  public static Bm25Index onDisk(
      List<Document> docs, Settings settings, Path path, ProgressReporter progress)
      throws IOException {
    return build(docs, settings, FSDirectory.open(path), progress);
  }

  /**
   * Opens an index written by {@link #build}, with the analysis and BM25 parameters it was built
   * with. The returned index owns the directory and closes it.
   *
   * @throws IOException if the directory holds no index, or one not written by this class
   */
  public static Bm25Index open(Directory directory) throws IOException {
    try {
      Map<String, String> data;
      try (DirectoryReader r = DirectoryReader.open(directory)) {
        data = r.getIndexCommit().getUserData();
      }
      return new Bm25Index(directory, settingsFrom(data, directory));
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }

  /** The text indexed for {@code doc}: title and text joined by a space. */
  public static String contents(Document doc) {
    return doc.title().isEmpty() ? doc.text() : doc.title() + " " + doc.text();
  }

  /** The analysis and BM25 parameters of this index. */
  public Settings settings() {
    return settings;
  }

  /** Number of indexed documents. */
  public int numDocs() {
    return ids.length;
  }

  /** The id of the document with ordinal {@code ordinal}. */
  public String id(int ordinal) {
    return ids[ordinal];
  }

  /** The ordinal of document {@code id}, or -1 if it is not indexed. */
  public int ordinal(String id) {
    return ordinalOfId.getOrDefault(id, -1);
  }

  /** The bag-of-words query this index runs for {@code text} (see {@link BagOfWordsQuery}). */
  public org.apache.lucene.search.Query query(String text) {
    return BagOfWordsQuery.build(FIELD, analyzer, text);
  }

  /** The searcher, with the BM25 similarity set, for callers that run their own queries. */
  public IndexSearcher searcher() {
    return searcher;
  }

  /**
   * The top {@code n} documents for {@code text}, best first; fewer if fewer documents match, none
   * if the text has no term after analysis.
   *
   * @throws IllegalArgumentException if {@code n <= 0}
   */
  public List<Hit> search(String text, int n) throws IOException {
    if (n <= 0) {
      throw new IllegalArgumentException("number of hits must be positive, got " + n);
    }
    TopDocs top = searcher.search(query(text), n);
    List<Hit> hits = new ArrayList<>(top.scoreDocs.length);
    for (ScoreDoc sd : top.scoreDocs) {
      int leaf = org.apache.lucene.index.ReaderUtil.subIndex(sd.doc, reader.leaves());
      int ord = leafOrdinals[leaf][sd.doc - reader.leaves().get(leaf).docBase];
      hits.add(new Hit(ord, ids[ord], sd.score));
    }
    return hits;
  }

  /**
   * Searches every query and collects the results as a {@link Run} (query id → top {@code n}).
   * A query with no hit is absent from the run.
   */
  public Run search(List<Query> queries, int n, String runName, ProgressReporter progress)
      throws IOException {
    if (queries.isEmpty()) {
      throw new IllegalArgumentException("no query to search; give at least one");
    }
    Run.Builder run = new Run.Builder(runName);
    try (ProgressReporter.Progress p = progress.start("BM25 search", queries.size(), "queries")) {
      for (Query q : queries) {
        for (Hit hit : search(q.text(), n)) {
          run.add(q.id(), hit.id(), hit.score());
        }
        p.step(1);
      }
    }
    return run.build();
  }

  @Override
  public void close() throws IOException {
    try (directory;
        reader;
        analyzer) {
      // closes all three
    }
  }

  private static Map<String, String> commitData(Settings s) {
    AnalyzerSettings a = s.analysis();
    Map<String, String> data = new HashMap<>();
    data.put(KEY_K1, Float.toString(s.k1()));
    data.put(KEY_B, Float.toString(s.b()));
    data.put(
        KEY_ANALYSIS,
        a.lowercase()
            + ","
            + a.stopWords().cliName()
            + ","
            + a.minTokenLength()
            + ","
            + a.maxTokenLength()
            + ","
            + a.porterStemming());
    return data;
  }

  /** A stop list as written by {@link #commitData}; indexes written before it existed say true/false. */
  private static StopWords stopWords(String value) {
    return switch (value) {
      case "true" -> StopWords.LUCENE;
      case "false" -> StopWords.NONE;
      default -> StopWords.parse(value);
    };
  }

  private static Settings settingsFrom(Map<String, String> data, Directory directory)
      throws IOException {
    String k1 = data.get(KEY_K1);
    String b = data.get(KEY_B);
    String analysis = data.get(KEY_ANALYSIS);
    if (k1 == null || b == null || analysis == null) {
      throw new IOException(
          "index in " + directory + " was not built by Bm25Index (no BM25 settings in its commit); rebuild it");
    }
    String[] parts = analysis.split(",", -1);
    try {
      if (parts.length != 5) {
        throw new IllegalArgumentException("expected 5 analysis fields, found " + parts.length);
      }
      return new Settings(
          new AnalyzerSettings(
              Boolean.parseBoolean(parts[0]),
              stopWords(parts[1]),
              Integer.parseInt(parts[2]),
              Integer.parseInt(parts[3]),
              Boolean.parseBoolean(parts[4])),
          Float.parseFloat(k1),
          Float.parseFloat(b));
    } catch (IllegalArgumentException e) {
      throw new IOException("corrupt BM25 settings in " + directory + ": " + e.getMessage(), e);
    }
  }
}
