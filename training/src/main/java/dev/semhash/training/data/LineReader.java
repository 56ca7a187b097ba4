package dev.semhash.training.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Reads a text file (gzip when its name ends in .gz) line by line, strictly as UTF-8; a byte-order
 * mark at the start of the file is skipped.
 */
final class LineReader implements AutoCloseable {
  interface LineHandler {
    void line(String line, long number) throws IOException;
  }

  private final Path file;
  private final BufferedReader reader;
  private long number;

  LineReader(Path file) throws IOException {
    this.file = file;
    if (Files.isRegularFile(file) == false) {
      throw new NoSuchFileException(file.toString(), null, "check the dataset directory");
    }
    InputStream in = Files.newInputStream(file);
    try {
      if (file.getFileName().toString().endsWith(".gz")) {
        in = new GZIPInputStream(in, 1 << 16);
      }
    } catch (IOException e) {
      in.close();
      String what =
          e instanceof java.io.EOFException
              ? "too short to be a gzip file (" + Files.size(file) + " bytes)"
              : "not a gzip file, though its name ends in .gz";
      throw new DatasetFormatException(
          file, 0, what + "; compress it with gzip, or drop the .gz from its name if it is plain text", e);
    }
    var decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    this.reader = new BufferedReader(new InputStreamReader(in, decoder), 1 << 16);
  }

  /** Calls {@code handler} for every non-blank line, with its 1-based number. */
  void forEach(LineHandler handler) throws IOException {
    String line;
    while (true) {
      try {
        line = reader.readLine();
      } catch (CharacterCodingException e) {
        throw new DatasetFormatException(file, number + 1, "not valid UTF-8", e);
      } catch (java.io.EOFException e) {
        throw new DatasetFormatException(
            file, number + 1, "file ends in the middle of its compressed stream (truncated?)", e);
      } catch (java.util.zip.ZipException e) {
        throw new DatasetFormatException(file, number + 1, "corrupt gzip data: " + e.getMessage(), e);
      }
      if (line == null) {
        return;
      }
      number++;
      if (number == 1 && line.startsWith("\uFEFF")) {
        // A UTF-8 byte-order mark, as some editors write: not part of the first line's text.
        line = line.substring(1);
      }
      if (line.isBlank() == false) {
        handler.line(line, number);
      }
    }
  }

  Path file() {
    return file;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
