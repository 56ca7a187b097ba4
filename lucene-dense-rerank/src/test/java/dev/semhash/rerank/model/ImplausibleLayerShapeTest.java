package dev.semhash.rerank.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.ByteArrayDataOutput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A checksummed file whose layer claims an impossible shape fails as a model-format error. */
class ImplausibleLayerShapeTest {
  @TempDir Path tmp;

  @Test
  void hugeLayerIsAFormatError() throws IOException {
    Path file = tmp.resolve("dse.rerankmodel");
    RerankModelFormat.write(TinyModels.dse(), file);
    byte[] bytes = Files.readAllBytes(file);
    int end = bytes.length - CodecUtil.footerLength();
    // the body ends with the last layer: VInt 2 inputs, VInt 1 output, Byte activation, 2 + 1 Floats
    int layer = end - 3 * Float.BYTES - 3;
    assertArrayEquals(new byte[] {2, 1, 0}, Arrays.copyOfRange(bytes, layer, layer + 3));
    for (int[] shape : new int[][] {{1 << 16, 1 << 15}, {1 << 16, (1 << 15) - 1}, {3, 1}}) {
      byte[] vints = new byte[16];
      ByteArrayDataOutput shapeOut = new ByteArrayDataOutput(vints);
      shapeOut.writeVInt(shape[0]);
      shapeOut.writeVInt(shape[1]);
      Files.delete(file);
      try (Directory dir = new NIOFSDirectory(tmp); IndexOutput out = dir.createOutput(file.getFileName().toString(), IOContext.DEFAULT)) {
        out.writeBytes(bytes, 0, layer);
        out.writeBytes(vints, 0, shapeOut.getPosition());
        out.writeBytes(bytes, layer + 2, end - layer - 2);
        CodecUtil.writeFooter(out);
      }
      assertThrows(ModelFormatException.class, () -> RerankModelFormat.read(file), shape[0] + " × " + shape[1]);
    }
  }
}
