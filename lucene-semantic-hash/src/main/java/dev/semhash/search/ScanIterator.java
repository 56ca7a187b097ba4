package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.io.IOException;
import org.apache.lucene.util.ArrayUtil;

/**
 * The documents of a segment within a radius, found by scanning the codes in chunks with the fused
 * {@link HammingCodes#scan}, which reports only the codes within the radius. Chunks are scanned
 * lazily, so when another clause leads and skips ahead, the codes it skips are never compared.
 */
final class ScanIterator extends DistanceIterator {
  static final int CHUNK = 1024;
  /** Chunks grow while the iterator runs on its own, up to this many codes. */
  static final int MAX_CHUNK = 16 * CHUNK;

  private final HammingCodes codes;
  private final long[] query;
  private final int radius;
  private final int size;
  private final HammingCodes.CodeVisitor collect;
  private int[] hitOrds = new int[16]; // matches of the loaded chunk, increasing
  private int[] hitDistances = new int[16];
  private int hitCount;
  private int hit = -1; // index of the current match in hitOrds
  private int chunkEnd; // ordinals below it have been scanned
  private int chunkSize = CHUNK;
  private int doc = -1;

  ScanIterator(HammingCodes codes, long[] query, int radius) {
    this.codes = codes;
    this.query = query;
    this.radius = radius;
    this.size = codes.size();
    this.collect =
        (ord, distance) -> {
          if (hitCount == hitOrds.length) {
            hitOrds = ArrayUtil.grow(hitOrds, hitCount + 1);
            hitDistances = ArrayUtil.growExact(hitDistances, hitOrds.length);
          }
          hitOrds[hitCount] = ord;
          hitDistances[hitCount++] = distance;
          return radius;
        };
  }

  @Override
  public int docID() {
    return doc;
  }

  @Override
  public int nextDoc() throws IOException {
    if (++hit < hitCount) {
      return doc = codes.docAt(hitOrds[hit]);
    }
    chunkSize = Math.min(MAX_CHUNK, chunkSize << 1);
    return scanFrom(chunkEnd);
  }

  @Override
  public int advance(int target) throws IOException {
    // Matches already found in the loaded chunk come first: no chunk is scanned twice.
    while (++hit < hitCount) {
      int d = codes.docAt(hitOrds[hit]);
      if (d >= target) {
        return doc = d;
      }
    }
    chunkSize = CHUNK; // skipping: a lead clause drives, keep chunks small
    return scanFrom(Ords.firstOrdAtOrAfter(codes, chunkEnd, target));
  }

  /** Scans chunks from ordinal {@code from} until one has a match. */
  private int scanFrom(int from) throws IOException {
    while (from < size) {
      int to = (int) Math.min(size, (long) from + chunkSize);
      hitCount = 0;
      hit = 0;
      codes.scan(query, from, to, radius, collect);
      chunkEnd = to;
      if (hitCount > 0) {
        return doc = codes.docAt(hitOrds[0]);
      }
      from = to;
    }
    hitCount = 0;
    hit = 0;
    chunkEnd = size;
    return doc = NO_MORE_DOCS;
  }

  @Override
  public long cost() {
    return size;
  }

  @Override
  public int distance() {
    return hitDistances[hit];
  }
}
