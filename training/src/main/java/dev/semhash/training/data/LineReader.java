package dev.semhash.training.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Reads a text file (gzip when its name ends in .gz) line by line, strictly as UTF-8; a byte-order
 * mark at the start of the file is skipped.
 *
 * <p>Lines are split on their bytes and each is decoded on its own, so an error names the line
 * that holds it: a reader that decodes ahead of its lines (a {@code BufferedReader}) reports the
 * line it had reached when its 64 KB read-ahead hit the bad bytes, which on a 20 Newsgroups file
 * is tens of lines early. A line ends at {@code \n}, and a {@code \r} just before it is dropped.
 */
final class LineReader implements AutoCloseable {
  interface LineHandler {
    void line(String line, long number) throws IOException;
  }

  private final Path file;
  private final InputStream in;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private final byte[] buffer = new byte[1 << 16];
  private int position;
  private int limit;
  private byte[] line = new byte[1 << 10];
  private int lineLength;
  private long number;

  LineReader(Path file) throws IOException {
    this.file = file;
    if (Files.isRegularFile(file) == false) {
      throw new NoSuchFileException(file.toString(), null, "check the dataset directory");
    }
    InputStream raw = Files.newInputStream(file);
    try {
      // no buffering in between: every byte read is in a line before the next read can fail
      this.in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
    } catch (IOException e) {
      raw.close();
      String what =
          e instanceof java.io.EOFException
              ? "too short to be a gzip file (" + Files.size(file) + " bytes)"
              : "not a gzip file, though its name ends in .gz";
      throw new DatasetFormatException(
          file, 0, what + "; compress it with gzip, or drop the .gz from its name if it is plain text", e);
    }
  }

  /** Calls {@code handler} for every non-blank line, with its 1-based number. */
  void forEach(LineHandler handler) throws IOException {
    while (readLine()) {
      number++;
      String text;
      try {
        text = decoder.decode(ByteBuffer.wrap(line, 0, lineLength)).toString();
      } catch (CharacterCodingException e) {
        throw new DatasetFormatException(file, number, "not valid UTF-8", e);
      }
      if (number == 1 && text.startsWith("\uFEFF")) {
        // A UTF-8 byte-order mark, as some editors write: not part of the first line's text.
        text = text.substring(1);
      }
      if (text.isBlank() == false) {
        handler.line(text, number);
      }
    }
  }

  /** Reads the next line's bytes, without its end, into {@link #line}; false at the end of the file. */
  private boolean readLine() throws IOException {
    lineLength = 0;
    boolean any = false;
    while (true) {
      if (position == limit) {
        int n = fill();
        if (n < 0) {
          return any;
        }
      }
      int from = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      append(from, position - from);
      any |= position > from;
      if (position < limit) {
        position++; // the \n: a line, even an empty one
        if (lineLength > 0 && line[lineLength - 1] == '\r') {
          lineLength--;
        }
        return true;
      }
    }
  }

  private int fill() throws IOException {
    int n;
    try {
      n = in.read(buffer, 0, buffer.length);
    } catch (java.io.EOFException e) {
      throw new DatasetFormatException(
          file, number + 1, "file ends in the middle of its compressed stream (truncated?)", e);
    } catch (java.util.zip.ZipException e) {
      throw new DatasetFormatException(file, number + 1, "corrupt gzip data: " + e.getMessage(), e);
    }
    position = 0;
    limit = Math.max(n, 0);
    return n;
  }

  private void append(int from, int length) {
    if (lineLength + length > line.length) {
      line = Arrays.copyOf(line, Math.max(line.length * 2, lineLength + length));
    }
    System.arraycopy(buffer, from, line, lineLength, length);
    lineLength += length;
  }

  Path file() {
    return file;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
