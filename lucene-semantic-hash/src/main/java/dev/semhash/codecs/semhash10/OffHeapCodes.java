package dev.semhash.codecs.semhash10;

import java.io.IOException;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.util.LongValues;
import org.apache.lucene.util.packed.DirectMonotonicReader;
import org.apache.lucene.util.packed.DirectReader;

/**
 * One code field of one segment: its metadata and the open files. Immutable and shared; each
 * {@code new*} call returns an independent, single-threaded view.
 */
final class OffHeapCodes {
  private final CodesEntry entry;
  private final int maxDoc;
  private final IndexInput data;
  private final IndexInput index;

  OffHeapCodes(CodesEntry entry, int maxDoc, IndexInput data, IndexInput index) {
    this.entry = entry;
    this.maxDoc = maxDoc;
    this.data = data;
    this.index = index;
  }

  OffHeapCodeDocValues newDocValues() throws IOException {
    return new OffHeapCodeDocValues(this, entry, maxDoc, codesRandomAccess(), docs());
  }

  OffHeapHammingCodes newHammingCodes() throws IOException {
    IndexInput scan = data.slice("semhash codes", entry.codesOffset(), entry.codesLength());
    return new OffHeapHammingCodes(entry, scan, codesRandomAccess(), docs(), this);
  }

  MultiIndexHashTables newTables() throws IOException {
    CodesEntry.TableEntry[] tables = entry.tables();
    int[] starts = new int[tables.length];
    int[] widths = new int[tables.length];
    LongValues[] ords = new LongValues[tables.length];
    LongValues[] offsets = new LongValues[tables.length];
    for (int i = 0; i < tables.length; i++) {
      CodesEntry.TableEntry t = tables[i];
      starts[i] = t.start();
      widths[i] = t.width();
      ords[i] =
          DirectReader.getInstance(
              index.randomAccessSlice(t.ordsOffset(), t.ordsLength()), t.ordsBitsPerValue());
      offsets[i] =
          DirectMonotonicReader.getInstance(
              t.offsetsMeta(), index.randomAccessSlice(t.offsetsOffset(), t.offsetsLength()));
    }
    return new MultiIndexHashTables(starts, widths, ords, offsets);
  }

  private org.apache.lucene.store.RandomAccessInput codesRandomAccess() throws IOException {
    return data.randomAccessSlice(entry.codesOffset(), entry.codesLength());
  }

  /** Ordinal to doc id, or null when the field is dense (ordinal = doc id). */
  private DirectMonotonicReader docs() throws IOException {
    if (entry.dense()) {
      return null;
    }
    return DirectMonotonicReader.getInstance(
        entry.docsMeta(), data.randomAccessSlice(entry.docsOffset(), entry.docsLength()));
  }
}
