package dev.semhash.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.SparseVector;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import java.util.List;
import java.util.Map;
import java.util.Random;
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

  /**
   * A neighbourhood model over the test vocabulary: the input layer writes the document's part
   * (values 0-1) and its part as a neighbour (2-3), a ReLU identity layer keeps them, and the last
   * layer reads both, the last two values pooled over the neighbours.
   */
  static HashModel neighbourhoodModel(float[][] lastRows, float[] lastBias) {
    float[][] columns = {{1, 0, 1, 0}, {0, 1, 0, 1}, {0, 0, 0, 2}}; // space, car, god
    float[][] identity = new float[4][4];
    for (int i = 0; i < 4; i++) {
      identity[i][i] = 1;
    }
    return new HashModel(
        "nbrreg-doc", Map.of(), AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.TF, false,
        new SparseInputLayer(columns, new float[4], Activation.IDENTITY),
        List.of(new DenseLayer(identity, new float[4], Activation.RELU),
            new DenseLayer(lastRows, lastBias, Activation.IDENTITY)),
        new float[8], 2);
  }

  @Test
  void neighbourhoodIsMeanPooledByHand() {
    float[][] rows = {
      {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1},
      {0, 0, 0, 1}, {0, 0, 0, 1}, {1, 0, 0, -1}, {1, 0, 1, 0}
    };
    float[] bias = {0, 0, 0, 0, -1, -2, 0, -0.5f};
    try (HashModel model = neighbourhoodModel(rows, bias)) {
      assertTrue(model.readsNeighbourhood());
      // "space" with neighbours "car" (0,1,0,1) and "god" (0,0,0,2): z = (1, 0, 0, 1.5),
      // outputs (1, 0, 0, 1.5, 0.5, -0.5, -0.5, 0.5) -> bits 0, 3, 4, 7 -> 0b10011001
      assertArrayEquals(new long[] {0x99L << 56}, model.encode("space", List.of("car", "god")));
      // the document as its own neighbour: z = (1, 0, 1, 0),
      // outputs (1, 0, 1, 0, -1, -2, 1, 1.5) -> bits 0, 2, 6, 7 -> 0b10100011
      assertArrayEquals(new long[] {0xA3L << 56}, model.encode("space", List.of("space")));
      // no neighbour: the document is its own
      assertArrayEquals(new long[] {0xA3L << 56}, model.encode("space", List.of()));
      assertArrayEquals(new float[] {1, 0, 1, 0}, model.hidden(model.vectorizer().vectorize("space")));
    }
  }

  @Test
  void ownNeighbourhoodGivesTheBlockDiagonalNetworksOutputOverRandomInputs() {
    Random random = new Random(7);
    for (int trial = 0; trial < 50; trial++) {
      float[][] columns = gaussian(random, 3, 6);
      float[][] block = new float[6][6];
      for (int o = 0; o < 6; o++) {
        for (int i = 0; i < 3; i++) {
          block[o][o < 3 ? i : 3 + i] = (float) random.nextGaussian(); // [W2 0; 0 W2nn]
        }
      }
      float[][] last = gaussian(random, 16, 6);
      SparseInputLayer input = new SparseInputLayer(columns, new float[6], Activation.RELU);
      List<DenseLayer> layers = List.of(new DenseLayer(block, new float[6], Activation.RELU),
          new DenseLayer(last, new float[16], Activation.IDENTITY));
      try (HashModel alone = new HashModel("m", Map.of(), AnalyzerSettings.DEFAULT, VOCABULARY,
              TermWeighting.TF, false, input, layers, new float[16]);
          HashModel withNeighbours = new HashModel("m", Map.of(), AnalyzerSettings.DEFAULT, VOCABULARY,
              TermWeighting.TF, false, input, layers, new float[16], 3)) {
        SparseVector x = new SparseVector(new int[] {0, 2}, new float[] {random.nextFloat(), random.nextFloat()});
        assertArrayEquals(alone.project(x), withNeighbours.project(x, List.of(x)));
        SparseVector y = new SparseVector(new int[] {1}, new float[] {random.nextFloat() * 3});
        assertArrayEquals(
            withNeighbours.project(x, List.of(x, y)),
            withNeighbours.pool(withNeighbours.hidden(x), List.of(withNeighbours.hidden(x), withNeighbours.hidden(y))));
      }
    }
  }

  private static float[][] gaussian(Random random, int rows, int cols) {
    float[][] m = new float[rows][cols];
    for (float[] r : m) {
      for (int i = 0; i < cols; i++) {
        r[i] = (float) random.nextGaussian();
      }
    }
    return m;
  }

  @Test
  void neighbourhoodMisuseIsExplained() {
    try (HashModel model = neighbourhoodModel(new float[8][4], new float[8]);
        HashModel plain = linearModel()) {
      IllegalStateException alone = assertThrows(IllegalStateException.class, () -> model.encode("space"));
      assertTrue(alone.getMessage().contains("encode(text, neighbourTexts)"), alone.getMessage());
      assertTrue(alone.getMessage().contains("give no neighbour"), alone.getMessage());
      IllegalArgumentException width =
          assertThrows(IllegalArgumentException.class, () -> model.pool(new float[3], List.of(new float[4])));
      assertTrue(width.getMessage().contains("have 3 entries but the last layer reads 4"), width.getMessage());
      IllegalStateException notPooled =
          assertThrows(IllegalStateException.class, () -> plain.encode("space", List.of("car")));
      assertTrue(notPooled.getMessage().contains("reads the document alone"), notPooled.getMessage());
    }
    SparseInputLayer input = new SparseInputLayer(new float[3][8], new float[8], Activation.IDENTITY);
    IllegalArgumentException noLayer =
        assertThrows(IllegalArgumentException.class, () -> new HashModel("x", Map.of(), AnalyzerSettings.DEFAULT,
            VOCABULARY, TermWeighting.TF, false, input, List.of(), new float[8], 4));
    assertTrue(noLayer.getMessage().contains("it has no dense layer"), noLayer.getMessage());
    DenseLayer last = new DenseLayer(new float[8][8], new float[8], Activation.IDENTITY);
    IllegalArgumentException wide =
        assertThrows(IllegalArgumentException.class, () -> new HashModel("x", Map.of(), AnalyzerSettings.DEFAULT,
            VOCABULARY, TermWeighting.TF, false, input, List.of(last), new float[8], 8));
    assertTrue(wide.getMessage().contains("has only 8 inputs"), wide.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new HashModel("x", Map.of(), AnalyzerSettings.DEFAULT,
        VOCABULARY, TermWeighting.TF, false, input, List.of(last), new float[8], -1));
  }
}
