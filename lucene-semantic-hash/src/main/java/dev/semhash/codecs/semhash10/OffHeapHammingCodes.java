package dev.semhash.codecs.semhash10;

import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.MemorySegmentAccessInput;
import org.apache.lucene.store.RandomAccessInput;
import org.apache.lucene.util.BitUtil;
import org.apache.lucene.util.packed.DirectMonotonicReader;

/**
 * Codes read straight from the {@code .shd} file, scanned by loops specialised per word count with
 * no per-code virtual call or allocation.
 *
 * <p>When the file is memory-mapped (the input is a {@link MemorySegmentAccessInput}), scans read
 * each code in place with positional {@code readLong}s, which the JIT compiles to plain loads from
 * the mapping: the codes are read once and never copied. Other directories get chunks copied into
 * a reusable buffer with one {@code readLongs} call. Filtered scans ({@link #scan}) never store a
 * distance: each block of codes is checked against the bound by a loop without calls, which notes
 * the few codes within it, and the visitor is called afterwards for those.
 *
 * <p>Codes are stored as their bytes, so a full word on disk is big-endian; {@code readLong(s)}
 * read little-endian and yield the byte-reversed word. Byte reversal permutes bits the same way in
 * both operands, so the query is reversed once per call and the popcounts are unchanged.
 */
final class OffHeapHammingCodes extends HammingCodes {
  private static final int CHUNK_BYTES = 8192;
  /** Codes per block of a mapped scan: the visitor's bound is refreshed between blocks. */
  private static final int BLOCK = 1024;

  private final int bits;
  private final int count;
  private final int bytesPerCode;
  private final int words;
  private final IndexInput scan;
  private final RandomAccessInput random;
  private final boolean mapped;
  private final DirectMonotonicReader docs;
  private final OffHeapCodes source;
  private MultiIndexHashTables tables; // opened on first use: top-k search never needs them
  private final long[] longBuffer;
  private final byte[] byteBuffer;
  private final long[] reversedQuery;
  private final int[] hitOrds; // offsets within the block of the codes a block scan found
  private final int[] hitDistances;
  private int stoppedAt; // set by visitHits when the visitor stops a scan

  OffHeapHammingCodes(
      CodesEntry entry,
      IndexInput scan,
      RandomAccessInput random,
      DirectMonotonicReader docs,
      OffHeapCodes source) {
    this.bits = entry.bits();
    this.count = entry.count();
    this.bytesPerCode = entry.bytesPerCode();
    this.words = (bits + 63) >>> 6;
    this.scan = scan;
    this.random = random;
    this.docs = docs;
    this.source = source;
    boolean wholeWords = bytesPerCode % 8 == 0;
    this.mapped = wholeWords && random instanceof MemorySegmentAccessInput;
    this.longBuffer =
        wholeWords && mapped == false ? new long[Math.max(CHUNK_BYTES, bytesPerCode) / 8] : null;
    this.byteBuffer = wholeWords ? null : new byte[Math.max(CHUNK_BYTES, bytesPerCode)];
    this.reversedQuery = new long[words];
    int block = mapped ? BLOCK : wholeWords ? Math.max(1, longBuffer.length / words) : 0;
    this.hitOrds = new int[block];
    this.hitDistances = new int[block];
  }

  /** Whether scans read the codes in place from a memory mapping (else through a buffer). */
  boolean readsInPlace() {
    return mapped;
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
    checkScan(query, fromOrd, toOrd);
    if (toOrd == fromOrd) {
      return;
    }
    if (mapped) {
      mappedDistances(query, fromOrd, toOrd - fromOrd, distances);
      return;
    }
    scan.seek((long) fromOrd * bytesPerCode);
    if (longBuffer != null) {
      scanWords(query, toOrd - fromOrd, distances);
    } else {
      scanBytes(query, toOrd - fromOrd, distances);
    }
  }

  private void checkScan(long[] query, int fromOrd, int toOrd) {
    Objects.checkFromToIndex(fromOrd, toOrd, count);
    if (query.length < words) {
      throw new IllegalArgumentException(
          "query has " + query.length + " words but " + bits + "-bit codes need " + words);
    }
  }

  private void mappedDistances(long[] query, int fromOrd, int n, int[] out) throws IOException {
    final RandomAccessInput in = random;
    long pos = (long) fromOrd * bytesPerCode;
    switch (words) {
      case 1 -> {
        final long q0 = Long.reverseBytes(query[0]);
        for (int i = 0; i < n; i++, pos += 8) {
          out[i] = Long.bitCount(in.readLong(pos) ^ q0);
        }
      }
      case 2 -> {
        final long q0 = Long.reverseBytes(query[0]);
        final long q1 = Long.reverseBytes(query[1]);
        for (int i = 0; i < n; i++, pos += 16) {
          out[i] = Long.bitCount(in.readLong(pos) ^ q0) + Long.bitCount(in.readLong(pos + 8) ^ q1);
        }
      }
      default -> {
        final long[] q = reversedQuery(query);
        final int w = words;
        for (int i = 0; i < n; i++) {
          int d = 0;
          for (int j = 0; j < w; j++, pos += 8) {
            d += Long.bitCount(in.readLong(pos) ^ q[j]);
          }
          out[i] = d;
        }
      }
    }
  }

  private long[] reversedQuery(long[] query) {
    final long[] q = reversedQuery;
    for (int j = 0; j < words; j++) {
      q[j] = Long.reverseBytes(query[j]);
    }
    return q;
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
      default -> {
        final long[] q = reversedQuery(query);
        final int w = words;
        while (done < n) {
          int k = Math.min(perChunk, n - done);
          scan.readLongs(buf, 0, w * k);
          for (int i = 0, j = 0; i < k; i++) {
            int d = 0;
            for (int x = 0; x < w; x++, j++) {
              d += Long.bitCount(buf[j] ^ q[x]);
            }
            out[done + i] = d;
          }
          done += k;
        }
      }
    }
  }

  @Override
  public int scan(long[] query, int fromOrd, int toOrd, int maxDistance, CodeVisitor visitor)
      throws IOException {
    checkScan(query, fromOrd, toOrd);
    if (mapped == false && longBuffer == null) {
      return super.scan(query, fromOrd, toOrd, maxDistance, visitor);
    }
    if (toOrd == fromOrd || maxDistance < 0) {
      return toOrd;
    }
    int bound = maxDistance;
    final int block = hitOrds.length;
    if (mapped == false) {
      scan.seek((long) fromOrd * bytesPerCode);
    }
    for (int base = fromOrd; base < toOrd; base += block) {
      int n = Math.min(block, toOrd - base);
      int hits =
          mapped ? mappedBlock(query, base, n, bound) : bufferedBlock(query, n, bound);
      if (hits > 0 && (bound = visitHits(base, hits, bound, visitor)) < 0) {
        return stoppedAt;
      }
    }
    return toOrd;
  }

  /** Calls the visitor for the hits of one block, re-checking each against the shrinking bound. */
  private int visitHits(int base, int hits, int bound, CodeVisitor visitor) throws IOException {
    final int[] ords = hitOrds;
    final int[] dists = hitDistances;
    for (int h = 0; h < hits; h++) {
      int d = dists[h];
      if (d <= bound) {
        int ord = base + ords[h];
        bound = Math.min(bound, visitor.visit(ord, d));
        if (bound < 0) {
          stoppedAt = ord + 1;
          return bound;
        }
      }
    }
    return bound;
  }

  /** Notes the codes of ordinals {@code [base, base + n)} within {@code bound}; returns how many. */
  private int mappedBlock(long[] query, int base, int n, int bound) throws IOException {
    final RandomAccessInput in = random;
    final int[] ords = hitOrds;
    final int[] dists = hitDistances;
    long pos = (long) base * bytesPerCode;
    int hits = 0;
    switch (words) {
      case 1 -> {
        final long q0 = Long.reverseBytes(query[0]);
        for (int i = 0; i < n; i++, pos += 8) {
          int d = Long.bitCount(in.readLong(pos) ^ q0);
          if (d <= bound) {
            ords[hits] = i;
            dists[hits++] = d;
          }
        }
      }
      case 2 -> {
        final long q0 = Long.reverseBytes(query[0]);
        final long q1 = Long.reverseBytes(query[1]);
        for (int i = 0; i < n; i++, pos += 16) {
          int d = Long.bitCount(in.readLong(pos) ^ q0) + Long.bitCount(in.readLong(pos + 8) ^ q1);
          if (d <= bound) {
            ords[hits] = i;
            dists[hits++] = d;
          }
        }
      }
      default -> {
        final long[] q = reversedQuery(query);
        final int w = words;
        for (int i = 0; i < n; i++) {
          int d = 0;
          for (int j = 0; j < w; j++, pos += 8) {
            d += Long.bitCount(in.readLong(pos) ^ q[j]);
          }
          if (d <= bound) {
            ords[hits] = i;
            dists[hits++] = d;
          }
        }
      }
    }
    return hits;
  }

  /** As {@link #mappedBlock}, for the next {@code n} codes of the sequential input. */
  private int bufferedBlock(long[] query, int n, int bound) throws IOException {
    final long[] buf = longBuffer;
    final int[] ords = hitOrds;
    final int[] dists = hitDistances;
    final int w = words;
    scan.readLongs(buf, 0, w * n);
    int hits = 0;
    switch (w) {
      case 1 -> {
        final long q0 = Long.reverseBytes(query[0]);
        for (int i = 0; i < n; i++) {
          int d = Long.bitCount(buf[i] ^ q0);
          if (d <= bound) {
            ords[hits] = i;
            dists[hits++] = d;
          }
        }
      }
      case 2 -> {
        final long q0 = Long.reverseBytes(query[0]);
        final long q1 = Long.reverseBytes(query[1]);
        for (int i = 0; i < n; i++) {
          int d = Long.bitCount(buf[2 * i] ^ q0) + Long.bitCount(buf[2 * i + 1] ^ q1);
          if (d <= bound) {
            ords[hits] = i;
            dists[hits++] = d;
          }
        }
      }
      default -> {
        final long[] q = reversedQuery(query);
        for (int i = 0, at = 0; i < n; i++) {
          int d = 0;
          for (int j = 0; j < w; j++, at++) {
            d += Long.bitCount(buf[at] ^ q[j]);
          }
          if (d <= bound) {
            ords[hits] = i;
            dists[hits++] = d;
          }
        }
      }
    }
    return hits;
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
    if (tables == null) {
      try {
        tables = source.newTables();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return tables;
  }
}
