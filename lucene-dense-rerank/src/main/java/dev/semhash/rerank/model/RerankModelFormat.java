package dev.semhash.rerank.model;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.store.ChecksumIndexInput;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Reads and writes rerank model files ({@code .rerankmodel}).
 *
 * <pre class="prettyprint">
 * RerankModelFormat.write(model, Path.of("ssi.rerankmodel"));
 * RerankModel same = RerankModelFormat.read(Path.of("ssi.rerankmodel"));
 * </pre>
 *
 * <p><b>File format, version 3.</b> Integers are little-endian as Lucene's {@link DataOutput}
 * writes them; VInt is Lucene's variable-length integer, String a VInt byte length then UTF-8,
 * Float the IEEE-754 bits as an Int.
 *
 * <ol>
 *   <li>Header: {@link CodecUtil#writeHeader} with codec name {@value #CODEC_NAME} and the version.
 *   <li>String method; VInt n, then n pairs of String key, String value (provenance).
 *   <li>Analysis: Byte flags (1 lowercase, 2 English stop words, 4 Porter stemming, 8 letter
 *       n-grams, version 2 on), VInt minimum and VInt maximum token length, then if flag 8 VInt n
 *       ({@link AnalysisSettings#write}).
 *   <li>Dictionary: VInt size, then per term String term, Float idf.
 *   <li>Byte {@link RerankModel.Kind} ordinal: 0 projections, 1 term matrix, 2 deep network.
 *   <li>Projections (kind 0, and kind 2 before its layers):
 *       <ol>
 *         <li>Byte {@link RerankModel.Similarity} ordinal; Float term-overlap weight λ; Byte 1 if
 *             the document projection is the query projection, else 0.
 *         <li>Query projection: VInt terms (= dictionary size), VInt dimension; from version 3
 *             Byte layout, 0 for a column per term, 1 for columns of some terms only, then if 1
 *             VInt n and n VInt gaps to the ascending term ids (each id minus the previous id
 *             minus 1, the first id itself); then terms (layout 1: n) &times; dimension Floats,
 *             term-major (every dimension of the first term, then the next, ...). A term
 *             without a column projects to zero.
 *         <li>If not shared, the document projection in the same layout.
 *       </ol>
 *   <li>Term matrix (kind 1): VInt terms (= dictionary size); then per column j: VInt number of
 *       entries, then per entry VInt row minus the previous row of the column (the first: the row
 *       itself) and Float value.
 *   <li>Deep network (kind 2, from version 2): the projections as kind 0 (the first layer's
 *       weights), then {@link DeepLayers}: VInt first-layer width (= the projection dimension),
 *       Byte {@link Activation} ordinal, width Floats (the first layer's bias), VInt number of
 *       further layers, then per layer VInt inputs, VInt outputs, Byte activation, inputs &times;
 *       outputs Floats input-major, outputs Floats (bias).
 *   <li>Footer: {@link CodecUtil#writeFooter}, a CRC-32 of everything before it.
 * </ol>
 *
 * <p><b>Version 0</b> files (written before term-matrix models existed) have no kind byte and are
 * always projections; they are still read, as are version 1 files (no deep models, no letter
 * n-grams) and version 2 files (no layout byte: every projection has a column per term).
 *
 * The whole checksum is verified before anything is parsed, so a truncated or corrupted file fails
 * with a clear {@link ModelFormatException} and never yields a half-read model. A file with another
 * codec name (for instance a hashing model, {@value #HASH_MODEL_CODEC}) is named as such.
 */
public final class RerankModelFormat {
  /** Codec name in the header; identifies a semhash rerank model. */
  public static final String CODEC_NAME = "SemhashRerankModel";

  /** The hashing module's model codec name, recognised to give a precise error. */
  public static final String HASH_MODEL_CODEC = "SemhashHashModel";

  /** The first format version. */
  public static final int VERSION_START = 0;

  /** Adds the model kind byte and term-matrix models (SSI's diagonal, sparse and full W). */
  public static final int VERSION_TERM_MATRIX = 1;

  /** Adds deep models (DSE, DSSM: {@link DeepLayers} after the projection) and letter n-grams. */
  public static final int VERSION_DEEP = 2;

  /** Adds projections with columns for some terms only (DSE's network on its most frequent terms). */
  public static final int VERSION_PROJECTION_TERMS = 3;

  /** The version this build writes. */
  public static final int VERSION_CURRENT = VERSION_PROJECTION_TERMS;

  /** Conventional file extension. */
  public static final String EXTENSION = "rerankmodel";

  private static final int MAX_DIMENSION = 1 << 16;
  private static final long MAX_WEIGHTS = Integer.MAX_VALUE - 8;

  private RerankModelFormat() {}

  /** Writes {@code model} to {@code file} atomically: the file is complete or untouched. */
  public static void write(RerankModel model, Path file) throws IOException {
    write(model, file, VERSION_CURRENT);
  }

  /** Writes in an older version, to test that such files are still read. */
  static void write(RerankModel model, Path file, int version) throws IOException {
    if (version == VERSION_START && model.kind() != RerankModel.Kind.PROJECTIONS) {
      throw new IllegalArgumentException("version " + version + " cannot hold a " + model.kind() + " model");
    }
    if (version < VERSION_DEEP && (model.kind() == RerankModel.Kind.DEEP || model.analysis().letterNgrams() > 0)) {
      throw new IllegalArgumentException("version " + version + " cannot hold a deep model or letter n-grams");
    }
    if (version < VERSION_PROJECTION_TERMS
        && model.kind() != RerankModel.Kind.TERM_MATRIX
        && (model.queryProjection().termIds() != null || model.documentProjection().termIds() != null)) {
      throw new IllegalArgumentException("version " + version + " cannot hold a projection with columns for some terms only");
    }
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    String tmpName = file.getFileName() + ".tmp-" + ProcessHandle.current().pid();
    Path tmp = dir.resolve(tmpName);
    boolean success = false;
    try {
      try (Directory directory = new NIOFSDirectory(dir)) {
        Files.deleteIfExists(tmp);
        try (IndexOutput out = directory.createOutput(tmpName, IOContext.DEFAULT)) {
          CodecUtil.writeHeader(out, CODEC_NAME, version);
          writeBody(model, out, version);
          CodecUtil.writeFooter(out);
        }
        directory.sync(List.of(tmpName));
      }
      Files.move(tmp, file.toAbsolutePath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      success = true;
    } finally {
      if (success == false) {
        // a failed write (full disk, a folder in the way) leaves no half-written file behind
        IOUtils.deleteFilesIgnoringExceptions(tmp);
      }
    }
  }

  private static void writeBody(RerankModel model, DataOutput out, int version) throws IOException {
    out.writeString(model.method());
    Map<String, String> info = model.info();
    out.writeVInt(info.size());
    for (Map.Entry<String, String> e : info.entrySet()) {
      out.writeString(e.getKey());
      out.writeString(e.getValue());
    }
    model.analysis().write(out);
    model.dictionary().write(out);
    if (version >= VERSION_TERM_MATRIX) {
      out.writeByte((byte) model.kind().ordinal());
    }
    if (model.kind() == RerankModel.Kind.TERM_MATRIX) {
      writeTermMatrix(model.termMatrix(), out);
      return;
    }
    out.writeByte((byte) model.similarity().ordinal());
    out.writeInt(Float.floatToIntBits(model.termOverlapWeight()));
    out.writeByte((byte) (model.sharedProjection() ? 1 : 0));
    writeProjection(model.queryProjection(), out, version);
    if (model.sharedProjection() == false) {
      writeProjection(model.documentProjection(), out, version);
    }
    if (model.kind() == RerankModel.Kind.DEEP) {
      model.deepLayers().write(out);
    }
  }

  private static void writeTermMatrix(TermMatrix w, DataOutput out) throws IOException {
    out.writeVInt(w.terms());
    int[] start = w.columnStart();
    int[] rows = w.rows();
    float[] values = w.values();
    for (int j = 0; j < w.terms(); j++) {
      out.writeVInt(start[j + 1] - start[j]);
      int previous = 0;
      for (int e = start[j]; e < start[j + 1]; e++) {
        out.writeVInt(rows[e] - previous);
        previous = rows[e];
        out.writeInt(Float.floatToIntBits(values[e]));
      }
    }
  }

  private static TermMatrix readTermMatrix(DataInput in, int dictionarySize) throws IOException {
    int terms = in.readVInt();
    if (terms != dictionarySize) {
      throw new CorruptIndexException(
          "term matrix of " + terms + " terms for a dictionary of " + dictionarySize, "rerank model");
    }
    int[] start = new int[terms + 1];
    int[] rows = new int[Math.min(terms, 1 << 20)];
    float[] values = new float[rows.length];
    int n = 0;
    for (int j = 0; j < terms; j++) {
      int count = in.readVInt();
      if (count < 0 || count > terms) {
        throw new CorruptIndexException("column " + j + " has " + count + " entries", "rerank model");
      }
      if ((long) n + count > MAX_WEIGHTS) {
        throw new CorruptIndexException("implausibly many term-matrix entries", "rerank model");
      }
      if (n + count > rows.length) {
        int size = (int) Math.min(MAX_WEIGHTS, Math.max((long) n + count, 2L * rows.length));
        rows = java.util.Arrays.copyOf(rows, size);
        values = java.util.Arrays.copyOf(values, size);
      }
      int row = 0;
      for (int e = 0; e < count; e++) {
        row += in.readVInt();
        rows[n] = row;
        values[n++] = Float.intBitsToFloat(in.readInt());
      }
      start[j + 1] = n;
    }
    return new TermMatrix(
        terms, start, java.util.Arrays.copyOf(rows, n), java.util.Arrays.copyOf(values, n));
  }

  private static void writeProjection(Projection p, DataOutput out, int version) throws IOException {
    out.writeVInt(p.terms());
    out.writeVInt(p.dimension());
    if (version >= VERSION_PROJECTION_TERMS) {
      int[] ids = p.termIds();
      out.writeByte((byte) (ids == null ? 0 : 1));
      if (ids != null) {
        out.writeVInt(ids.length);
        int previous = -1;
        for (int id : ids) {
          out.writeVInt(id - previous - 1);
          previous = id;
        }
      }
    }
    for (float w : p.weights()) {
      out.writeInt(Float.floatToIntBits(w));
    }
  }

  /**
   * Reads a rerank model file.
   *
   * @throws NoSuchFileException if there is no such file
   * @throws ModelFormatException if the file is not a rerank model (for instance a hashing model),
   *     is of an unknown version, truncated or corrupted; the message says which and what to do
   */
  public static RerankModel read(Path file) throws IOException {
    Path abs = file.toAbsolutePath();
    if (Files.isRegularFile(abs) == false) {
      throw new NoSuchFileException(abs.toString(), null, "rerank model file not found; train one with './semhash train-rerank' (or 'eval-rerank --save-model')");
    }
    try (Directory directory = new NIOFSDirectory(abs.getParent())) {
      String name = abs.getFileName().toString();
      verifyStructure(directory, name, abs);
      try (ChecksumIndexInput in = directory.openChecksumInput(name)) {
        int version = CodecUtil.checkHeader(in, CODEC_NAME, VERSION_START, VERSION_CURRENT);
        RerankModel model = readBody(in, version);
        CodecUtil.checkFooter(in);
        return model;
      }
    } catch (ModelFormatException | NoSuchFileException e) {
      throw e;
    } catch (IOException | IllegalArgumentException e) {
      throw new ModelFormatException(abs, "is corrupted: " + e.getMessage() + "; retrain or restore the file", e);
    }
  }

  /** Checks header and whole-file checksum first, so nothing is parsed from a damaged file. */
  private static void verifyStructure(Directory directory, String name, Path file) throws IOException {
    try (IndexInput in = directory.openInput(name, IOContext.READONCE)) {
      if (in.length() < CodecUtil.footerLength() + 4) {
        throw new ModelFormatException(file, "is too short (" + in.length() + " bytes) to be a model; it is truncated or not a model file", null);
      }
      int magic = CodecUtil.readBEInt(in);
      if (magic != CodecUtil.CODEC_MAGIC) {
        throw new ModelFormatException(file, "is not a semhash model file (no Lucene codec header); give a file written by './semhash train-rerank' (or 'eval-rerank --save-model')", null);
      }
      // the checksum first: a damaged header is a damaged file, not another codec or version
      CodecUtil.checksumEntireFile(in);
      in.seek(Integer.BYTES);
      String codec;
      int version;
      try {
        codec = in.readString();
        version = CodecUtil.readBEInt(in);
      } catch (EOFException e) {
        throw new ModelFormatException(file, "is truncated inside its header", e);
      }
      if (codec.equals(HASH_MODEL_CODEC)) {
        throw new ModelFormatException(
            file, "is a hashing model ('" + codec + "'), not a rerank model ('" + CODEC_NAME
                + "'); hashing models go to the semantic-hash encoder, the reranker needs a file written by './semhash train-rerank' (or 'eval-rerank --save-model')", null);
      }
      if (codec.equals(CODEC_NAME) == false) {
        throw new ModelFormatException(
            file, "is a '" + codec + "' file, not a rerank model ('" + CODEC_NAME + "')", null);
      }
      if (version > VERSION_CURRENT || version < VERSION_START) {
        throw new ModelFormatException(
            file,
            "has format version " + version + " but this build reads versions " + VERSION_START + " to " + VERSION_CURRENT
                + (version > VERSION_CURRENT ? "; upgrade semhash to read it" : "; retrain the model"),
            null);
      }
    } catch (CorruptIndexException e) {
      // Lucene's own message (footer magic numbers, stream classes) stays in the cause, for SEMHASH_DEBUG
      String what = e.getMessage() != null && e.getMessage().startsWith("checksum failed")
          ? "its bytes do not match the checksum written with them, so some changed after it was written"
          : "its end is missing or damaged (an interrupted copy or download?)";
      throw new ModelFormatException(file, "is truncated or corrupted: " + what + "; retrain or restore the file", e);
    }
  }

  private static RerankModel readBody(DataInput in, int version) throws IOException {
    String method = in.readString();
    int infoSize = in.readVInt();
    Map<String, String> info = new TreeMap<>();
    for (int i = 0; i < infoSize; i++) {
      info.put(in.readString(), in.readString());
    }
    AnalysisSettings analysis = AnalysisSettings.read(in);
    TermDictionary dictionary = TermDictionary.read(in);
    int kind = version >= VERSION_TERM_MATRIX ? in.readByte() : RerankModel.Kind.PROJECTIONS.ordinal();
    if (kind == RerankModel.Kind.TERM_MATRIX.ordinal()) {
      return new RerankModel(method, info, analysis, dictionary, readTermMatrix(in, dictionary.size()));
    }
    boolean deep = kind == RerankModel.Kind.DEEP.ordinal() && version >= VERSION_DEEP;
    if (kind != RerankModel.Kind.PROJECTIONS.ordinal() && deep == false) {
      throw new CorruptIndexException("unknown model kind " + kind, "rerank model");
    }
    if (analysis.letterNgrams() > 0 && version < VERSION_DEEP) {
      throw new CorruptIndexException("letter n-grams in a version " + version + " file", "rerank model");
    }
    int sim = in.readByte();
    if (sim < 0 || sim >= RerankModel.Similarity.values().length) {
      throw new CorruptIndexException("unknown similarity " + sim, "rerank model");
    }
    float lambda = Float.intBitsToFloat(in.readInt());
    int shared = in.readByte();
    if (shared != 0 && shared != 1) {
      throw new CorruptIndexException("bad shared-projection flag " + shared, "rerank model");
    }
    Projection a = readProjection(in, version);
    Projection b = shared == 1 ? a : readProjection(in, version);
    return new RerankModel(
        method, info, analysis, dictionary, a, b, RerankModel.Similarity.values()[sim], lambda, deep ? DeepLayers.read(in) : null);
  }

  private static Projection readProjection(DataInput in, int version) throws IOException {
    int terms = in.readVInt();
    int dimension = in.readVInt();
    if (terms <= 0 || dimension <= 0 || dimension > MAX_DIMENSION || (long) terms * dimension > MAX_WEIGHTS) {
      throw new CorruptIndexException("implausible projection shape " + terms + " × " + dimension, "rerank model");
    }
    int[] ids = null;
    if (version >= VERSION_PROJECTION_TERMS) {
      int layout = in.readByte();
      if (layout != 0 && layout != 1) {
        throw new CorruptIndexException("unknown projection layout " + layout, "rerank model");
      }
      if (layout == 1) {
        int n = in.readVInt();
        if (n < 0 || n > terms) {
          throw new CorruptIndexException("projection with " + n + " columns of " + terms + " terms", "rerank model");
        }
        ids = new int[n];
        int previous = -1;
        for (int c = 0; c < n; c++) {
          long id = (long) previous + 1 + in.readVInt();
          if (id >= terms) {
            throw new CorruptIndexException("projection column for term " + id + " of " + terms, "rerank model");
          }
          ids[c] = (int) id;
          previous = ids[c];
        }
      }
    }
    float[] weights = new float[(ids == null ? terms : ids.length) * dimension];
    in.readFloats(weights, 0, weights.length);
    return ids == null ? new Projection(terms, dimension, weights) : Projection.ofTerms(terms, dimension, ids, weights);
  }
}
