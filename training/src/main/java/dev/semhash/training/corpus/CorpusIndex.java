package dev.semhash.training.corpus;

import dev.semhash.training.concurrent.Parallel;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.progress.ProgressReporter.Progress;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.index.TermVectors;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.similarities.Similarity;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

/**
 * A Lucene index of the training documents, the single source of every corpus statistic (document
 * frequencies, document lengths, per-document term counts) and the collection BM25 neighbours are
 * searched in.
 *
 * <p>Each training document is one Lucene document with these fields:
 *
 * <ul>
 *   <li>{@value #ORD}: its ordinal, the position in the training list, as numeric doc values. The
 *       index is sorted on it and force-merged to one segment, so <b>doc id == ordinal</b>; {@link
 *       #open} checks that and refuses an index where it does not hold.
 *   <li>{@value #ID}: the dataset's document id, indexed as one token and stored.
 *   <li>{@value #LABELS}: its labels, stored (one value per label).
 *   <li>{@value #BODY}: {@link Document#fullText()} analysed with the corpus's {@link
 *       AnalyzerSettings}, indexed with frequencies (no positions) and with term vectors, so a
 *       document's term counts come from the index.
 * </ul>
 *
 * The commit's user data records the format version, the analyzer settings and a SHA-256 digest of
 * the training documents' ids and texts (their identity for caches).
 *
 * <pre class="prettyprint">
 * try (CorpusIndex index = CorpusIndex.build(trainDocs, AnalyzerSettings.DEFAULT,
 *     FSDirectory.open(path), ProgressReporter.NONE)) {
 *   IndexSearcher searcher = index.newSearcher(new BM25Similarity());
 * }
 * </pre>
 */
public final class CorpusIndex implements Closeable {
  /** Field of the ordinal (numeric doc values; the index sort). */
  public static final String ORD = "ord";

  /** Field of the document id (indexed as one token, stored). */
  public static final String ID = "id";

  /** Field of the labels (stored, one value per label). */
  public static final String LABELS = "labels";

  /** Field of the analysed text (frequencies and term vectors). */
  public static final String BODY = "body";

  static final String USER_DATA_FORMAT = "semhash.corpus.format";
  static final String USER_DATA_ANALYZER = "semhash.corpus.analyzer";
  static final String USER_DATA_DIGEST = "semhash.corpus.digest";
  static final String FORMAT_VERSION = "1";

  private static final FieldType BODY_TYPE = new FieldType(TextField.TYPE_NOT_STORED);

  static {
    BODY_TYPE.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
    BODY_TYPE.setStoreTermVectors(true);
    BODY_TYPE.freeze();
  }

  private final Directory directory;
  private final boolean ownsDirectory;
  private final DirectoryReader reader;
  private final AnalyzerSettings analyzerSettings;
  private final String digest;
  private final String[] ids;

  private CorpusIndex(
      Directory directory,
      boolean ownsDirectory,
      DirectoryReader reader,
      AnalyzerSettings analyzerSettings,
      String digest,
      String[] ids) {
    this.directory = directory;
    this.ownsDirectory = ownsDirectory;
    this.reader = reader;
    this.analyzerSettings = analyzerSettings;
    this.digest = digest;
    this.ids = ids;
  }

  /**
   * Indexes {@code docs} into {@code directory}, replacing whatever index it held, and opens the
   * result. The directory stays the caller's to close.
   *
   * @param docs the training documents; their positions become the ordinals
   * @throws IllegalArgumentException if {@code docs} is empty
   */
  public static CorpusIndex build(
      List<Document> docs, AnalyzerSettings settings, Directory directory, ProgressReporter progress)
      throws IOException {
    writeIndex(docs, settings, directory, progress, Parallel.defaultThreads());
    return open(directory, false);
  }

  /** Like {@link #build} into a heap-backed directory that {@link #close} releases. */
  public static CorpusIndex buildInMemory(
      List<Document> docs, AnalyzerSettings settings, ProgressReporter progress) throws IOException {
    Directory dir = new ByteBuffersDirectory();
    boolean success = false;
    try {
      writeIndex(docs, settings, dir, progress, Parallel.defaultThreads());
      CorpusIndex index = open(dir, true);
      success = true;
      return index;
    } finally {
      if (success == false) {
        IOUtils.closeWhileHandlingException(dir);
      }
    }
  }

  /**
   * Opens an index written by {@link #build}. The directory stays the caller's to close.
   *
   * @throws IOException if the directory holds no index, or one that is not a corpus index of this
   *     format
   */
  public static CorpusIndex open(Directory directory) throws IOException {
    return open(directory, false);
  }

  private static void writeIndex(
      List<Document> docs,
      AnalyzerSettings settings,
      Directory directory,
      ProgressReporter progress,
      int threads)
      throws IOException {
    if (docs.isEmpty()) {
      throw new IllegalArgumentException(
          "the training set is empty: a corpus index needs at least one training document"
              + " (does the dataset mark any document with split \"train\"?)");
    }
    String digest = digest(docs);
    try (Analyzer analyzer = settings.newAnalyzer()) {
      IndexWriterConfig config = new IndexWriterConfig(analyzer);
      config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
      // Sorting on the ordinal plus one segment is what makes doc id == ordinal, whatever order
      // the threads below add documents in and whatever merges happen.
      config.setIndexSort(new Sort(new SortField(ORD, SortField.Type.INT)));
      config.setRAMBufferSizeMB(128);
      config.setCommitOnClose(false);
      try (IndexWriter writer = new IndexWriter(directory, config);
          Progress p = progress.start("indexing training documents", docs.size(), "docs")) {
        Parallel.forEachChunk(
            docs.size(),
            256,
            threads,
            p,
            (from, to) -> {
              for (int ord = from; ord < to; ord++) {
                writer.addDocument(toLuceneDocument(ord, docs.get(ord)));
              }
            });
        writer.forceMerge(1);
        writer.setLiveCommitData(
            Map.of(
                    USER_DATA_FORMAT, FORMAT_VERSION,
                    USER_DATA_ANALYZER, encode(settings),
                    USER_DATA_DIGEST, digest)
                .entrySet());
        writer.commit();
      }
    }
  }

  private static org.apache.lucene.document.Document toLuceneDocument(int ord, Document doc) {
    org.apache.lucene.document.Document d = new org.apache.lucene.document.Document();
    d.add(new NumericDocValuesField(ORD, ord));
    d.add(new StringField(ID, doc.id(), Field.Store.YES));
    for (String label : doc.labels()) {
      d.add(new StoredField(LABELS, label));
    }
    d.add(new Field(BODY, doc.fullText(), BODY_TYPE));
    return d;
  }

  private static CorpusIndex open(Directory directory, boolean ownsDirectory) throws IOException {
    DirectoryReader reader = DirectoryReader.open(directory);
    boolean success = false;
    try {
      Map<String, String> userData = reader.getIndexCommit().getUserData();
      String format = userData.get(USER_DATA_FORMAT);
      if (format == null) {
        throw new IOException(
            "the index in " + directory + " is not a semhash corpus index (no "
                + USER_DATA_FORMAT + " in its commit data); build it with CorpusIndex.build");
      }
      if (FORMAT_VERSION.equals(format) == false) {
        throw new IOException(
            "the corpus index in " + directory + " has format version " + format
                + " but this code reads version " + FORMAT_VERSION + "; rebuild the index");
      }
      AnalyzerSettings settings = decode(userData.get(USER_DATA_ANALYZER));
      String digest = userData.get(USER_DATA_DIGEST);
      if (reader.leaves().size() != 1 || reader.hasDeletions()) {
        throw new IOException(
            "the corpus index in " + directory + " has " + reader.leaves().size()
                + " segments or deletions; it must be one segment without deletions"
                + " (it was modified after CorpusIndex.build); rebuild it");
      }
      LeafReader leaf = reader.leaves().get(0).reader();
      NumericDocValues ords = leaf.getNumericDocValues(ORD);
      int n = leaf.maxDoc();
      for (int doc = 0; doc < n; doc++) {
        if (ords == null || ords.advanceExact(doc) == false || ords.longValue() != doc) {
          throw new IOException(
              "the corpus index in " + directory + " does not map doc id " + doc
                  + " to ordinal " + doc + "; rebuild it with CorpusIndex.build");
        }
      }
      String[] ids = new String[n];
      StoredFields stored = reader.storedFields();
      for (int doc = 0; doc < n; doc++) {
        ids[doc] = stored.document(doc, java.util.Set.of(ID)).get(ID);
        if (ids[doc] == null) {
          throw new IOException("document " + doc + " of the corpus index has no stored id");
        }
      }
      CorpusIndex index = new CorpusIndex(directory, ownsDirectory, reader, settings, digest, ids);
      success = true;
      return index;
    } finally {
      if (success == false) {
        IOUtils.closeWhileHandlingException(reader);
      }
    }
  }

  /** Number of training documents; ordinals run from 0 to {@code size() - 1}. */
  public int size() {
    return ids.length;
  }

  /** The reader; doc id == ordinal. */
  public DirectoryReader reader() {
    return reader;
  }

  /** A searcher over the corpus with {@code similarity}; thread-safe, shareable. */
  public IndexSearcher newSearcher(Similarity similarity) {
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setSimilarity(similarity);
    return searcher;
  }

  /** The dataset id of the document with ordinal {@code ord}. */
  public String id(int ord) {
    return ids[ord];
  }

  /** The stored labels of the document with ordinal {@code ord}. */
  public List<String> labels(int ord) throws IOException {
    return List.of(reader.storedFields().document(ord).getValues(LABELS));
  }

  /** The analysis chain the body was indexed with. */
  public AnalyzerSettings analyzerSettings() {
    return analyzerSettings;
  }

  /**
   * Hex SHA-256 of the training documents (ids and full texts, in ordinal order): the corpus's
   * identity for caches. It changes when any indexed text changes, not when files move.
   */
  public String digest() {
    return digest;
  }

  /**
   * A reader of per-document term counts from the term vectors. Not thread-safe: make one per
   * thread.
   */
  public TermCountReader newTermCountReader() throws IOException {
    return new TermCountReader(reader.termVectors());
  }

  /** Reads a document's analysed terms and their counts from its term vector. */
  public static final class TermCountReader {
    private final TermVectors vectors;

    private TermCountReader(TermVectors vectors) {
      this.vectors = vectors;
    }

    /**
     * The terms of document {@code ord} in term order with their counts; empty if the document
     * has no token after analysis.
     */
    public TermCounts read(int ord) throws IOException {
      Terms terms = vectors.get(ord, BODY);
      if (terms == null) {
        return TermCounts.EMPTY;
      }
      List<String> list = new ArrayList<>((int) Math.max(0, terms.size()));
      int[] freqs = new int[(int) Math.max(16, terms.size())];
      long length = 0;
      TermsEnum te = terms.iterator();
      for (BytesRef term = te.next(); term != null; term = te.next()) {
        int freq = (int) te.totalTermFreq();
        if (list.size() == freqs.length) {
          freqs = java.util.Arrays.copyOf(freqs, freqs.length * 2);
        }
        freqs[list.size()] = freq;
        list.add(term.utf8ToString());
        length += freq;
      }
      return new TermCounts(
          list.toArray(new String[0]), java.util.Arrays.copyOf(freqs, list.size()), length);
    }
  }

  /**
   * A document's analysed terms (in index term order) and how often each occurs.
   *
   * @param terms distinct terms in term order
   * @param counts the count of each term
   * @param length the document's length in tokens, the sum of {@code counts}
   */
  public record TermCounts(String[] terms, int[] counts, long length) {
    /** The counts of a document without any token. */
    public static final TermCounts EMPTY = new TermCounts(new String[0], new int[0], 0);

    /** Number of distinct terms. */
    public int size() {
      return terms.length;
    }

    /** The counts as a map, for {@link dev.semhash.text.TextVectorizer#vectorize(Map, long)}. */
    public Map<String, Integer> asMap() {
      Map<String, Integer> map = new java.util.LinkedHashMap<>();
      for (int i = 0; i < terms.length; i++) {
        map.put(terms[i], counts[i]);
      }
      return map;
    }
  }

  @Override
  public void close() throws IOException {
    if (ownsDirectory) {
      IOUtils.close(reader, directory);
    } else {
      reader.close();
    }
  }

  static String digest(List<Document> docs) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK has SHA-256", e);
    }
    for (Document doc : docs) {
      update(sha, doc.id());
      update(sha, doc.fullText());
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static void update(MessageDigest sha, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    // The length prefix keeps ("ab","c") and ("a","bc") apart.
    sha.update(
        new byte[] {
          (byte) (bytes.length >>> 24), (byte) (bytes.length >>> 16),
          (byte) (bytes.length >>> 8), (byte) bytes.length
        });
    sha.update(bytes);
  }

  static String encode(AnalyzerSettings settings) throws IOException {
    ByteBuffersDataOutput out = new ByteBuffersDataOutput();
    settings.write(out);
    return HexFormat.of().formatHex(out.toArrayCopy());
  }

  static AnalyzerSettings decode(String hex) throws IOException {
    if (hex == null) {
      throw new IOException("the corpus index records no analyzer settings; rebuild it");
    }
    byte[] bytes;
    try {
      bytes = HexFormat.of().parseHex(hex);
    } catch (IllegalArgumentException e) {
      throw new IOException("corrupt analyzer settings in the corpus index: " + hex, e);
    }
    return AnalyzerSettings.read(new ByteArrayDataInput(bytes));
  }
}
