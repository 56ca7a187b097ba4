package dev.semhash.model;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.store.ChecksumIndexInput;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * Reads and writes hashing model files ({@code .hashmodel}).
 *
 * <pre class="prettyprint">
 * HashModelFormat.write(model, Path.of("model.hashmodel"));
 * HashModel same = HashModelFormat.read(Path.of("model.hashmodel"));
 * </pre>
 *
 * <p><b>File format, version 1</b> (version 0 lacks item 8, and reads as a model of the document
 * alone). Integers are little-endian as Lucene's {@link
 * org.apache.lucene.store.DataOutput} writes them; VInt/VLong are Lucene's variable-length
 * integers, String is a VInt byte length then UTF-8, Float is the IEEE-754 bits as an Int.
 *
 * <ol>
 *   <li>Header: {@link CodecUtil#writeHeader} with codec name {@value #CODEC_NAME} and the version.
 *   <li>String method; VInt n, then n pairs of String key, String value (provenance).
 *   <li>Analyzer settings ({@link AnalyzerSettings#write}): Byte flags (1 lowercase, 2 English stop
 *       words, 4 Porter stemming, 8 the stop list is SMART's rather than Lucene's, only with 2),
 *       VInt minimum and VInt maximum token length. Flag 8 came on 2026-11-26 without a version
 *       change, since files without it read as before; readers older than it refuse it as an
 *       unknown flag, naming a newer version as the likely cause.
 *   <li>Byte term weighting ({@link TermWeighting} ordinal); Byte 1 if vectors are unit-normalised.
 *   <li>Vocabulary: VLong number of documents, Long mean document length (double bits), VInt size,
 *       then per term String term, VLong document frequency.
 *   <li>Input layer: VInt inputs (= vocabulary size), VInt outputs, Byte {@link Activation}
 *       ordinal, inputs &times; outputs Floats (the weights of term 0 to every output, then term 1,
 *       ...), outputs Floats bias.
 *   <li>VInt number of dense layers; each: VInt inputs, VInt outputs, Byte activation, outputs
 *       &times; inputs Floats (row per output), outputs Floats bias.
 *   <li>VInt neighbour width: how many of the last dense layer's inputs are mean-pooled over the
 *       document's neighbours ({@link HashModel#neighbourWidth()}), 0 for a model that reads the
 *       document alone. Since version 1.
 *   <li>VInt bits; bits Floats thresholds.
 *   <li>Footer: {@link CodecUtil#writeFooter}, a CRC-32 of everything before it.
 * </ol>
 *
 * The whole checksum is verified before anything is parsed, so a truncated or corrupted file fails
 * with a clear {@link ModelFormatException} and never yields a half-read model.
 */
public final class HashModelFormat {
  /** Codec name in the header; identifies a semhash hashing model. */
  public static final String CODEC_NAME = "SemhashHashModel";

  /** The first format version. */
  public static final int VERSION_START = 0;

  /** Adds the neighbour width: models that read a document's neighbourhood (NbrReg+Doc). */
  public static final int VERSION_NEIGHBOURHOOD = 1;

  /** The version this build writes. */
  public static final int VERSION_CURRENT = VERSION_NEIGHBOURHOOD;

  /** Conventional file extension. */
  public static final String EXTENSION = "hashmodel";

  private static final int MAX_DIMENSION = 1 << 24;

  private HashModelFormat() {}

  /** Writes {@code model} to {@code file} atomically: the file is complete or untouched. */
  public static void write(HashModel model, Path file) throws IOException {
    write(model, file, VERSION_CURRENT);
  }

  /** Writes an older version (tests of reading old files); version 0 cannot hold a neighbourhood model. */
  static void write(HashModel model, Path file, int version) throws IOException {
    if (version < VERSION_START || version > VERSION_CURRENT) {
      throw new IllegalArgumentException("cannot write format version " + version);
    }
    if (version < VERSION_NEIGHBOURHOOD && model.readsNeighbourhood()) {
      throw new IllegalArgumentException("format version " + version + " cannot hold a neighbourhood model");
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

  private static void writeBody(HashModel model, IndexOutput out, int version) throws IOException {
    out.writeString(model.method());
    Map<String, String> info = model.info();
    out.writeVInt(info.size());
    for (Map.Entry<String, String> e : info.entrySet()) {
      out.writeString(e.getKey());
      out.writeString(e.getValue());
    }
    model.analyzerSettings().write(out);
    out.writeByte((byte) model.weighting().ordinal());
    out.writeByte((byte) (model.normalize() ? 1 : 0));
    model.vocabulary().write(out);
    SparseInputLayer input = model.inputLayer();
    out.writeVInt(input.inputs());
    out.writeVInt(input.outputs());
    out.writeByte((byte) input.activation().ordinal());
    for (float[] column : input.columns()) {
      writeFloats(out, column);
    }
    writeFloats(out, input.bias());
    out.writeVInt(model.layers().size());
    for (DenseLayer layer : model.layers()) {
      out.writeVInt(layer.inputs());
      out.writeVInt(layer.outputs());
      out.writeByte((byte) layer.activation().ordinal());
      for (float[] row : layer.weights()) {
        writeFloats(out, row);
      }
      writeFloats(out, layer.bias());
    }
    if (version >= VERSION_NEIGHBOURHOOD) {
      out.writeVInt(model.neighbourWidth());
    }
    float[] thresholds = model.thresholds();
    out.writeVInt(thresholds.length);
    writeFloats(out, thresholds);
  }

  private static void writeFloats(IndexOutput out, float[] values) throws IOException {
    for (float v : values) {
      out.writeInt(Float.floatToIntBits(v));
    }
  }

  /**
   * Reads a model file.
   *
   * @throws NoSuchFileException if there is no such file
   * @throws ModelFormatException if the file is not a semhash hashing model, is of an unknown
   *     version, truncated or corrupted; the message says which and what to do
   */
  public static HashModel read(Path file) throws IOException {
    Path abs = file.toAbsolutePath();
    if (Files.isRegularFile(abs) == false) {
      throw new NoSuchFileException(abs.toString(), null, "model file not found; train one with './semhash train'");
    }
    try (Directory directory = new NIOFSDirectory(abs.getParent())) {
      String name = abs.getFileName().toString();
      verifyStructure(directory, name, abs);
      try (ChecksumIndexInput in = directory.openChecksumInput(name)) {
        int version = CodecUtil.checkHeader(in, CODEC_NAME, VERSION_START, VERSION_CURRENT);
        HashModel model;
        try {
          model = readBody(in, version);
        } catch (CorruptIndexException | EOFException e) {
          throw e;
        } catch (IOException e) {
          // content this build cannot read behind an intact checksum (AnalyzerSettings, Vocabulary)
          throw new ModelFormatException(
              abs, "cannot be read by this build: " + e.getMessage() + "; upgrade semhash or retrain the model", e);
        }
        CodecUtil.checkFooter(in);
        return model;
      }
    } catch (ModelFormatException | NoSuchFileException e) {
      throw e;
    } catch (CorruptIndexException | EOFException | IllegalArgumentException e) {
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
        throw new ModelFormatException(file, "is not a semhash model file (no semhash/Lucene header); give a file written by './semhash train'", null);
      }
      String codec = in.readString();
      if (codec.equals(CODEC_NAME) == false) {
        throw new ModelFormatException(
            file,
            "is a '" + codec + "' file, not a hashing model ('" + CODEC_NAME + "'); give a hashing model written by './semhash train'",
            null);
      }
      int version = CodecUtil.readBEInt(in);
      if (version > VERSION_CURRENT || version < VERSION_START) {
        throw new ModelFormatException(
            file,
            "has format version " + version + " but this build reads versions " + VERSION_START + " to " + VERSION_CURRENT
                + (version > VERSION_CURRENT ? "; upgrade semhash to read it" : "; retrain the model"),
            null);
      }
      in.seek(0);
      CodecUtil.checksumEntireFile(in);
    } catch (CorruptIndexException e) {
      // Lucene's own message (footer magic numbers, stream classes) stays in the cause, for SEMHASH_DEBUG
      String what = e.getMessage() != null && e.getMessage().startsWith("checksum failed")
          ? "its bytes do not match the checksum written with them, so some changed after it was written"
          : "its end is missing or damaged (an interrupted copy or download?)";
      throw new ModelFormatException(file, "is truncated or corrupted: " + what + "; retrain or restore the file", e);
    } catch (IndexFormatTooNewException | IndexFormatTooOldException e) {
      throw new ModelFormatException(file, "has an unsupported version: " + e.getMessage(), e);
    }
  }

  private static HashModel readBody(DataInput in, int version) throws IOException {
    String method = in.readString();
    int infoSize = in.readVInt();
    Map<String, String> info = new TreeMap<>();
    for (int i = 0; i < infoSize; i++) {
      info.put(in.readString(), in.readString());
    }
    AnalyzerSettings analyzer = AnalyzerSettings.read(in);
    int weightingOrdinal = in.readByte();
    if (weightingOrdinal < 0 || weightingOrdinal >= TermWeighting.values().length) {
      throw new CorruptIndexException("unknown term weighting " + weightingOrdinal, "model");
    }
    TermWeighting weighting = TermWeighting.values()[weightingOrdinal];
    boolean normalize = in.readByte() != 0;
    Vocabulary vocabulary = Vocabulary.read(in);
    int inputs = readDimension(in);
    int outputs = readDimension(in);
    Activation inputActivation = readActivation(in);
    float[][] columns = new float[inputs][];
    for (int t = 0; t < inputs; t++) {
      columns[t] = readFloats(in, outputs);
    }
    SparseInputLayer inputLayer =
        new SparseInputLayer(columns, readFloats(in, outputs), inputActivation);
    int layerCount = in.readVInt();
    List<DenseLayer> layers = new ArrayList<>();
    for (int l = 0; l < layerCount; l++) {
      int in_ = readDimension(in);
      int out_ = readDimension(in);
      Activation activation = readActivation(in);
      float[][] rows = new float[out_][];
      for (int o = 0; o < out_; o++) {
        rows[o] = readFloats(in, in_);
      }
      layers.add(new DenseLayer(rows, readFloats(in, out_), activation));
    }
    int neighbourWidth = version >= VERSION_NEIGHBOURHOOD ? in.readVInt() : 0;
    if (neighbourWidth < 0 || neighbourWidth > MAX_DIMENSION) {
      throw new CorruptIndexException("implausible neighbour width " + neighbourWidth, "model");
    }
    int bits = readDimension(in);
    float[] thresholds = readFloats(in, bits);
    return new HashModel(
        method, info, analyzer, vocabulary, weighting, normalize, inputLayer, layers, thresholds, neighbourWidth);
  }

  private static int readDimension(DataInput in) throws IOException {
    int d = in.readVInt();
    if (d <= 0 || d > MAX_DIMENSION) {
      throw new CorruptIndexException("implausible dimension " + d, "model");
    }
    return d;
  }

  private static Activation readActivation(DataInput in) throws IOException {
    int a = in.readByte();
    if (a < 0 || a >= Activation.values().length) {
      throw new CorruptIndexException("unknown activation " + a, "model");
    }
    return Activation.values()[a];
  }

  private static float[] readFloats(DataInput in, int n) throws IOException {
    float[] values = new float[n];
    in.readFloats(values, 0, n);
    return values;
  }
}
