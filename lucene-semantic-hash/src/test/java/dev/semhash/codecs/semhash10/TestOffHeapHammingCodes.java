package dev.semhash.codecs.semhash10;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.index.HammingCodes;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;

/**
 * The code path end to end: random codes of random widths, dense and sparse, with deletions and
 * merges; doc values, {@code HammingCodes} and the hash tables all compared with brute force.
 * CheckIndex runs on every directory when it is closed.
 */
public class TestOffHeapHammingCodes extends LuceneTestCase {

  private IndexWriterConfig config() {
    return newIndexWriterConfig().setCodec(new SemhashCodec(RandomCodeIndex.CODE));
  }

  private void check(int bits, int numDocs, double density, boolean deletes, boolean merge)
      throws Exception {
    try (Directory dir = newDirectory()) {
      check(dir, bits, numDocs, density, deletes, merge);
    }
  }

  private void check(
      Directory dir, int bits, int numDocs, double density, boolean deletes, boolean merge)
      throws Exception {
    RandomCodeIndex index = new RandomCodeIndex(bits);
    try (RandomIndexWriter writer = new RandomIndexWriter(random(), dir, config())) {
      index.add(writer, random(), numDocs / 2, density);
      if (deletes) {
        index.deleteSome(writer, random(), 0.2);
      }
      writer.commit();
      index.add(writer, random(), numDocs - numDocs / 2, density);
      if (deletes) {
        index.deleteSome(writer, random(), 0.1);
      }
      if (merge) {
        writer.forceMerge(1);
      }
    }
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      index.verify(reader, random());
    }
  }

  private int randomBits() {
    return 8 * (1 + random().nextInt(32));
  }

  public void testDenseRandomWidths() throws Exception {
    for (int iter = 0; iter < 4; iter++) {
      check(randomBits(), atLeast(300), 1.0, false, random().nextBoolean());
    }
  }

  public void testSparseRandomWidths() throws Exception {
    for (int iter = 0; iter < 4; iter++) {
      check(randomBits(), atLeast(300), 0.1 + 0.8 * random().nextDouble(), false, false);
    }
  }

  public void testDeletionsAndMerges() throws Exception {
    for (int iter = 0; iter < 4; iter++) {
      double density = random().nextBoolean() ? 1.0 : 0.5;
      check(randomBits(), atLeast(500), density, true, true);
    }
  }

  public void testCommonWidths() throws Exception {
    for (int bits : new int[] {8, 32, 64, 128, 256}) {
      check(bits, atLeast(200), random().nextBoolean() ? 1.0 : 0.7, random().nextBoolean(), true);
    }
  }

  /**
   * Both scan implementations, chosen by the directory: in place over a raw memory mapping, and
   * through the chunk buffer otherwise (test directories wrap their inputs, so they get this one).
   */
  public void testMappedAndBufferedReads() throws Exception {
    for (boolean mmap : new boolean[] {true, false}) {
      for (int bits : new int[] {64, 128, 8 * (1 + random().nextInt(40))}) {
        try (Directory dir =
            mmap ? new MMapDirectory(createTempDir()) : new ByteBuffersDirectory()) {
          check(dir, bits, atLeast(1100), random().nextBoolean() ? 1.0 : 0.6, false, true);
          try (DirectoryReader reader = DirectoryReader.open(dir)) {
            HammingCodes codes =
                HammingCodes.of(reader.leaves().get(0).reader(), RandomCodeIndex.CODE, bits);
            assertEquals(
                "bits " + bits + ", mmap " + mmap,
                mmap && bits % 64 == 0,
                ((OffHeapHammingCodes) codes).readsInPlace());
          }
        }
      }
    }
  }

  public void testVeryFewAndManyDocs() throws Exception {
    check(64, 1, 1.0, false, true);
    check(24, 2, 1.0, false, true);
    check(1024, 50, 0.5, false, true);
    check(64, atLeast(5000), 0.9, true, true);
  }
}
