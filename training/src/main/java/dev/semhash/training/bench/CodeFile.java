package dev.semhash.training.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/**
 * Raw code files: N rows of {@code bits / 8} bytes, row-major, no header; the byte order of each
 * row is the code's bit order (first bit = most significant bit of the first byte). Faiss's binary
 * indexes read the same layout.
 */
public final class CodeFile {
  private CodeFile() {}

  /** Number of codes in {@code file}, checking that its size is a whole number of rows. */
  public static long count(Path file, int bits) throws IOException {
    if (Files.isRegularFile(file) == false) {
      throw new NoSuchFileException(file.toString(), null, "code file not found; make one with './semhash make-codes'");
    }
    if (bits < 8 || bits % 8 != 0) {
      throw new IllegalArgumentException("--bits must be a positive multiple of 8, got " + bits);
    }
    long size = Files.size(file);
    int rowBytes = bits / 8;
    if (size == 0 || size % rowBytes != 0) {
      throw new IllegalArgumentException(
          file + " has " + size + " bytes, which is not a positive multiple of " + rowBytes
              + " (one " + bits + "-bit code per row); check --bits or the file");
    }
    return size / rowBytes;
  }

  /** Reads codes {@code [from, from + n)} into one array of {@code n * bits / 8} bytes. */
  public static byte[] read(Path file, int bits, long from, int n) throws IOException {
    int rowBytes = bits / 8;
    byte[] out = new byte[Math.multiplyExact(n, rowBytes)];
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buf = ByteBuffer.wrap(out);
      long pos = from * rowBytes;
      while (buf.hasRemaining()) {
        int r = ch.read(buf, pos);
        if (r < 0) {
          throw new IOException(file + " ended early while reading codes " + from + ".." + (from + n));
        }
        pos += r;
      }
    }
    return out;
  }

  /**
   * Writes {@code n} synthetic codes. With {@code clusters == 0} every bit is a fair coin; otherwise
   * each code is one of {@code clusters} random centres with each bit flipped with probability
   * {@code flip}, which is how codes of a trained model look (documents of a topic share most bits).
   * The centres depend only on {@code centreSeed}, so a query file made with the same centre seed
   * and another {@code seed} is drawn from the same clusters.
   */
  public static void writeSynthetic(
      Path file, int bits, long n, int clusters, double flip, long centreSeed, long seed)
      throws IOException {
    int rowBytes = bits / 8;
    byte[][] centres = new byte[clusters][rowBytes];
    SplittableRandom centreRandom = new SplittableRandom(centreSeed);
    for (byte[] c : centres) {
      for (int i = 0; i < rowBytes; i++) {
        c[i] = (byte) centreRandom.nextInt(256);
      }
    }
    SplittableRandom random = new SplittableRandom(seed);
    byte[] row = new byte[rowBytes];
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
      for (long r = 0; r < n; r++) {
        if (clusters == 0) {
          for (int i = 0; i < rowBytes; i++) {
            row[i] = (byte) random.nextInt(256);
          }
        } else {
          System.arraycopy(centres[random.nextInt(clusters)], 0, row, 0, rowBytes);
          for (int bit = 0; bit < bits; bit++) {
            if (random.nextDouble() < flip) {
              row[bit >>> 3] ^= (byte) (0x80 >>> (bit & 7));
            }
          }
        }
        out.write(row);
      }
    }
  }
}
