package dev.semhash.training.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.util.IOUtils;

/** Writes a command's results as one pretty-printed JSON object, atomically, and reads one back. */
final class JsonReport {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  /**
   * Writes {@code results} to {@code file}, which may replace a JSON object but nothing else (a
   * model or dataset given by mistake); commands check earlier too ({@link OutputFiles#check}), this
   * guards every writer.
   */
  static void write(Path file, Map<String, ?> results) throws IOException {
    Path abs = file.toAbsolutePath();
    OutputFiles.requireReplaceable(file.toString(), file, OutputFiles.Kind.JSON);
    Files.createDirectories(abs.getParent());
    Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
    boolean success = false;
    try {
      JSON.writeValue(tmp.toFile(), results);
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      success = true;
    } finally {
      if (success == false) {
        IOUtils.deleteFilesIgnoringExceptions(tmp); // a failed write leaves nothing behind
      }
    }
  }

  /** Reads a JSON object written by {@link #write}, its keys in file order. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> readObject(Path file) throws IOException {
    try {
      return JSON.readValue(file.toFile(), LinkedHashMap.class);
    } catch (JsonProcessingException e) {
      throw new IOException(file + " is not one JSON object (" + e.getOriginalMessage()
          + "); delete it and run the command that wrote it again", e);
    }
  }
}
