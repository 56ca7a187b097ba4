package dev.semhash.rerank.model;

import java.io.IOException;
import java.nio.file.Path;

/** A rerank model file that cannot be used: truncated, corrupted, foreign or of an unknown version. */
public final class ModelFormatException extends IOException {
  public ModelFormatException(Path file, String problem, Throwable cause) {
    super("rerank model file " + file + " " + problem, cause);
  }
}
