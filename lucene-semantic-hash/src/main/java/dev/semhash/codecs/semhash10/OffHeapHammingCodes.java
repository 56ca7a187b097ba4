package dev.semhash.codecs.semhash10;

import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;
import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.RandomAccessInput;
import org.apache.lucene.util.BitUtil;
import org.apache.lucene.util.packed.DirectMonotonicReader;

/**
 * Codes read straight from the memory-mapped {@code .shd} file. The bulk scan reads chunks of codes
 * into a reusable buffer with one {@code readLongs} call and computes XOR + popcount in a loop
 * specialised per word count, with no per-code virtual call or allocation.
 *
 * <p>Codes are stored as their bytes, so a full word on disk is big-endian; {@code readLongs} reads
 * little-endian and yields the byte-reversed word. Byte reversal permutes bits the same way in both
 * operands, so the query is reversed once per call and the popcounts are unchanged.
 */
final class OffHeapHammingCodes extends HammingCodes {
  private static final int CHUNK_BYTES = 8192;

  private final int bits;
  private final int count;
  private final int bytesPerCode;
  private final int words;
  private final IndexInput scan;
  private final RandomAccessInput random;
  private final DirectMonotonicReader docs;
  private final MultiIndexHashTables tables;
  private final long[] longBuffer;
  private final byte[] byteBuffer;
  private final long[] reversedQuery;

  OffHeapHammingCodes(
      CodesEntry entry,
      IndexInput scan,
      RandomAccessInput random,
      DirectMonotonicReader docs,
      MultiIndexHashTables tables) {
    this.bits = entry.bits();
    this.count = entry.count();
    this.bytesPerCode = entry.bytesPerCode();
    this.words = (bits + 63) >>> 6;
    this.scan = scan;
    this.random = random;
    this.docs = docs;
    this.tables = tables;
    boolean wholeWords = bytesPerCode % 8 == 0;
    this.longBuffer = wholeWords ? new long[Math.max(CHUNK_BYTES, bytesPerCode) / 8] : null;
    this.byteBuffer = wholeWords ? null : new byte[Math.max(CHUNK_BYTES, bytesPerCode)];
    this.reversedQuery = new long[words];
  }

  @Override
  public int bits() {
    return bits;
  }

  @Override
  public int size() {
    return count;
  }

  @Override
  public int docAt(int ord) {
    Objects.checkIndex(ord, count);
    return docs == null ? ord : (int) docs.get(ord);
  }

  @Override
  public int ordOf(int doc) {
    if (docs == null) {
      return doc >= 0 && doc < count ? doc : -1;
    }
    long i = docs.binarySearch(0, count, doc);
    return i >= 0 ? (int) i : -1;
  }

  @Override
  public void readCode(int ord, long[] dest) throws IOException {
    Objects.checkIndex(ord, count);
    long pos = (long) ord * bytesPerCode;
    int full = bytesPerCode >>> 3;
    for (int w = 0; w < full; w++) {
      dest[w] = Long.reverseBytes(random.readLong(pos + 8L * w));
    }
    int tail = bytesPerCode & 7;
    if (tail != 0) {
      long word = 0;
      for (int b = 0; b < tail; b++) {
        word |= (random.readByte(pos + 8L * full + b) & 0xFFL) << (56 - 8 * b);
      }
      dest[full] = word;
    }
  }

  @Override
  public void distances(long[] query, int fromOrd, int toOrd, int[] distances) throws IOException {
    Objects.checkFromToIndex(fromOrd, toOrd, count);
    if (query.length < words) {
      throw new IllegalArgumentException(
          "query has " + query.length + " words but " + bits + "-bit codes need " + words);
    }
    if (toOrd == fromOrd) {
      return;
    }
    scan.seek((long) fromOrd * bytesPerCode);
    if (longBuffer != null) {
      scanWords(query, toOrd - fromOrd, distances);
    } else {
      scanBytes(query, toOrd - fromOrd, distances);
    }
  }

  private void scanWords(long[] query, int n, int[] out) throws IOException {
    final long[] buf = longBuffer;
    final int perChunk = buf.length / words;
    int done = 0;
    switch (words) {
      case 1 -> {
        final long q0 = Long.reverseBytes(query[0]);
        while (done < n) {
          int k = Math.min(perChunk, n - done);
          scan.readLongs(buf, 0, k);
          for (int i = 0; i < k; i++) {
            out[done + i] = Long.bitCount(buf[i] ^ q0);
          }
          done += k;
        }
      }
      case 2 -> {
        final long q0 = Long.reverseBytes(query[0]);
        final long q1 = Long.reverseBytes(query[1]);
        while (done < n) {
          int k = Math.min(perChunk, n - done);
          scan.readLongs(buf, 0, 2 * k);
          for (int i = 0, j = 0; i < k; i++, j += 2) {
            out[done + i] = Long.bitCount(buf[j] ^ q0) + Long.bitCount(buf[j + 1] ^ q1);
          }
          done += k;
        }
      }
      case 4 -> {
        final long q0 = Long.reverseBytes(query[0]);
        final long q1 = Long.reverseBytes(query[1]);
        final long q2 = Long.reverseBytes(query[2]);
        final long q3 = Long.reverseBytes(query[3]);
        while (done < n) {
          int k = Math.min(perChunk, n - done);
          scan.readLongs(buf, 0, 4 * k);
          for (int i = 0, j = 0; i < k; i++, j += 4) {
            out[done + i] =
                Long.bitCount(buf[j] ^ q0)
                    + Long.bitCount(buf[j + 1] ^ q1)
                    + Long.bitCount(buf[j + 2] ^ q2)
                    + Long.bitCount(buf[j + 3] ^ q3);
          }
          done += k;
        }
      }
      default -> {
        final long[] q = reversedQuery;
        for (int w = 0; w < words; w++) {
          q[w] = Long.reverseBytes(query[w]);
        }
        final int wordsPerCode = words;
        while (done < n) {
          int k = Math.min(perChunk, n - done);
          scan.readLongs(buf, 0, wordsPerCode * k);
          for (int i = 0, j = 0; i < k; i++) {
            int d = 0;
            for (int w = 0; w < wordsPerCode; w++, j++) {
              d += Long.bitCount(buf[j] ^ q[w]);
            }
            out[done + i] = d;
          }
          done += k;
        }
      }
    }
  }

  /** Codes whose length is not a whole number of words: big-endian views over a byte buffer. */
  private void scanBytes(long[] query, int n, int[] out) throws IOException {
    final byte[] buf = byteBuffer;
    final int stride = bytesPerCode;
    final int full = stride >>> 3;
    final int tail = stride & 7;
    final long tailMask = -1L << (64 - 8 * tail);
    final long qTail = query[full] & tailMask;
    final int perChunk = buf.length / stride;
    int done = 0;
    while (done < n) {
      int k = Math.min(perChunk, n - done);
      scan.readBytes(buf, 0, k * stride);
      for (int i = 0, pos = 0; i < k; i++, pos += stride) {
        int d = 0;
        for (int w = 0; w < full; w++) {
          d += Long.bitCount((long) BitUtil.VH_BE_LONG.get(buf, pos + 8 * w) ^ query[w]);
        }
        long word = 0;
        int base = pos + 8 * full;
        for (int b = 0; b < tail; b++) {
          word |= (buf[base + b] & 0xFFL) << (56 - 8 * b);
        }
        out[done + i] = d + Long.bitCount(word ^ qTail);
      }
      done += k;
    }
  }

  @Override
  public SubstringIndex substringIndex() {
    return tables;
  }
}
