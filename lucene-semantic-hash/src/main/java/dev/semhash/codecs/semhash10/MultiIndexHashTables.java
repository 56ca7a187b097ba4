package dev.semhash.codecs.semhash10;

import dev.semhash.index.SubstringIndex;
import java.io.IOException;
import java.util.function.IntConsumer;
import org.apache.lucene.util.LongValues;

/** The multi-index hash tables of one code field in one segment, read off-heap. */
final class MultiIndexHashTables implements SubstringIndex {
  private final int[] starts;
  private final int[] widths;
  private final LongValues[] ords;
  private final LongValues[] offsets;

  MultiIndexHashTables(int[] starts, int[] widths, LongValues[] ords, LongValues[] offsets) {
    this.starts = starts;
    this.widths = widths;
    this.ords = ords;
    this.offsets = offsets;
  }

  @Override
  public int substrings() {
    return starts.length;
  }

  @Override
  public int substringStart(int i) {
    return starts[i];
  }

  @Override
  public int substringBits(int i) {
    return widths[i];
  }

  @Override
  public void lookup(int i, long value, IntConsumer consumer) throws IOException {
    if (value < 0 || value >= 1L << widths[i]) {
      throw new IllegalArgumentException(
          "value " + value + " does not fit substring " + i + " of " + widths[i] + " bits");
    }
    LongValues table = ords[i];
    long from = offsets[i].get(value);
    long to = offsets[i].get(value + 1);
    for (long j = from; j < to; j++) {
      consumer.accept((int) table.get(j));
    }
  }

  /** Number of ordinals whose substring {@code i} equals {@code value}, without listing them. */
  long count(int i, long value) {
    return offsets[i].get(value + 1) - offsets[i].get(value);
  }
}
