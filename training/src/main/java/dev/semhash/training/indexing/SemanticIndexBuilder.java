package dev.semhash.training.indexing;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.document.CodeFieldEncoder;
import dev.semhash.document.CodeFieldSchema;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.CorpusIndex;
import dev.semhash.training.data.Document;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.neighbors.Bm25Neighbors;
import dev.semhash.training.neighbors.Bm25TextNeighbours;
import dev.semhash.training.neighbors.Neighbors;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Builds a searchable Lucene index of documents with their semantic codes. Each document has
 * {@value #ID} (exact-match, stored), {@value #TITLE} (stored), {@value #BODY} (analysed with the
 * model's analysis chain and stored, so codes can be recomputed later) and the code field, written
 * by {@link SemhashCodec} so that Hamming queries take the fast path.
 *
 * <p>A model that reads neighbourhoods (NbrReg+Doc) encodes each document with its BM25
 * neighbours among the documents indexed ({@link Bm25Neighbors}, with the settings the model was
 * trained with): they are found first in an in-memory index of the same documents, and each
 * document goes through the network once.
 *
 * <pre class="prettyprint">
 * SemanticIndexBuilder.build(docs, model, Path.of("index"), "code", ProgressReporter.NONE);
 * </pre>
 */
public final class SemanticIndexBuilder {
  public static final String ID = "id";
  public static final String TITLE = "title";
  public static final String BODY = "body";

  /** Commit-data key recording which model wrote the codes. */
  public static final String MODEL_KEY = "semhash.model";

  /**
   * Commit-data key with a checksum of the model ({@link #fingerprint}), which tells apart two
   * trainings that {@link #describe} gives the same line, such as the same settings trained for
   * other epochs. Indexes written before it record only {@link #MODEL_KEY}.
   */
  public static final String MODEL_FINGERPRINT_KEY = "semhash.model_fingerprint";

  private SemanticIndexBuilder() {}

  /** The index writer configuration the project uses for code fields. */
  public static IndexWriterConfig config(HashModel model, String codeField) {
    IndexWriterConfig config = new IndexWriterConfig(model.vectorizer().analyzer());
    config.setCodec(new SemhashCodec(codeField));
    config.setRAMBufferSizeMB(256);
    // Separate files (no compound file) keep the code data visible and memory-mapped on its own.
    config.setUseCompoundFile(false);
    org.apache.lucene.index.TieredMergePolicy merges = new org.apache.lucene.index.TieredMergePolicy();
    merges.setNoCFSRatio(0.0);
    config.setMergePolicy(merges);
    return config;
  }

  /** Creates (or replaces) the index at {@code dir}. */
  public static void build(
      List<Document> docs, HashModel model, Path dir, String codeField, ProgressReporter progress)
      throws IOException {
    IndexWriterConfig config = config(model, codeField);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE);
    CodeFieldSchema schema = new CodeFieldSchema();
    CodeFieldEncoder encoder = new CodeFieldEncoder(codeField, model, schema);
    long[][] codes = model.readsNeighbourhood() ? neighbourhoodCodes(docs, model, progress) : null;
    try (Directory directory = FSDirectory.open(dir);
        IndexWriter writer = new IndexWriter(directory, config);
        ProgressReporter.Progress p = progress.start("indexing", docs.size(), "docs")) {
      for (int i = 0; i < docs.size(); i++) {
        Document doc = docs.get(i);
        org.apache.lucene.document.Document lucene = new org.apache.lucene.document.Document();
        lucene.add(new StringField(ID, doc.id(), Field.Store.YES));
        lucene.add(new StoredField(TITLE, doc.title()));
        lucene.add(new TextField(BODY, doc.fullText(), Field.Store.YES));
        lucene.add(codes == null
            ? encoder.field(doc.fullText())
            : schema.newField(codeField, codes[i], model.bits()));
        writer.addDocument(lucene);
        p.step(1);
      }
      writer.setLiveCommitData(commitData(model).entrySet());
      writer.commit();
    }
  }

  /**
   * The code of a query text for an index this class built: for a model that reads neighbourhoods,
   * the text read with its BM25 neighbours in the index's {@value #BODY} field (the text itself
   * when it shares no term with the index), as the documents were read.
   */
  public static long[] queryCode(HashModel model, IndexReader reader, String text) throws IOException {
    return queryCodes(model, reader, List.of(text))[0];
  }

  /** {@link #queryCode} of each text, the index's searcher set up once. */
  public static long[][] queryCodes(HashModel model, IndexReader reader, List<String> texts) throws IOException {
    long[][] codes = new long[texts.size()][];
    Bm25TextNeighbours nearest = model.readsNeighbourhood()
        ? new Bm25TextNeighbours(reader, BODY, model.vectorizer().analyzer(), NeighbourhoodEncoding.settings(model))
        : null;
    for (int q = 0; q < codes.length; q++) {
      String text = texts.get(q);
      codes[q] = nearest == null
          ? model.encode(text)
          : model.encode(text, CodeReencoder.neighbourTexts(nearest.of(text, -1), reader.storedFields(), BODY));
    }
    return codes;
  }

  /** Each document's code read with its BM25 neighbours among {@code docs}. */
  private static long[][] neighbourhoodCodes(List<Document> docs, HashModel model, ProgressReporter progress)
      throws IOException {
    int threads = Parallel.defaultThreads();
    int[][] lists = new int[docs.size()][];
    try (CorpusIndex index = CorpusIndex.buildInMemory(docs, model.analyzerSettings(), progress)) {
      Neighbors nn = new Bm25Neighbors(index, NeighbourhoodEncoding.settings(model)).compute(threads, progress);
      for (int d = 0; d < lists.length; d++) {
        lists[d] = nn.of(d);
      }
    }
    float[][] hidden = new float[docs.size()][];
    for (int d = 0; d < hidden.length; d++) {
      hidden[d] = model.hidden(model.vectorizer().vectorize(docs.get(d).fullText()));
    }
    float[][] outputs = CodeEncoder.pool(model, hidden, hidden, lists, threads, progress);
    long[][] codes = new long[outputs.length][];
    for (int d = 0; d < codes.length; d++) {
      codes[d] = model.binarize(outputs[d]);
    }
    return codes;
  }

  /** What an index records of the model that encoded it: {@link #MODEL_KEY} and its fingerprint. */
  public static Map<String, String> commitData(HashModel model) {
    return Map.of(MODEL_KEY, describe(model), MODEL_FINGERPRINT_KEY, fingerprint(model));
  }

  /**
   * A CRC-32 of what the model's codes depend on beyond {@link #describe}: its vocabulary,
   * thresholds and dense layers, as 8 hex digits. Two trainings that differ in any weight after
   * the first layer or any threshold differ here; the same training repeated (a deterministic
   * seed) gives the same, since timings and other records are left out.
   */
  public static String fingerprint(HashModel model) {
    CRC32 crc = new CRC32();
    crc.update(describe(model).getBytes(StandardCharsets.UTF_8));
    for (String term : model.vocabulary().terms()) {
      crc.update(term.getBytes(StandardCharsets.UTF_8));
      crc.update(0);
    }
    updateFloats(crc, model.thresholds());
    for (DenseLayer layer : model.layers()) {
      for (float[] row : layer.weights()) {
        updateFloats(crc, row);
      }
      updateFloats(crc, layer.bias());
    }
    return String.format(Locale.ROOT, "%08x", crc.getValue());
  }

  private static void updateFloats(CRC32 crc, float[] values) {
    ByteBuffer buf = ByteBuffer.allocate(values.length * Float.BYTES);
    buf.asFloatBuffer().put(values);
    crc.update(buf);
  }

  /** A one-line description of a model for commit data and reports. */
  public static String describe(HashModel model) {
    return model.method() + ", " + model.bits() + " bits, " + model.vocabulary().size() + " terms, seed " + model.info().getOrDefault("seed", "?");
  }
}
