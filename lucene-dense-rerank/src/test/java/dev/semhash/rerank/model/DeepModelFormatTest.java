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

/**
 * Format versions 2 (deep models, letter n-grams) and 3 (projections with columns for some terms
 * only), and compatibility with the older versions. Under a second.
 */
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

  /** {@link #randomDssm}'s model with a first layer for terms 1 and 4 only (DSE's shape). */
  static RerankModel someTermsDssm(Random random, boolean dense) {
    RerankModel m = randomDssm(random);
    Projection full = m.queryProjection();
    int[] ids = {1, 4};
    float[] columns = new float[ids.length * full.dimension()];
    float[] expanded = new float[full.terms() * full.dimension()];
    for (int c = 0; c < ids.length; c++) {
      for (int j = 0; j < full.dimension(); j++) {
        columns[c * full.dimension() + j] = full.weight(ids[c], j);
        expanded[ids[c] * full.dimension() + j] = full.weight(ids[c], j);
      }
    }
    Projection p = dense
        ? new Projection(full.terms(), full.dimension(), expanded)
        : Projection.ofTerms(full.terms(), full.dimension(), ids, columns);
    return new RerankModel(m.method(), m.info(), m.analysis(), m.dictionary(), p, p, m.similarity(), 0.5f, m.deepLayers());
  }

  @Test
  void someTermsProjectionRoundTripsAndEncodesAsItsDenseForm() throws IOException {
    RerankModel some = someTermsDssm(new Random(8), false);
    RerankModel dense = someTermsDssm(new Random(8), true);
    Path file = tmp.resolve("some.rerankmodel");
    RerankModelFormat.write(some, file);
    Path denseFile = tmp.resolve("dense.rerankmodel");
    RerankModelFormat.write(dense, denseFile);
    // 6 terms × 4 dimensions stored as 2 columns: 16 fewer floats, 3 bytes of layout and ids more
    assertEquals(Files.size(denseFile) - 16 * Float.BYTES + 3, Files.size(file));
    RerankModel back = RerankModelFormat.read(file);
    assertEquals(some.fingerprint(), back.fingerprint());
    assertNotEquals(dense.fingerprint(), some.fingerprint(), "the layouts are fingerprinted apart");
    assertEquals(0f, back.queryProjection().weight(0, 2));
    assertEquals(some.queryProjection().weight(4, 3), back.queryProjection().weight(4, 3));
    for (String text : List.of("cat dog", "dog", "a cat", "")) {
      assertArrayEquals(dense.encodeDocument(text).projected(), back.encodeDocument(text).projected(), text);
      assertEquals(dense.score(dense.encodeQuery("dog cat"), dense.encodeDocument(text)), back.score(back.encodeQuery("dog cat"), back.encodeDocument(text)));
    }
    // version 2 cannot hold it and says so; the same model with dense columns it can
    String m = assertThrows(IllegalArgumentException.class, () -> RerankModelFormat.write(some, file, RerankModelFormat.VERSION_DEEP)).getMessage();
    assertTrue(m.contains("some terms only"), m);
    RerankModelFormat.write(dense, file, RerankModelFormat.VERSION_DEEP);
    assertEquals(dense.fingerprint(), RerankModelFormat.read(file).fingerprint());
  }

  @Test
  void someTermsProjectionRejectsBadIds() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Projection.ofTerms(5, 1, new int[] {3, 2}, new float[2]));
    assertTrue(e.getMessage().contains("ascending"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Projection.ofTerms(5, 1, new int[] {5}, new float[1]));
    assertThrows(IllegalArgumentException.class, () -> Projection.ofTerms(5, 2, new int[] {1}, new float[1]));
    assertThrows(IllegalArgumentException.class, () -> Projection.ofTerms(5, 1, new int[] {1}, new float[] {Float.NaN}));
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
    for (int version : new int[] {RerankModelFormat.VERSION_START, RerankModelFormat.VERSION_TERM_MATRIX, RerankModelFormat.VERSION_DEEP}) {
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
