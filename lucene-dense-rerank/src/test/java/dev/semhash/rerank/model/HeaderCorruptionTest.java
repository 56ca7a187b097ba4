package dev.semhash.rerank.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.codecs.CodecUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged header is a damaged file: it must be reported as corrupted, not as another file or version. */
class HeaderCorruptionTest {
  @TempDir Path tmp;

  @Test
  void corruptedHeaderByteIsReportedAsCorruption() throws IOException {
    Path file = tmp.resolve("m.rerankmodel");
    RerankModelFormat.write(TinyModels.ssi(), file);
    byte[] bytes = Files.readAllBytes(file);
    int headerLength = CodecUtil.headerLength(RerankModelFormat.CODEC_NAME);
    List<String> wrong = new ArrayList<>();
    for (int at = 4; at < headerLength; at++) { // past the magic
      for (int bit = 0; bit < 8; bit++) {
        byte[] copy = bytes.clone();
        copy[at] ^= (byte) (1 << bit);
        Files.write(file, copy);
        try {
          RerankModelFormat.read(file);
          wrong.add("byte " + at + " bit " + bit + ": read");
        } catch (ModelFormatException e) {
          if (e.getMessage().contains("corrupted") == false && e.getMessage().contains("truncated") == false) {
            wrong.add("byte " + at + " bit " + bit + ": " + e.getMessage());
          }
        } catch (Throwable t) {
          wrong.add("byte " + at + " bit " + bit + ": " + t);
        }
      }
    }
    assertTrue(wrong.isEmpty(), wrong.size() + " of " + 8 * (headerLength - 4) + " single-bit header corruptions misreported, e.g.\n"
        + String.join("\n", wrong.subList(0, Math.min(8, wrong.size()))));
  }
}
