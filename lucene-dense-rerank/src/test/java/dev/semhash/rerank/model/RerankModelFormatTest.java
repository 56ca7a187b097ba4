package dev.semhash.rerank.model;

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
import java.util.Random;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RerankModelFormatTest {
  @TempDir Path tmp;

  @Test
  void roundTripKeepsEveryScore() throws IOException {
    for (RerankModel m : List.of(TinyModels.ssi(), TinyModels.s2net(), TinyModels.ssiSymmetric(),
        TinyModels.diagonal(), TinyModels.sparse(), TinyModels.full(),
        TinyModels.random(new Random(3), List.of("x", "y", "z", "w"), 5, 0.25f))) {
      Path file = tmp.resolve(m.method() + ".rerankmodel");
      RerankModelFormat.write(m, file);
      RerankModel back = RerankModelFormat.read(file);
      assertEquals(m.fingerprint(), back.fingerprint());
      assertEquals(m.method(), back.method());
      assertEquals(m.info(), back.info());
      assertEquals(m.analysis(), back.analysis());
      assertEquals(m.dictionary(), back.dictionary());
      assertEquals(m.sharedProjection(), back.sharedProjection());
      assertEquals(m.kind(), back.kind());
      assertEquals(m.termMatrix(), back.termMatrix());
      for (String text : List.of("apple cherry", "banana", "x y y z", "w")) {
        assertEquals(m.score(m.encodeQuery("apple x"), m.encodeDocument(text)),
            back.score(back.encodeQuery("apple x"), back.encodeDocument(text)));
        assertArrayEquals(m.encodeDocument(text).projected(), back.encodeDocument(text).projected());
      }
    }
  }

  @Test
  void failedWriteLeavesNoTempFile() throws IOException {
    Path folder = tmp.resolve("taken");
    Files.createDirectories(folder.resolve("inside")); // a non-empty folder cannot be renamed over
    assertThrows(IOException.class, () -> RerankModelFormat.write(TinyModels.ssi(), folder));
    assertTrue(Arrays.stream(tmp.toFile().list()).noneMatch(n -> n.contains(".tmp")),
        "temp file left behind: " + Arrays.toString(tmp.toFile().list()));
    assertTrue(Files.isDirectory(folder.resolve("inside")), "the folder in the way was touched");
  }

  @Test
  void versionZeroFilesAreStillRead() throws IOException {
    for (RerankModel m : List.of(TinyModels.ssi(), TinyModels.s2net())) {
      Path file = tmp.resolve("v0-" + m.method() + ".rerankmodel");
      RerankModelFormat.write(m, file, RerankModelFormat.VERSION_START);
      RerankModel back = RerankModelFormat.read(file);
      assertEquals(m.fingerprint(), back.fingerprint());
      assertEquals(RerankModel.Kind.PROJECTIONS, back.kind());
    }
    assertThrows(IllegalArgumentException.class,
        () -> RerankModelFormat.write(TinyModels.diagonal(), tmp.resolve("x"), RerankModelFormat.VERSION_START));
  }

  private Path written() throws IOException {
    Path file = tmp.resolve("m.rerankmodel");
    RerankModelFormat.write(TinyModels.ssi(), file);
    return file;
  }

  private String failure(Path file) {
    return assertThrows(ModelFormatException.class, () -> RerankModelFormat.read(file)).getMessage();
  }

  @Test
  void hashingModelIsNamed() throws IOException {
    // the header a hashing model file starts with, then a body and a valid footer
    Path file = tmp.resolve("lsh.hashmodel");
    try (Directory dir = new NIOFSDirectory(tmp); IndexOutput out = dir.createOutput("lsh.hashmodel", IOContext.DEFAULT)) {
      CodecUtil.writeHeader(out, "SemhashHashModel", 0);
      out.writeString("lsh");
      out.writeVInt(0);
      CodecUtil.writeFooter(out);
    }
    String message = failure(file);
    assertTrue(message.contains("is a hashing model ('SemhashHashModel'), not a rerank model"), message);
  }

  @Test
  void otherCodecIsNamed() throws IOException {
    Path file = tmp.resolve("other");
    try (Directory dir = new NIOFSDirectory(tmp); IndexOutput out = dir.createOutput("other", IOContext.DEFAULT)) {
      CodecUtil.writeHeader(out, "Lucene90DocValuesData", 0);
      out.writeLong(0);
      CodecUtil.writeFooter(out);
    }
    String message = failure(file);
    assertTrue(message.contains("is a 'Lucene90DocValuesData' file, not a rerank model"), message);
  }

  @Test
  void truncatedFileFails() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    for (int length : new int[] {0, 10, 30, bytes.length / 2, bytes.length - 1}) {
      Files.write(file, Arrays.copyOf(bytes, length));
      String message = failure(file);
      assertTrue(message.contains("truncated") || message.contains("too short"), length + ": " + message);
    }
  }

  @Test
  void corruptedByteFails() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    Random random = new Random(11);
    for (int trial = 0; trial < 20; trial++) {
      byte[] copy = bytes.clone();
      int at = 30 + random.nextInt(copy.length - 30 - CodecUtil.footerLength());
      copy[at] ^= (byte) (1 + random.nextInt(255));
      Files.write(file, copy);
      String message = failure(file);
      assertTrue(message.contains("corrupted"), message);
    }
  }

  @Test
  void notAModelFails() throws IOException {
    Path file = tmp.resolve("text.txt");
    Files.writeString(file, "this is a plain text file, certainly not a model file at all");
    assertTrue(failure(file).contains("not a semhash model file"));
    assertThrows(NoSuchFileException.class, () -> RerankModelFormat.read(tmp.resolve("absent")));
  }

  @Test
  void newerVersionFails() throws IOException {
    Path file = tmp.resolve("future");
    try (Directory dir = new NIOFSDirectory(tmp); IndexOutput out = dir.createOutput("future", IOContext.DEFAULT)) {
      CodecUtil.writeHeader(out, RerankModelFormat.CODEC_NAME, RerankModelFormat.VERSION_CURRENT + 1);
      out.writeLong(0);
      CodecUtil.writeFooter(out);
    }
    String message = failure(file);
    assertTrue(message.contains("format version " + (RerankModelFormat.VERSION_CURRENT + 1)) && message.contains("upgrade"), message);
  }
}
