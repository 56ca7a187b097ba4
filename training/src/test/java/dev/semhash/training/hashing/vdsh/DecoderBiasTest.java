package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Where the decoders' biases start, computed by hand, and how the trainer puts them in the graph. */
class DecoderBiasTest {
  // 3 documents over 3 targets: (2, 0, 1), (0, 5, 0), (1, 0, 0)
  private static final SparseMatrix TARGETS =
      SparseMatrix.ofRows(
          List.of(
              new SparseVector(new int[] {0, 2}, new float[] {2, 1}),
              new SparseVector(new int[] {1}, new float[] {5}),
              new SparseVector(new int[] {0}, new float[] {1})),
          3);

  @Test
  void logFrequencyIsTheSmoothedLogShareOverTheTrainedRowsOnly() {
    // rows 0 and 2: counts (3, 0, 1), 4 in all, plus one per target: (4, 1, 2) / 7; row 1 (held
    // out) is never read, or target 1 would not be the rarest
    float[] start = DecoderBias.LOG_FREQUENCY.start(TARGETS, new int[] {0, 2});
    assertArrayEquals(
        new float[] {(float) Math.log(4.0 / 7), (float) Math.log(1.0 / 7), (float) Math.log(2.0 / 7)}, start, 1e-7f);
    // a softmax over the start is the smoothed distribution itself
    double sum = 0;
    for (float b : start) {
      sum += Math.exp(b);
    }
    assertEquals(1, sum, 1e-6);
  }

  @Test
  void zeroStartsEveryTargetEquallyLikely() {
    assertArrayEquals(new float[3], DecoderBias.ZERO.start(TARGETS, new int[] {0, 1, 2}));
  }

  @Test
  void namesAsTheCommandLineSpellsThem() {
    assertEquals("log-frequency", DecoderBias.LOG_FREQUENCY.cliName());
    for (DecoderBias b : DecoderBias.values()) {
      assertEquals(b, DecoderBias.parse(b.cliName().toUpperCase(java.util.Locale.ROOT)));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DecoderBias.parse("uniform"));
    assertEquals("'uniform' is not a decoder bias start; choose zero or log-frequency", e.getMessage());
  }

  @Test
  void theTrainerStartsTheWordDecoderAndEveryAuxiliaryDecoder() {
    BagDecoder neighbours = new BagDecoder("nbr", TARGETS, 1);
    int[] trained = {0, 2};
    VdshGraph g = graph(neighbours);
    VdshTrainer.startDecoderBiases(g, DecoderBias.LOG_FREQUENCY, TARGETS, List.of(neighbours), trained);
    float[] expected = DecoderBias.LOG_FREQUENCY.start(TARGETS, trained);
    assertArrayEquals(expected, g.snapshot().get("bdec").toFloatVector());
    assertArrayEquals(expected, g.snapshot().get("c0").toFloatVector());

    VdshGraph zero = graph(neighbours);
    VdshTrainer.startDecoderBiases(zero, DecoderBias.ZERO, TARGETS, List.of(neighbours), trained);
    assertArrayEquals(new float[3], zero.snapshot().get("bdec").toFloatVector());
    assertArrayEquals(new float[3], zero.snapshot().get("c0").toFloatVector());
    // the biases are not drawn, so the start leaves every drawn weight as the seed made it
    assertEquals(zero.snapshot().get("G"), g.snapshot().get("G"));
    assertEquals(zero.snapshot().get("B0"), g.snapshot().get("B0"));
  }

  @Test
  void theGraphRefusesABiasOfTheWrongWidth() {
    VdshGraph g = graph(new BagDecoder("nbr", TARGETS, 1));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> g.startDecoderBiases(new float[3], List.of(new float[2])));
    assertEquals("decoder 'nbr' has 3 targets, got a bias of 2", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> g.startDecoderBiases(new float[4], List.of(new float[3])));
    assertEquals(
        "decoder biases for 4 words and 1 auxiliary decoders, but the graph has 3 words and 1 auxiliary decoders",
        e.getMessage());
  }

  /** Hidden 2, latent 2, vocabulary 3, one auxiliary decoder. */
  private static VdshGraph graph(BagDecoder decoder) {
    return new VdshGraph(VdshVariant.VDSH, 2, 2, 3, 1, VdshGraph.LabelModel.SOFTMAX, 0.001, 1.0,
        List.of(decoder), false, new SplittableRandom(1));
  }
}
