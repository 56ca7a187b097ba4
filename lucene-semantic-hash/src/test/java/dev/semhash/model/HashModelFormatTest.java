package dev.semhash.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HashModelFormatTest {
  @TempDir Path dir;

  static HashModel randomModel(long seed) {
    Random random = new Random(seed);
    float[][] columns = new float[3][16];
    for (float[] c : columns) {
      for (int i = 0; i < c.length; i++) {
        c[i] = (float) random.nextGaussian();
      }
    }
    float[][] rows = new float[16][16];
    for (float[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        r[i] = (float) random.nextGaussian();
      }
    }
    float[] thresholds = new float[16];
    thresholds[3] = 0.25f;
    return new HashModel(
        "vdsh",
        Map.of("seed", Long.toString(seed), "dataset", "unit-test"),
        HashModelTest.linearModel().analyzerSettings(),
        HashModelTest.VOCABULARY,
        dev.semhash.text.TermWeighting.TFIDF,
        true,
        new SparseInputLayer(columns, new float[16], Activation.RELU),
        List.of(new DenseLayer(rows, new float[16], Activation.IDENTITY)),
        thresholds);
  }

  @Test
  void roundTripGivesIdenticalCodes() throws IOException {
    HashModel model = randomModel(42);
    Path file = dir.resolve("m.hashmodel");
    HashModelFormat.write(model, file);
    HashModel back = HashModelFormat.read(file);
    assertEquals("vdsh", back.method());
    assertEquals(model.info(), back.info());
    assertEquals(model.vocabulary(), back.vocabulary());
    assertEquals(model.analyzerSettings(), back.analyzerSettings());
    assertArrayEquals(model.thresholds(), back.thresholds());
    for (String text : List.of("space car", "god", "", "space space god car")) {
      assertArrayEquals(model.encode(text), back.encode(text), text);
    }
    assertTrue(Arrays.stream(dir.toFile().list()).noneMatch(n -> n.contains(".tmp")), "temp file left behind");
  }

  @Test
  void failedWriteLeavesNoTempFile() throws IOException {
    Path folder = dir.resolve("taken");
    Files.createDirectories(folder.resolve("inside")); // a non-empty folder cannot be renamed over
    assertThrows(IOException.class, () -> HashModelFormat.write(randomModel(1), folder));
    assertTrue(Arrays.stream(dir.toFile().list()).noneMatch(n -> n.contains(".tmp")),
        "temp file left behind: " + Arrays.toString(dir.toFile().list()));
    assertTrue(Files.isDirectory(folder.resolve("inside")), "the folder in the way was touched");
  }

  @Test
  void neighbourhoodModelRoundTrips() throws IOException {
    float[][] rows = new float[8][4];
    for (int o = 0; o < 8; o++) {
      rows[o][o % 4] = o < 4 ? 1 : -1;
    }
    HashModel model = HashModelTest.neighbourhoodModel(rows, new float[8]);
    Path file = dir.resolve("nbr.hashmodel");
    HashModelFormat.write(model, file);
    HashModel back = HashModelFormat.read(file);
    assertEquals(2, back.neighbourWidth());
    for (String text : List.of("space car", "god", "")) {
      assertArrayEquals(model.encode(text, List.of("car", "god space")), back.encode(text, List.of("car", "god space")));
    }
  }

  @Test
  void versionZeroFilesStillRead() throws IOException {
    HashModel model = randomModel(5);
    Path file = dir.resolve("v0.hashmodel");
    HashModelFormat.write(model, file, HashModelFormat.VERSION_START);
    HashModel back = HashModelFormat.read(file);
    assertEquals(0, back.neighbourWidth());
    assertArrayEquals(model.encode("space god"), back.encode("space god"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> HashModelFormat.write(HashModelTest.neighbourhoodModel(new float[8][4], new float[8]),
            dir.resolve("x.hashmodel"), HashModelFormat.VERSION_START));
    assertTrue(e.getMessage().contains("cannot hold a neighbourhood model"), e.getMessage());
  }

  @Test
  void truncatedFileIsReportedAsSuch() throws IOException {
    Path file = dir.resolve("m.hashmodel");
    HashModelFormat.write(randomModel(1), file);
    byte[] bytes = Files.readAllBytes(file);
    for (int keep : new int[] {0, 10, bytes.length / 2, bytes.length - 1}) {
      Files.write(file, Arrays.copyOf(bytes, keep));
      ModelFormatException e = assertThrows(ModelFormatException.class, () -> HashModelFormat.read(file));
      assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }
  }

  @Test
  void flippedByteFailsTheChecksum() throws IOException {
    Path file = dir.resolve("m.hashmodel");
    HashModelFormat.write(randomModel(2), file);
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x10;
    Files.write(file, bytes);
    ModelFormatException e = assertThrows(ModelFormatException.class, () -> HashModelFormat.read(file));
    assertTrue(e.getMessage().contains("corrupted"), e.getMessage());
  }

  @Test
  void foreignFilesAreNamed() throws IOException {
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "this is not a model, just some text that is long enough");
    ModelFormatException e = assertThrows(ModelFormatException.class, () -> HashModelFormat.read(text));
    assertTrue(e.getMessage().contains("is not a semhash model file"), e.getMessage());

    writeWithHeader("rerank.srm", "SemhashRerankModel", 0);
    e = assertThrows(ModelFormatException.class, () -> HashModelFormat.read(dir.resolve("rerank.srm")));
    assertTrue(e.getMessage().contains("is a 'SemhashRerankModel' file, not a hashing model"), e.getMessage());
  }

  @Test
  void newerVersionAsksForAnUpgrade() throws IOException {
    writeWithHeader("future.hashmodel", HashModelFormat.CODEC_NAME, HashModelFormat.VERSION_CURRENT + 1);
    ModelFormatException e =
        assertThrows(ModelFormatException.class, () -> HashModelFormat.read(dir.resolve("future.hashmodel")));
    assertTrue(e.getMessage().contains("upgrade semhash"), e.getMessage());
  }

  @Test
  void missingFileSaysHowToMakeOne() {
    NoSuchFileException e =
        assertThrows(NoSuchFileException.class, () -> HashModelFormat.read(dir.resolve("none.hashmodel")));
    assertTrue(e.getMessage().contains("./semhash train"), e.getMessage());
  }

  private void writeWithHeader(String name, String codec, int version) throws IOException {
    try (NIOFSDirectory d = new NIOFSDirectory(dir);
        IndexOutput out = d.createOutput(name, IOContext.DEFAULT)) {
      CodecUtil.writeHeader(out, codec, version);
      out.writeString("payload");
      CodecUtil.writeFooter(out);
    }
  }
}
