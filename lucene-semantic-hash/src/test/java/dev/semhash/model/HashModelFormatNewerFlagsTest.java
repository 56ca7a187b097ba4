package dev.semhash.model;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NIOFSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model file whose checksum is intact but whose content this build cannot read (here: an
 * analyzer flag from a newer writer, which the format documents as possible without a version
 * change) must fail with a ModelFormatException naming the file, as read() documents.
 */
class HashModelFormatNewerFlagsTest {
  @TempDir Path dir;

  @Test
  void unknownAnalyzerFlagIsAModelFormatException() throws IOException {
    HashModel model = HashModelFormatTest.randomModel(7);
    Path file = dir.resolve("m.hashmodel");
    HashModelFormat.write(model, file);
    byte[] bytes = Files.readAllBytes(file);

    ByteBuffersDataOutput prefix = new ByteBuffersDataOutput();
    prefix.writeString(model.method());
    Map<String, String> info = new TreeMap<>(model.info());
    prefix.writeVInt(info.size());
    for (Map.Entry<String, String> e : info.entrySet()) {
      prefix.writeString(e.getKey());
      prefix.writeString(e.getValue());
    }
    int flagsAt = CodecUtil.headerLength(HashModelFormat.CODEC_NAME) + (int) prefix.size();
    bytes[flagsAt] |= 16; // a flag a future version might add

    Path patched = dir.resolve("future-flags.hashmodel");
    try (NIOFSDirectory d = new NIOFSDirectory(dir);
        IndexOutput out = d.createOutput(patched.getFileName().toString(), IOContext.DEFAULT)) {
      out.writeBytes(bytes, 0, bytes.length - CodecUtil.footerLength());
      CodecUtil.writeFooter(out);
    }
    IOException e = assertThrows(IOException.class, () -> HashModelFormat.read(patched));
    assertTrue(e instanceof ModelFormatException, "not a ModelFormatException: " + e);
    assertTrue(e.getMessage().contains(patched.getFileName().toString()), e.getMessage());
  }
}
