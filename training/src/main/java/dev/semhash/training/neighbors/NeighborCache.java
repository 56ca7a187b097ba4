package dev.semhash.training.neighbors;

import java.io.EOFException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;

/**
 * Keeps computed {@link Neighbors} on disk, one file per {@link NeighborKey}, so that repeated
 * experiments on the same corpus and settings skip the computation. A file that is missing is
 * computed; one that is corrupt, truncated, of another format version or written for another key
 * is reported through the warning sink and recomputed (and replaced), never used.
 *
 * <p>File format ({@code <method>-<20 hex digits of SHA-256 of the key>.nbrs}):
 *
 * <ul>
 *   <li>Header: {@link CodecUtil#writeHeader CodecUtil header} with codec name {@value #CODEC} and
 *       version {@value #VERSION_CURRENT}
 *   <li>Key: the key's {@link NeighborKey#canonical() canonical text} as a Lucene string, checked
 *       against the requested key on read
 *   <li>Neighbours: {@link Neighbors#write}: vint documents; per document a vint count, then per
 *       neighbour a vint ordinal and an int holding the score's float bits
 *   <li>Footer: {@link CodecUtil#writeFooter CodecUtil footer} with the CRC32 of every preceding
 *       byte, verified over the whole file before anything is parsed
 * </ul>
 *
 * Files are written to a temporary name and renamed, so a crash never leaves a half-written file
 * under a key's name.
 *
 * <pre class="prettyprint">
 * NeighborCache cache = new NeighborCache(NeighborCache.defaultDirectory());
 * Neighbors nn = cache.getOrCompute(key, () -&gt; finder.compute(2, progress));
 * </pre>
 */
public final class NeighborCache {
  /** Codec name in the file header. */
  public static final String CODEC = "SemhashNeighbors";

  /** First format version. */
  public static final int VERSION_START = 0;

  /** Current format version. */
  public static final int VERSION_CURRENT = VERSION_START;

  /** System property that overrides {@link #defaultDirectory()}. */
  public static final String DIRECTORY_PROPERTY = "semhash.cache";

  private static final System.Logger LOG = System.getLogger(NeighborCache.class.getName());

  private final Path dir;
  private final Consumer<String> warnings;

  /** A cache in {@code dir} (created when first written) that logs warnings. */
  public NeighborCache(Path dir) {
    this(dir, message -> LOG.log(Level.WARNING, message));
  }

  /** A cache in {@code dir} that sends warnings (unusable files) to {@code warnings}. */
  public NeighborCache(Path dir, Consumer<String> warnings) {
    this.dir = dir;
    this.warnings = warnings;
  }

  /**
   * {@code semhash-work/cache} under the current directory, or the directory named by the system
   * property {@value #DIRECTORY_PROPERTY}.
   */
  public static Path defaultDirectory() {
    String configured = System.getProperty(DIRECTORY_PROPERTY);
    return configured != null && configured.isBlank() == false
        ? Path.of(configured)
        : Path.of("semhash-work", "cache");
  }

  /** The cache directory. */
  public Path directory() {
    return dir;
  }

  /** The file that holds, or would hold, the neighbours of {@code key}. */
  public Path fileFor(NeighborKey key) {
    return dir.resolve(key.fileName());
  }

  /** Something that computes neighbours. */
  @FunctionalInterface
  public interface Computation {
    Neighbors compute() throws IOException;
  }

  /** The cached neighbours of {@code key}, or else computes, stores and returns them. */
  public Neighbors getOrCompute(NeighborKey key, Computation computation) throws IOException {
    Optional<Neighbors> cached = read(key);
    if (cached.isPresent()) {
      return cached.get();
    }
    Neighbors computed = computation.compute();
    write(key, computed);
    return computed;
  }

  /**
   * The neighbours stored for {@code key}; empty if there is no file, or if the file is unusable
   * (then a warning says why).
   */
  public Optional<Neighbors> read(NeighborKey key) throws IOException {
    Path file = fileFor(key);
    if (Files.isRegularFile(file) == false) {
      return Optional.empty();
    }
    try (Directory d = new NIOFSDirectory(dir);
        IndexInput in = d.openInput(file.getFileName().toString(), IOContext.READONCE)) {
      // Verify every byte against the footer before trusting any length read from the body.
      CodecUtil.checksumEntireFile(in);
      in.seek(0);
      CodecUtil.checkHeader(in, CODEC, VERSION_START, VERSION_CURRENT);
      String storedKey = in.readString();
      if (storedKey.equals(key.canonical()) == false) {
        warnings.accept(
            "neighbour cache file " + file + " belongs to another key and is ignored and"
                + " recomputed;\n  expected: " + key.canonical().replace("\n", "; ")
                + "\n  found:    " + storedKey.replace("\n", "; "));
        return Optional.empty();
      }
      Neighbors neighbors = Neighbors.read(in);
      if (in.getFilePointer() != in.length() - CodecUtil.footerLength()) {
        throw new CorruptIndexException("data ends before the footer", in);
      }
      return Optional.of(neighbors);
    } catch (CorruptIndexException
        | IndexFormatTooOldException
        | IndexFormatTooNewException
        | EOFException e) {
      warnings.accept(
          "neighbour cache file " + file + " is unusable (" + e.getMessage()
              + "); recomputing it");
      return Optional.empty();
    } catch (NoSuchFileException e) {
      return Optional.empty(); // deleted since we looked
    } catch (IOException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("corrupt neighbour lists")) {
        warnings.accept(
            "neighbour cache file " + file + " is unusable (" + e.getMessage() + "); recomputing it");
        return Optional.empty();
      }
      throw e;
    }
  }

  /** Stores {@code neighbors} under {@code key}, replacing any file there. */
  public void write(NeighborKey key, Neighbors neighbors) throws IOException {
    Files.createDirectories(dir);
    String name = key.fileName();
    try (Directory d = new NIOFSDirectory(dir)) {
      String temp;
      try (IndexOutput out = d.createTempOutput(key.method(), "nbrs", IOContext.DEFAULT)) {
        temp = out.getName();
        CodecUtil.writeHeader(out, CODEC, VERSION_CURRENT);
        out.writeString(key.canonical());
        neighbors.write(out);
        CodecUtil.writeFooter(out);
      }
      d.sync(java.util.List.of(temp));
      Files.deleteIfExists(dir.resolve(name));
      d.rename(temp, name);
      d.syncMetaData();
    }
  }
}
