package dev.semhash.training.cli;

import dev.semhash.model.HashModelFormat;
import dev.semhash.rerank.model.RerankModelFormat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.InputStreamDataInput;

/**
 * Checks, before a command does its work, that the files it will write can be written and lose
 * nothing: an output must not be one of the command's inputs, must not be a folder, its folder must
 * be creatable and writable, and it may only replace a file of its own kind (a model a model of
 * the same format, a JSON report a JSON object, a PNG a PNG). A command that trains for an hour and
 * then cannot write, or writes over the dataset it read, has lost the user's time or data.
 */
final class OutputFiles {
  /** What a command writes, and how a file of that kind is recognised from its first bytes. */
  enum Kind {
    HASH_MODEL("a semhash hashing model", "model." + HashModelFormat.EXTENSION),
    RERANK_MODEL("a semhash rerank model", "model." + RerankModelFormat.EXTENSION),
    JSON("a JSON report", "results.json"),
    PNG("a PNG image", "curve.png");

    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    final String description;
    final String example;

    Kind(String description, String example) {
      this.description = description;
      this.example = example;
    }

    /** Whether {@code file}, an existing regular file, holds this kind of content. */
    boolean matches(Path file) throws IOException {
      try (InputStream in = Files.newInputStream(file)) {
        return switch (this) {
          case HASH_MODEL -> HashModelFormat.CODEC_NAME.equals(codec(in));
          case RERANK_MODEL -> RerankModelFormat.CODEC_NAME.equals(codec(in));
          case PNG -> Arrays.equals(in.readNBytes(PNG_MAGIC.length), PNG_MAGIC);
          case JSON -> firstNonSpace(in) == '{';
        };
      }
    }

    private static String codec(InputStream in) {
      try {
        InputStreamDataInput data = new InputStreamDataInput(in);
        return CodecUtil.readBEInt(data) == CodecUtil.CODEC_MAGIC ? data.readString() : null;
      } catch (IOException | RuntimeException e) { // too short, or not a codec header at all
        return null;
      }
    }

    private static int firstNonSpace(InputStream in) throws IOException {
      int b;
      do {
        b = in.read();
      } while (b == ' ' || b == '\t' || b == '\n' || b == '\r');
      return b;
    }
  }

  private OutputFiles() {}

  /**
   * Fails with what to do unless {@code out} can be written as {@code kind} without losing
   * anything. Call before the work, so nothing is computed in vain.
   *
   * @param option the option naming the file, for the message, such as {@code --out}
   * @param inputs the files and folders the command reads ({@code null} entries are skipped)
   */
  static void check(String option, Path out, Kind kind, Path... inputs) throws IOException {
    if (out == null) {
      return;
    }
    String name = option + " " + out;
    Path abs = out.toAbsolutePath().normalize();
    for (Path input : inputs) {
      if (input == null) {
        continue;
      }
      Path in = input.toAbsolutePath().normalize();
      if (abs.equals(in) || (Files.exists(abs) && Files.exists(in) && Files.isSameFile(abs, in))) {
        throw new IllegalArgumentException(name + " is also an input of this command (" + input
            + "); writing it would destroy what is read: choose another path");
      }
      if (Files.isDirectory(in) && Files.exists(abs, java.nio.file.LinkOption.NOFOLLOW_LINKS)
          && realPath(abs).startsWith(in.toRealPath())) {
        throw new IllegalArgumentException(name + " is a file of the input folder " + input
            + "; writing it would replace what is read: choose a path outside " + input);
      }
    }
    requireReplaceable(name, out, kind);
    // the folder is made only when the file is written; its nearest existing ancestor must take files
    Path parent = abs.getParent();
    Path existing = parent;
    while (Files.exists(existing) == false) {
      existing = existing.getParent();
    }
    if (Files.isDirectory(existing) == false) {
      throw new IllegalArgumentException(name + ": cannot make the folder " + parent + ", since " + existing
          + " is a file; choose another path");
    }
    try {
      // creating a file is the only sure test: permissions, read-only mounts, /proc
      Files.delete(Files.createTempFile(existing, "." + abs.getFileName(), ".probe"));
    } catch (IOException | SecurityException e) {
      throw new IllegalArgumentException(name + ": cannot write in the folder " + existing + " ("
          + describe(e) + "); choose a path in a folder you can write", e);
    }
  }

  /**
   * Fails unless {@code file} is absent, empty, or holds {@code kind}: a folder or another kind of
   * file (a dataset, a model under a report's name) is never replaced.
   *
   * @param name how the message names the file, such as {@code --json out.json}
   */
  static void requireReplaceable(String name, Path file, Kind kind) throws IOException {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(name + " is a folder; give a file path such as "
          + file.resolve(kind.example));
    }
    if (Files.exists(file) == false) {
      return;
    }
    if (Files.isRegularFile(file) == false) {
      throw new IllegalArgumentException(name + " exists and is not a regular file; remove it or choose another path");
    }
    if (Files.size(file) > 0 && kind.matches(file) == false) {
      throw new IllegalArgumentException(name + " exists and is not " + kind.description
          + "; remove it or choose another path");
    }
  }

  private static Path realPath(Path p) throws IOException {
    Path parent = p.getParent();
    // the file itself may be a link to elsewhere; where its name lives decides
    return parent == null ? p : parent.toRealPath().resolve(p.getFileName());
  }

  private static String describe(Exception e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.FileSystemException f) {
      return f.getReason() != null ? f.getReason() : "the system refused to create a file there";
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }
}
