package dev.semhash.codecs.semhash10;

import org.apache.lucene.util.packed.DirectMonotonicReader;

/** Metadata of one field stored on the code path, as read from the {@code .shm} file. */
record CodesEntry(
    int bits,
    int count,
    long codesOffset,
    long codesLength,
    boolean dense,
    long docsOffset,
    long docsLength,
    DirectMonotonicReader.Meta docsMeta,
    TableEntry[] tables) {

  int bytesPerCode() {
    return bits >>> 3;
  }

  /** Metadata of one multi-index hash table. */
  record TableEntry(
      int start,
      int width,
      long ordsOffset,
      int ordsBitsPerValue,
      long ordsLength,
      long offsetsOffset,
      DirectMonotonicReader.Meta offsetsMeta,
      long offsetsLength) {}
}
