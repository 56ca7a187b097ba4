package dev.semhash.model;

import java.io.IOException;
import java.nio.file.Path;

/** A model file that cannot be used: truncated, corrupted, foreign, or of an unknown version. */
public final class ModelFormatException extends IOException {
  public ModelFormatException(Path file, String problem, Throwable cause) {
    super("model file " + file + " " + problem, cause);
  }
}
