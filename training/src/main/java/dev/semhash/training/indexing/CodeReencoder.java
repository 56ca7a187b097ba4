package dev.semhash.training.indexing;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.document.CodeFieldSchema;
import dev.semhash.index.HammingCodes;
import dev.semhash.model.HashModel;
import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.VocabularyCoverage;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.neighbors.Bm25TextNeighbours;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * Rewrites every document's code after a model is retrained, without reindexing the text: the
 * stored text is encoded with the new model and written with {@link
 * IndexWriter#updateBinaryDocValue}. Every document must have a stored id, unique, and a stored
 * text; all updates are committed at once at the end, never on close, so a run that finds a
 * document without them, fails otherwise or is interrupted leaves the index exactly as it was
 * (Lucene commits are atomic).
 *
 * <p>A model that reads neighbourhoods (NbrReg+Doc) reads each document with its BM25 neighbours
 * in the index ({@link Bm25TextNeighbours} over the text field, which must then be indexed with
 * the model's analysis, as {@link SemanticIndexBuilder} indexes it). Each document's hidden values
 * ({@link HashModel#hidden}) are kept while they are among the {@value #HIDDEN_CACHE_SIZE} most
 * recently used, so a neighbour that recurs goes through the network once: one BM25 search and
 * about one network pass per document.
 *
 * <p>Requirements: a unique, indexed and stored id field, a stored text field, an existing code
 * field, and a model whose code length equals the field's (all codes of a field share one length,
 * and doc-values updates cannot add a field: a different length needs a new index, or a field of
 * that length the index already has).
 */
public final class CodeReencoder {
  /** How many documents' hidden values a neighbourhood model's re-encoding keeps. */
  static final int HIDDEN_CACHE_SIZE = 50_000;

  private static final String UNCHANGED = "the index was left unchanged";

  private CodeReencoder() {}

  /** What a run did. */
  public record Result(int documents, int changed, int skipped) {}

  /**
   * @param idField unique id of each document (a StringField, stored)
   * @param textField the stored text to encode
   * @param codeField the code field to rewrite; it must exist, since doc-values updates cannot add
   *     a field
   * @throws IllegalArgumentException if the index, the code field, an id or a text is missing, or
   *     an id is not unique; nothing is written then
   */
  public static Result reencode(
      Path indexDir, HashModel model, String idField, String textField, String codeField, ProgressReporter progress)
      throws IOException {
    try (Directory dir = ExistingIndex.open(indexDir);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      ExistingIndex.checkCodeField(reader, codeField, indexDir);
      int fieldBits = CodeFieldSchema.of(reader).bits(codeField);
      if (fieldBits != 0 && fieldBits != model.bits()) {
        throw new IllegalArgumentException(
            "field '" + codeField + "' holds " + fieldBits + "-bit codes but the model makes " + model.bits()
                + "-bit codes; re-encode with a " + fieldBits + "-bit model (codes of another length need a new index,"
                + " or a code field of that length the index already has: updates cannot add a field)");
      }
      BinaryCodeField.checkBits(model.bits());
      checkIdFieldIsIndexed(reader, idField);
      Map<String, String> commitData = new HashMap<>(reader.getIndexCommit().getUserData());
      Bm25TextNeighbours nearest = model.readsNeighbourhood()
          ? new Bm25TextNeighbours(reader, textField, model.vectorizer().analyzer(), NeighbourhoodEncoding.settings(model))
          : null;
      HiddenValues hidden = nearest == null ? null : new HiddenValues(model, reader.storedFields(), textField);
      IndexWriterConfig config = SemanticIndexBuilder.config(model, codeField);
      config.setOpenMode(IndexWriterConfig.OpenMode.APPEND);
      // Closing the writer then rolls back instead of committing, so a run that fails half-way (a
      // document without id or text, a shared id, an interruption) leaves every code and the record
      // of the model (MODEL_KEY) as they were.
      config.setCommitOnClose(false);
      int total = reader.numDocs();
      int changed = 0;
      int skipped = 0;
      int withoutTerm = 0;
      try (IndexWriter writer = new IndexWriter(dir, config);
          ProgressReporter.Progress p = progress.start("re-encoding", total, "docs")) {
        long[] old = new long[(model.bits() + 63) >>> 6];
        Map<String, Integer> docById = new HashMap<>();
        for (LeafReaderContext ctx : reader.leaves()) {
          LeafReader leaf = ctx.reader();
          StoredFields stored = leaf.storedFields();
          Bits live = leaf.getLiveDocs();
          HammingCodes current = fieldBits == 0 ? null : HammingCodes.of(leaf, codeField, fieldBits);
          for (int doc = 0; doc < leaf.maxDoc(); doc++) {
            if (live != null && live.get(doc) == false) {
              continue;
            }
            org.apache.lucene.document.Document d = stored.document(doc);
            String id = d.get(idField);
            String text = d.get(textField);
            checkDocument(ctx.docBase + doc, id, text, idField, textField, docById);
            SparseVector terms = model.vectorizer().vectorize(text);
            withoutTerm += terms.size() == 0 ? 1 : 0;
            long[] code = nearest == null
                ? model.encode(terms)
                : model.binarize(hidden.pooled(ctx.docBase + doc, terms, nearest.of(text, ctx.docBase + doc)));
            int ord = current == null ? -1 : current.ordOf(doc);
            if (ord >= 0) {
              current.readCode(ord, old);
              if (java.util.Arrays.equals(old, code)) {
                skipped++;
                p.step(1);
                continue;
              }
            }
            BytesRef bytes = new BytesRef(HammingCodes.toBytes(code, model.bits()));
            writer.updateBinaryDocValue(new Term(idField, id), codeField, bytes);
            changed++;
            p.step(1);
          }
        }
        // before the commit: refused, the writer rolls back and every code stays as it was
        VocabularyCoverage.require(total, withoutTerm, model.vocabulary().size(), "the index " + indexDir);
        commitData.putAll(SemanticIndexBuilder.commitData(model));
        writer.setLiveCommitData(commitData.entrySet());
        writer.commit();
      }
      return new Result(total, changed, skipped);
    }
  }

  /** Refuses an id field that is only stored: updates find documents by their indexed id. */
  private static void checkIdFieldIsIndexed(DirectoryReader reader, String idField) {
    FieldInfo idInfo = FieldInfos.getMergedFieldInfos(reader).fieldInfo(idField);
    if (idInfo != null && idInfo.getIndexOptions() == IndexOptions.NONE) {
      throw new IllegalArgumentException("id field '" + idField + "' is stored but not indexed; re-encoding finds each"
          + " document by its indexed id (index it as a StringField), or give --id-field another field; "
          + UNCHANGED);
    }
  }

  /**
   * Checks that a document has a stored id and text and that no earlier one had its id: an update
   * by id rewrites every document with that id, so a shared id would give one document's code to
   * the others. The run then fails before its commit, which leaves the index unchanged.
   */
  private static void checkDocument(
      int docId, String id, String text, String idField, String textField, Map<String, Integer> docById) {
    if (id == null || text == null) {
      throw new IllegalArgumentException(
          "document " + docId + (id == null ? "" : " (id '" + id + "')") + " has no stored '"
              + (id == null ? idField : textField) + "' field; re-encoding needs a stored unique id and the"
              + " stored text of every document (see --id-field, --text-field); " + UNCHANGED);
    }
    Integer first = docById.putIfAbsent(id, docId);
    if (first != null) {
      throw new IllegalArgumentException(
          "id '" + id + "' of field '" + idField + "' is shared by documents " + first + " and " + docId
              + "; re-encoding updates each document by its id, so ids must be unique (give --id-field a"
              + " field with a unique value per document); " + UNCHANGED);
    }
  }

  /** The stored texts of the listed documents (those that have one). */
  public static List<String> neighbourTexts(int[] docIds, StoredFields stored, String textField)
      throws IOException {
    List<String> texts = new ArrayList<>(docIds.length);
    for (int id : docIds) {
      String t = stored.document(id).get(textField);
      if (t != null) {
        texts.add(t);
      }
    }
    return texts;
  }

  /** Documents' hidden values by doc id, the most recently used kept. */
  private static final class HiddenValues {
    private final HashModel model;
    private final StoredFields stored;
    private final String textField;
    private final Map<Integer, float[]> recent =
        new LinkedHashMap<>(1024, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Integer, float[]> eldest) {
            return size() > HIDDEN_CACHE_SIZE;
          }
        };

    HiddenValues(HashModel model, StoredFields stored, String textField) {
      this.model = model;
      this.stored = stored;
      this.textField = textField;
    }

    float[] of(int docId) throws IOException {
      float[] h = recent.get(docId);
      if (h == null) {
        String text = stored.document(docId).get(textField);
        h = model.hidden(model.vectorizer().vectorize(text == null ? "" : text));
        recent.put(docId, h);
      }
      return h;
    }

    /**
     * The model's output for a document, whose weighted terms the caller has already made, read
     * with the listed ones.
     */
    float[] pooled(int docId, SparseVector terms, int[] neighbours) throws IOException {
      float[] own = recent.computeIfAbsent(docId, d -> model.hidden(terms));
      List<float[]> pooled = new ArrayList<>(neighbours.length);
      for (int n : neighbours) {
        pooled.add(of(n));
      }
      return model.pool(own, pooled);
    }
  }
}
