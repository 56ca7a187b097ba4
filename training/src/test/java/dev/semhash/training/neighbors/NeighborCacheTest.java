package dev.semhash.training.neighbors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NeighborCacheTest {
  @TempDir Path tmp;
  List<String> warnings;
  NeighborCache cache;
  AtomicInteger computations;
  Neighbors neighbors;

  static final NeighborKey KEY = NeighborKey.of("tfidf-cosine", Map.of("k", 5, "corpus", "abc"));
  static final NeighborKey OTHER = NeighborKey.of("tfidf-cosine", Map.of("k", 6, "corpus", "abc"));

  @BeforeEach
  void setUp() throws IOException {
    warnings = new ArrayList<>();
    cache = new NeighborCache(tmp.resolve("cache"), warnings::add);
    computations = new AtomicInteger();
    SparseMatrix m = CosineKnnGraphTest.randomRows(3, 300, 40, 0.1, true).normalizeRows();
    neighbors = CosineKnnGraph.compute(m, 5, 1, ProgressReporter.NONE);
  }

  Neighbors get(NeighborKey key) throws IOException {
    return cache.getOrCompute(
        key,
        () -> {
          computations.incrementAndGet();
          return neighbors;
        });
  }

  @Test
  void computesOnceThenReads() throws IOException {
    assertEquals(neighbors, get(KEY));
    assertEquals(1, computations.get());
    assertTrue(Files.isRegularFile(cache.fileFor(KEY)));
    assertEquals(neighbors, get(KEY));
    assertEquals(neighbors, new NeighborCache(tmp.resolve("cache"), warnings::add).read(KEY).orElseThrow());
    assertEquals(1, computations.get());
    assertEquals(List.of(), warnings);
    // Another key is another file.
    assertNotEquals(cache.fileFor(KEY), cache.fileFor(OTHER));
    get(OTHER);
    assertEquals(2, computations.get());
  }

  void assertRecomputedWithWarning(String expectedReason) throws IOException {
    int before = computations.get();
    assertEquals(neighbors, get(KEY));
    assertEquals(before + 1, computations.get(), "must recompute, not use the bad file");
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains(expectedReason), warnings.get(0));
    // The rewritten file is good again.
    assertEquals(neighbors, cache.read(KEY).orElseThrow());
    assertEquals(1, warnings.size());
  }

  @Test
  void flippedByteIsDetected() throws IOException {
    get(KEY);
    Path file = cache.fileFor(KEY);
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x10;
    Files.write(file, bytes);
    assertRecomputedWithWarning("checksum failed");
  }

  @Test
  void truncationIsDetected() throws IOException {
    get(KEY);
    Path file = cache.fileFor(KEY);
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length - 40));
    assertRecomputedWithWarning("unusable");
  }

  @Test
  void emptyFileIsDetected() throws IOException {
    get(KEY);
    Files.write(cache.fileFor(KEY), new byte[0]);
    assertRecomputedWithWarning("unusable");
  }

  @Test
  void fileOfAnotherKeyIsNotUsed() throws IOException {
    get(OTHER);
    Files.createDirectories(cache.directory());
    Files.copy(cache.fileFor(OTHER), cache.fileFor(KEY));
    assertRecomputedWithWarning("belongs to another key");
  }

  @Test
  void foreignFormatAndNewerVersionAreDetected() throws IOException {
    Files.createDirectories(cache.directory());
    writeWithHeader(cache.fileFor(KEY), "SomethingElse", 0);
    assertRecomputedWithWarning("codec mismatch");
    warnings.clear();
    computations.set(0);
    writeWithHeader(cache.fileFor(KEY), NeighborCache.CODEC, NeighborCache.VERSION_CURRENT + 1);
    get(KEY);
    assertEquals(1, computations.get());
    assertTrue(warnings.get(0).contains("unusable"), warnings.get(0));
  }

  private void writeWithHeader(Path file, String codec, int version) throws IOException {
    Files.deleteIfExists(file);
    try (NIOFSDirectory d = new NIOFSDirectory(file.getParent());
        IndexOutput out = d.createOutput(file.getFileName().toString(), IOContext.DEFAULT)) {
      CodecUtil.writeHeader(out, codec, version);
      out.writeString(KEY.canonical());
      neighbors.write(out);
      CodecUtil.writeFooter(out);
    }
  }

  @Test
  void notAFileAtAllIsAnError() throws IOException {
    Files.createDirectories(cache.fileFor(KEY)); // a non-empty directory where the file should be
    Files.write(cache.fileFor(KEY).resolve("x"), new byte[1]);
    // Nothing to read there, so it computes, but cannot store: an error, not a silent success.
    assertThrows(IOException.class, () -> get(KEY));
    assertEquals(1, computations.get());
  }

  @Test
  void keysAreCanonical() {
    NeighborKey a = NeighborKey.of("bm25", Map.of("k", 20, "b", 0.75f));
    assertEquals("method=bm25\nb=0.75\nk=20", a.canonical());
    assertTrue(a.fileName().matches("bm25-[0-9a-f]{20}\\.nbrs"), a.fileName());
    assertThrows(IllegalArgumentException.class, () -> NeighborKey.of("bad name", Map.of()));
    assertThrows(IllegalArgumentException.class, () -> NeighborKey.of("m", Map.of("a=b", 1)));
    assertThrows(IllegalArgumentException.class, () -> NeighborKey.of("m", Map.of("a", "x\ny")));
  }

  @Test
  void defaultDirectoryIsUnderTheWorkingDirectory() {
    String old = System.getProperty(NeighborCache.DIRECTORY_PROPERTY);
    try {
      System.clearProperty(NeighborCache.DIRECTORY_PROPERTY);
      assertEquals(Path.of("semhash-work", "cache"), NeighborCache.defaultDirectory());
      System.setProperty(NeighborCache.DIRECTORY_PROPERTY, "/tmp/x");
      assertEquals(Path.of("/tmp/x"), NeighborCache.defaultDirectory());
    } finally {
      if (old == null) {
        System.clearProperty(NeighborCache.DIRECTORY_PROPERTY);
      } else {
        System.setProperty(NeighborCache.DIRECTORY_PROPERTY, old);
      }
    }
  }
}
