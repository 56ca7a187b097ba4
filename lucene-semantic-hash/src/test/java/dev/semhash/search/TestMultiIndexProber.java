package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.io.IOException;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestMultiIndexProber extends LuceneTestCase {

  public void testBinomialSum() {
    assertEquals(1, MultiIndexProber.binomialSum(16, 0), 0);
    assertEquals(17, MultiIndexProber.binomialSum(16, 1), 0);
    assertEquals(1 + 16 + 120, MultiIndexProber.binomialSum(16, 2), 0);
    assertEquals(8, MultiIndexProber.binomialSum(3, 5), 0); // all 2^3 values
    assertEquals(Math.pow(2, 64), MultiIndexProber.binomialSum(64, 64), 1e4);
  }

  public void testValuesWithinFlipsAreExactlyTheBall() throws IOException {
    Random random = random();
    for (int iter = 0; iter < 50; iter++) {
      int width = 1 + random.nextInt(12);
      int flips = random.nextInt(width + 2);
      long value = random.nextLong() & ((1L << width) - 1);
      Set<Long> seen = new HashSet<>();
      MultiIndexProber.forEachValueWithin(
          value,
          width,
          flips,
          v -> {
            assertTrue("duplicate value " + v, seen.add(v));
            assertTrue("value out of the width", (v >>> width) == 0);
          });
      // every width-bit value within the flips, and only those
      int expected = 0;
      for (long v = 0; v < (1L << width); v++) {
        if (Long.bitCount(v ^ value) <= flips) {
          expected++;
          assertTrue(seen.contains(v));
        }
      }
      assertEquals(expected, seen.size());
      assertEquals(MultiIndexProber.binomialSum(width, flips), seen.size(), 0);
    }
  }

  public void testFullWidthSubstringFlipsTopBit() throws IOException {
    Set<Long> seen = new HashSet<>();
    MultiIndexProber.forEachValueWithin(0L, 64, 1, seen::add);
    assertEquals(65, seen.size());
    assertTrue(seen.contains(Long.MIN_VALUE));
  }

  public void testHandComputedProbe() throws IOException {
    // 16-bit codes, two 8-bit substrings; radius 3 probes floor(3 / 2) = 1 flip per substring
    long[][] codes = {
      words(0x0000), // d 0
      words(0x0003), // d 2: second half differs in 2 bits, first half equal -> found
      words(0x0101), // d 2: one flip in each half -> found
      words(0x0700), // d 3: first half 3 flips, second half equal -> found
      words(0x0F0F), // d 8 -> candidate never produced, or rejected
      words(0x0303), // d 4 -> found as candidate? halves differ by 2 each: not probed
    };
    InMemorySubstringIndex index =
        new InMemorySubstringIndex(codes, new int[] {0, 8}, new int[] {8, 8});
    InMemoryCodes hc = new InMemoryCodes(16, new int[] {0, 2, 3, 5, 8, 9}, codes, index);
    MultiIndexProber.Hits hits = MultiIndexProber.search(hc, index, words(0x0000), 3);
    assertEquals(4, hits.count);
    assertArrayEquals(new int[] {0, 1, 2, 3}, java.util.Arrays.copyOf(hits.ords, hits.count));
    assertArrayEquals(new int[] {0, 2, 2, 3}, java.util.Arrays.copyOf(hits.distances, hits.count));
    assertEquals(2 * (1 + 8), index.lookups);
    assertEquals(18, MultiIndexProber.probeCount(index, 3), 0);
  }

  private static long[] words(int sixteenBits) {
    return HammingCodes.toWords(new byte[] {(byte) (sixteenBits >>> 8), (byte) sixteenBits}, 0, 2);
  }

  public void testProbeEqualsBruteForce() throws IOException {
    Random random = random();
    int iters = atLeast(40);
    for (int iter = 0; iter < iters; iter++) {
      int bits = CodeGen.randomBits(random);
      int n = random.nextInt(300);
      long[][] codes = CodeGen.clustered(random, n, bits, CodeGen.centres(random, 3, bits));
      int[] docs = new int[n];
      for (int i = 0, doc = 0; i < n; i++) {
        doc += 1 + random.nextInt(3);
        docs[i] = doc;
      }
      InMemorySubstringIndex index =
          InMemorySubstringIndex.random(random, codes, bits, random.nextInt(3) == 0);
      // keep the probe count small enough to enumerate
      int maxRadius = bits;
      while (MultiIndexProber.probeCount(index, maxRadius) > 50_000) {
        maxRadius--;
      }
      int radius = random.nextInt(maxRadius + 1);
      InMemoryCodes hc = new InMemoryCodes(bits, docs, codes, index);
      long[] query =
          n > 0 && random.nextBoolean()
              ? CodeGen.flip(random, codes[random.nextInt(n)], bits, random.nextInt(bits / 4 + 1))
              : CodeGen.randomCode(random, bits);
      MultiIndexProber.Hits hits = MultiIndexProber.search(hc, index, query, radius);
      int k = 0;
      for (int ord = 0; ord < n; ord++) {
        int d = HammingCodes.distance(codes[ord], query);
        if (d <= radius) {
          assertTrue("missing ord " + ord + " at distance " + d + " radius " + radius, k < hits.count);
          assertEquals("bits=" + bits + " radius=" + radius, ord, hits.ords[k]);
          assertEquals(d, hits.distances[k]);
          k++;
        }
      }
      assertEquals("extra hits", k, hits.count);
      assertEquals(MultiIndexProber.probeCount(index, radius), index.lookups, 0);
    }
  }

  public void testCostModel() {
    Random random = random();
    long[][] none = new long[0][];
    // 64-bit codes in four 16-bit tables over a million codes: radius 3 -> no flips, 4 lookups
    InMemorySubstringIndex four =
        new InMemorySubstringIndex(none, new int[] {0, 16, 32, 48}, new int[] {16, 16, 16, 16});
    assertTrue(MultiIndexProber.cheaperThanScan(four, 3, 1_000_000, 1));
    assertEquals(4, MultiIndexProber.probeCount(four, 3), 0);
    assertEquals(4 * 1_000_000 / 65536.0, MultiIndexProber.expectedCandidates(four, 3, 1_000_000), 1e-9);
    // radius 12 -> 3 flips per table, 4 * 697 lookups, each finding ~15 candidates: still cheaper
    assertEquals(4 * (1 + 16 + 120 + 560), MultiIndexProber.probeCount(four, 12), 0);
    // the whole code: probing everything is never cheaper
    assertFalse(MultiIndexProber.cheaperThanScan(four, 64, 1_000_000, 1));
    // tiny segment: scanning 100 codes beats even four lookups
    assertFalse(MultiIndexProber.cheaperThanScan(four, 0, 50, 1));
    assertNotNull(random);
  }
}
