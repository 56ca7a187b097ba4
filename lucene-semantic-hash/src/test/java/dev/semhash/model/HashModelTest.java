package dev.semhash.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HashModelTest {
  static final Vocabulary VOCABULARY =
      new Vocabulary(List.of("space", "car", "god"), new long[] {1, 1, 1}, 3, 2.0);

  /** An 8-bit linear model: bit j = [w_j . x + b_j > 0], weights chosen to read off by hand. */
  static HashModel linearModel() {
    float[][] columns = new float[3][8];
    for (int j = 0; j < 8; j++) {
      columns[0][j] = j < 4 ? 1 : -1; // "space" sets bits 0-3
      columns[1][j] = j % 2 == 0 ? 1 : -1; // "car" sets even bits
      columns[2][j] = j == 7 ? 5 : 0; // "god" pushes bit 7
    }
    float[] bias = new float[8];
    bias[6] = 0.5f; // bit 6 is set for the empty document
    return new HashModel(
        "test",
        Map.of("seed", "1"),
        AnalyzerSettings.DEFAULT,
        VOCABULARY,
        TermWeighting.TF,
        false,
        new SparseInputLayer(columns, bias, Activation.IDENTITY),
        List.of(),
        new float[8]);
  }

  @Test
  void encodesByHand() {
    try (HashModel model = linearModel()) {
      // "space": outputs (1,1,1,1,-1,-1,-0.5,-1) -> bits 0..3 -> 0b11110000
      assertArrayEquals(new long[] {0xF0L << 56}, model.encode("space"));
      // "space car": (2,0,2,0,0,-2,1.5,-2) -> bits 0, 2, 6 -> 0b10100010
      assertArrayEquals(new long[] {0xA2L << 56}, model.encode("space car"));
      // "god": (0,...,0,0.5,5) -> bits 6, 7 -> 0b00000011
      assertArrayEquals(new long[] {0x03L << 56}, model.encode("god"));
    }
  }

  @Test
  void textWithoutKnownTermsGetsTheBiasCode() {
    try (HashModel model = linearModel()) {
      assertArrayEquals(new long[] {0x02L << 56}, model.encode("nothing known here"));
      assertArrayEquals(new long[] {0x02L << 56}, model.encode(""));
    }
  }

  @Test
  void hiddenLayersApplyTheirActivation() {
    float[][] columns = {{1, -1}, {-1, 1}, {0, 0}};
    DenseLayer out =
        new DenseLayer(
            new float[][] {{1, 0}, {0, 1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}, {2, 0}, {0, 2}},
            new float[] {0, 0, -1.5f, 0, 0, 0, -1, 0},
            Activation.IDENTITY);
    try (HashModel model =
        new HashModel(
            "mlp",
            Map.of(),
            AnalyzerSettings.DEFAULT,
            VOCABULARY,
            TermWeighting.TF,
            false,
            new SparseInputLayer(columns, new float[2], Activation.RELU),
            List.of(out),
            new float[8])) {
      // "space": hidden relu(1, -1) = (1, 0); outputs (1, 0, -0.5, -1, 1, -1, 1, 0) -> bits 0, 4, 6
      assertArrayEquals(new long[] {0x8AL << 56}, model.encode("space"));
    }
  }

  @Test
  void rejectsInconsistentShapesAndNaN() {
    IllegalArgumentException bits =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new HashModel(
                    "x", Map.of(), AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.TF, false,
                    new SparseInputLayer(new float[3][7], new float[7], Activation.IDENTITY),
                    List.of(), new float[7]));
    assertTrue(bits.getMessage().contains("multiple of 8"), bits.getMessage());
    float[][] columns = new float[3][8];
    columns[1][2] = Float.NaN;
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> new SparseInputLayer(columns, new float[8], Activation.IDENTITY));
    assertTrue(nan.getMessage().contains("did training diverge"), nan.getMessage());
  }
}
