package dev.semhash.training.data;

import java.io.IOException;
import java.nio.file.Path;

/** A dataset file that does not parse: says which file, which line and what is wrong. */
public final class DatasetFormatException extends IOException {
  private final Path file;
  private final long line;

  public DatasetFormatException(Path file, long line, String problem) {
    this(file, line, problem, null);
  }

  public DatasetFormatException(Path file, long line, String problem, Throwable cause) {
    // A problem of the whole file (line 0) has no line to point at.
    super(file + (line > 0 ? ":" + line : "") + ": " + problem, cause);
    this.file = file;
    this.line = line;
  }

  /** The file that failed to parse. */
  public Path file() {
    return file;
  }

  /** The 1-based line number of the bad line (0 when the file as a whole is wrong). */
  public long line() {
    return line;
  }
}
