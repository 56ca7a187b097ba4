package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.io.IOException;

/**
 * The documents of a segment within a radius, found by scanning the codes in chunks with the bulk
 * {@link HammingCodes#distances}. Chunks are computed lazily, so when another clause leads and
 * skips ahead, the codes it skips are never compared.
 */
final class ScanIterator extends DistanceIterator {
  static final int CHUNK = 1024;

  private final HammingCodes codes;
  private final long[] query;
  private final int radius;
  private final int size;
  private final int[] chunk;
  private int chunkStart;
  private int chunkEnd;
  private int ord = -1;
  private int doc = -1;

  ScanIterator(HammingCodes codes, long[] query, int radius) {
    this.codes = codes;
    this.query = query;
    this.radius = radius;
    this.size = codes.size();
    this.chunk = new int[Math.min(CHUNK, Math.max(1, size))];
  }

  @Override
  public int docID() {
    return doc;
  }

  @Override
  public int nextDoc() throws IOException {
    return scanFrom(ord + 1);
  }

  @Override
  public int advance(int target) throws IOException {
    int from = ord + 1;
    if (from < chunkEnd && codes.docAt(chunkEnd - 1) >= target) {
      // The target lies in the loaded chunk: search only there, so no chunk is computed twice.
      return scanFrom(Ords.firstOrdAtOrAfter(codes, from, target));
    }
    return scanFrom(Ords.firstOrdAtOrAfter(codes, Math.max(from, chunkEnd), target));
  }

  private int scanFrom(int o) throws IOException {
    while (o < size) {
      if (o < chunkStart || o >= chunkEnd) {
        chunkStart = o;
        chunkEnd = Math.min(size, o + chunk.length);
        codes.distances(query, chunkStart, chunkEnd, chunk);
      }
      for (; o < chunkEnd; o++) {
        if (chunk[o - chunkStart] <= radius) {
          ord = o;
          return doc = codes.docAt(o);
        }
      }
    }
    ord = size;
    return doc = NO_MORE_DOCS;
  }

  @Override
  public long cost() {
    return size;
  }

  @Override
  public int distance() {
    return chunk[ord - chunkStart];
  }
}
