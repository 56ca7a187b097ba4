package dev.semhash.search;

import dev.semhash.index.SubstringIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntConsumer;

/** Multi-index hash tables in plain hash maps, for testing probing before the format's tables. */
final class InMemorySubstringIndex implements SubstringIndex {
  private final int[] starts;
  private final int[] widths;
  private final List<Map<Long, List<Integer>>> tables = new ArrayList<>();
  int lookups; // how many lookups were made, to check the probe count

  /** Indexes {@code codes[ord]} (words) on the runs {@code [starts[i], starts[i] + widths[i])}. */
  InMemorySubstringIndex(long[][] codes, int[] starts, int[] widths) {
    this.starts = starts.clone();
    this.widths = widths.clone();
    for (int i = 0; i < starts.length; i++) {
      Map<Long, List<Integer>> table = new HashMap<>();
      for (int ord = 0; ord < codes.length; ord++) {
        long value = SubstringIndex.extractBits(codes[ord], starts[i], widths[i]);
        table.computeIfAbsent(value, v -> new ArrayList<>()).add(ord);
      }
      tables.add(table);
    }
  }

  /**
   * Random runs over {@code bits} bits: {@code m} contiguous runs of random widths (each at most
   * 64 bits) that cover every bit, or, if {@code leaveGaps}, runs separated by unindexed bits.
   */
  static InMemorySubstringIndex random(Random random, long[][] codes, int bits, boolean leaveGaps) {
    int minM = (bits + 63) / 64;
    int m = minM + random.nextInt(Math.max(1, Math.min(bits, 8) - minM + 1));
    m = Math.min(m, bits);
    // cut points: m - 1 distinct cuts in (0, bits) such that no run exceeds 64 bits
    int[] starts;
    int[] widths;
    while (true) {
      java.util.TreeSet<Integer> cuts = new java.util.TreeSet<>();
      while (cuts.size() < m - 1) {
        cuts.add(1 + random.nextInt(bits - 1));
      }
      starts = new int[m];
      widths = new int[m];
      int prev = 0;
      int i = 0;
      boolean ok = true;
      for (int cut : cuts) {
        starts[i] = prev;
        widths[i] = cut - prev;
        ok &= widths[i] <= 64;
        prev = cut;
        i++;
      }
      starts[i] = prev;
      widths[i] = bits - prev;
      ok &= widths[i] <= 64;
      if (ok) {
        break;
      }
    }
    if (leaveGaps) {
      for (int i = 0; i < m; i++) {
        if (widths[i] > 1 && random.nextBoolean()) {
          int drop = 1 + random.nextInt(widths[i] - 1);
          if (random.nextBoolean()) {
            starts[i] += drop; // gap before the run
          }
          widths[i] -= drop;
        }
      }
    }
    return new InMemorySubstringIndex(codes, starts, widths);
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
  public void lookup(int i, long value, IntConsumer ords) {
    lookups++;
    List<Integer> bucket = tables.get(i).get(value);
    if (bucket != null) {
      for (int ord : bucket) {
        ords.accept(ord);
      }
    }
  }
}
