package dev.semhash.rerank.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.rerank.text.TermDictionary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.codecs.CodecUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Format version 1 (deep models, letter n-grams) and compatibility with version 0. Under a second. */
class DeepModelFormatTest {
  @TempDir Path tmp;

  /** A random three-layer tanh model over letter trigrams. */
  static RerankModel randomDssm(Random random) {
    List<String> grams = List.of("#ca", "cat", "at#", "#do", "dog", "og#");
    float[] idf = new float[grams.size()];
    Arrays.fill(idf, 1.5f);
    float[] first = new float[grams.size() * 4];
    for (int i = 0; i < first.length; i++) {
      first[i] = (float) random.nextGaussian();
    }
    float[] w2 = new float[4 * 3];
    for (int i = 0; i < w2.length; i++) {
      w2[i] = (float) random.nextGaussian();
    }
    Projection p = new Projection(grams.size(), 4, first);
    DeepLayers deep = new DeepLayers(new float[] {0.1f, -0.2f, 0.3f, 0f}, Activation.TANH,
        List.of(new DenseLayer(4, 3, w2, new float[] {0.5f, 0f, -0.5f}, Activation.TANH)));
    return new RerankModel("dssm", Map.of("seed", "1"), AnalysisSettings.LETTER_TRIGRAMS, new TermDictionary(grams, idf), p, p,
        RerankModel.Similarity.COSINE, 0f, deep);
  }

  @Test
  void deepModelsRoundTripBitForBit() throws IOException {
    for (RerankModel m : List.of(TinyModels.dse(), TinyModels.dssm(), randomDssm(new Random(5)))) {
      Path file = tmp.resolve(m.method() + ".rerankmodel");
      RerankModelFormat.write(m, file);
      RerankModel back = RerankModelFormat.read(file);
      assertEquals(m.fingerprint(), back.fingerprint());
      assertEquals(m.analysis(), back.analysis());
      assertEquals(m.dimension(), back.dimension());
      assertEquals(m.deepLayers().layers().size(), back.deepLayers().layers().size());
      for (String text : List.of("cat dog", "a cat", "banana apple", "")) {
        assertArrayEquals(m.encodeDocument(text).projected(), back.encodeDocument(text).projected());
        assertEquals(m.score(m.encodeQuery("dog cat"), m.encodeDocument(text)), back.score(back.encodeQuery("dog cat"), back.encodeDocument(text)));
      }
    }
  }

  @Test
  void weightsAndLayersChangeTheFingerprint() {
    RerankModel a = randomDssm(new Random(5));
    assertNotEquals(a.fingerprint(), randomDssm(new Random(6)).fingerprint());
    RerankModel linear = new RerankModel("dssm", a.info(), a.analysis(), a.dictionary(), a.queryProjection(), a.documentProjection(),
        a.similarity(), 0f);
    assertNotEquals(a.fingerprint(), linear.fingerprint(), "the same projection without the deep layers is another model");
    assertEquals(RerankModel.Kind.DEEP, a.kind());
    assertEquals(RerankModel.Kind.PROJECTIONS, linear.kind());
  }

  @Test
  void olderVersionsAreStillRead() throws IOException {
    Path file = tmp.resolve("old.rerankmodel");
    RerankModel ssi = TinyModels.ssi();
    for (int version : new int[] {RerankModelFormat.VERSION_START, RerankModelFormat.VERSION_TERM_MATRIX}) {
      RerankModelFormat.write(ssi, file, version);
      byte[] bytes = Files.readAllBytes(file);
      // the header's version: after the 4-byte magic and the codec name (1 length byte + name)
      assertEquals(version, CodecUtil.readBEInt(new org.apache.lucene.store.ByteArrayDataInput(bytes, 4 + 1 + RerankModelFormat.CODEC_NAME.length(), 4)));
      RerankModel back = RerankModelFormat.read(file);
      assertEquals(ssi.fingerprint(), back.fingerprint());
      assertNull(back.deepLayers());
    }
    // older versions cannot represent a deep model or letter n-grams: refused, not silently dropped
    String m = assertThrows(IllegalArgumentException.class, () -> RerankModelFormat.write(TinyModels.dse(), file, RerankModelFormat.VERSION_TERM_MATRIX)).getMessage();
    assertTrue(m.contains("cannot hold a deep model"), m);
    assertThrows(IllegalArgumentException.class, () -> RerankModelFormat.write(randomDssm(new Random(1)), file, RerankModelFormat.VERSION_TERM_MATRIX));
  }

  @Test
  void truncatedDeepModelFailsClearly() throws IOException {
    Path file = tmp.resolve("dssm.rerankmodel");
    RerankModelFormat.write(randomDssm(new Random(5)), file);
    byte[] bytes = Files.readAllBytes(file);
    for (int cut : new int[] {bytes.length - 1, bytes.length - CodecUtil.footerLength() - 20, bytes.length / 2, 30}) {
      Files.write(file, Arrays.copyOf(bytes, cut));
      String m = assertThrows(ModelFormatException.class, () -> RerankModelFormat.read(file)).getMessage();
      assertTrue(m.contains("truncated") || m.contains("corrupted"), m);
    }
  }

  @Test
  void corruptedLayerByteFailsClearly() throws IOException {
    Path file = tmp.resolve("dse.rerankmodel");
    RerankModelFormat.write(TinyModels.dse(), file);
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - CodecUtil.footerLength() - 6] ^= 0x40; // inside the last layer's parameters
    Files.write(file, bytes);
    String m = assertThrows(ModelFormatException.class, () -> RerankModelFormat.read(file)).getMessage();
    assertTrue(m.contains("corrupted"), m);
  }
}
