package dev.semhash.search;

import java.util.Arrays;
import java.util.Random;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestNearestCodes extends LuceneTestCase {

  public void testHandExample() {
    NearestCodes nearest = new NearestCodes(2, 8);
    assertEquals(9, nearest.threshold());
    nearest.offer(5, 0);
    nearest.offer(3, 1);
    assertEquals(5, nearest.threshold());
    nearest.offer(5, 2); // ties lose to earlier docs
    nearest.offer(1, 3);
    assertEquals(3, nearest.threshold());
    int[] docs = new int[2];
    int[] distances = new int[2];
    nearest.sortedByDoc(docs, distances);
    assertArrayEquals(new int[] {1, 3}, docs);
    assertArrayEquals(new int[] {3, 1}, distances);
  }

  public void testRandomAgainstSort() {
    Random random = random();
    for (int iter = 0; iter < 200; iter++) {
      int bits = 8 * (1 + random.nextInt(32));
      int n = random.nextInt(500);
      int k = 1 + random.nextInt(random.nextBoolean() ? 10 : 600);
      long[] all = new long[n];
      NearestCodes nearest = new NearestCodes(k, bits);
      NearestCodes[] parts = {new NearestCodes(k, bits), new NearestCodes(k, bits)};
      int doc = 0;
      for (int i = 0; i < n; i++) {
        doc += 1 + random.nextInt(3);
        int d = random.nextInt(Math.min(bits, 12) + 1);
        all[i] = ((long) d << 32) | doc;
        if (d < nearest.threshold()) {
          nearest.offer(d, doc);
        }
        parts[i < n / 2 ? 0 : 1].offer(d, doc);
      }
      Arrays.sort(all);
      int expectedSize = Math.min(k, n);
      assertEquals(expectedSize, nearest.size());
      NearestCodes merged = new NearestCodes(k, bits);
      merged.merge(parts[1]); // order of merging must not matter
      merged.merge(parts[0]);
      for (NearestCodes selector : new NearestCodes[] {nearest, merged}) {
        int[] docs = new int[expectedSize];
        int[] distances = new int[expectedSize];
        selector.sortedByDoc(docs, distances);
        long[] want = Arrays.copyOf(all, expectedSize);
        long[] got = new long[expectedSize];
        for (int i = 0; i < expectedSize; i++) {
          got[i] = ((long) distances[i] << 32) | docs[i];
        }
        Arrays.sort(got);
        assertArrayEquals(want, got);
      }
    }
  }
}
