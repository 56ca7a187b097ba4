package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.model.Activation;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.SparseMatrix;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TrainableSparseLayerTest {

  private static SparseMatrix randomMatrix(int rows, int cols, SplittableRandom random) {
    List<SparseVector> vectors = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      TreeMap<Integer, Float> row = new TreeMap<>();
      int nnz = random.nextInt(cols / 2);
      for (int i = 0; i < nnz; i++) {
        row.put(random.nextInt(cols), (float) random.nextGaussian());
      }
      vectors.add(new SparseVector(
          row.keySet().stream().mapToInt(Integer::intValue).toArray(), toFloats(row.values())));
    }
    return SparseMatrix.ofRows(vectors, cols);
  }

  private static float[] toFloats(java.util.Collection<Float> values) {
    float[] f = new float[values.size()];
    int i = 0;
    for (float v : values) {
      f[i++] = v;
    }
    return f;
  }

  @Test
  void forwardIsBitIdenticalToTheExportedLayer() {
    SplittableRandom random = new SplittableRandom(7);
    SparseMatrix x = randomMatrix(40, 30, random);
    TrainableSparseLayer layer = new TrainableSparseLayer(30, 17, 0.01, 2, new SplittableRandom(3));
    // move the bias off zero so that the addition order matters
    for (int i = 0; i < 17; i++) {
      layer.bias()[i] = (float) random.nextGaussian();
    }
    SparseInputLayer exported = layer.export(Activation.IDENTITY);
    int[] rows = {5, 0, 39, 12, 12};
    float[] out = new float[rows.length * 17];
    layer.forward(x, rows, out);
    for (int r = 0; r < rows.length; r++) {
      float[] expected = exported.apply(x.row(rows[r]));
      for (int o = 0; o < 17; o++) {
        assertEquals(Float.floatToIntBits(expected[o]), Float.floatToIntBits(out[r * 17 + o]), "row " + r + " output " + o);
      }
    }
  }

  @Test
  void gradientIsInputTransposeTimesOutputGradient() {
    SplittableRandom random = new SplittableRandom(11);
    SparseMatrix x = randomMatrix(6, 8, random);
    int h = 5;
    TrainableSparseLayer layer = new TrainableSparseLayer(8, h, 0.001, 2, new SplittableRandom(3));
    float[] before = layer.weights().clone();
    float[] biasBefore = layer.bias().clone();
    int[] rows = {1, 4, 2};
    float[] gradOut = new float[rows.length * h];
    for (int i = 0; i < gradOut.length; i++) {
      gradOut[i] = (float) random.nextGaussian();
    }
    layer.backward(x, rows, gradOut);
    layer.step();
    // Adam's first step moves every parameter with a non-zero gradient by almost exactly the
    // learning rate against the gradient's sign, and leaves the others in place.
    double[] expected = new double[8 * h];
    for (int r = 0; r < rows.length; r++) {
      for (int i = x.rowStart(rows[r]); i < x.rowEnd(rows[r]); i++) {
        for (int o = 0; o < h; o++) {
          expected[x.columns()[i] * h + o] += x.values()[i] * gradOut[r * h + o];
        }
      }
    }
    for (int i = 0; i < expected.length; i++) {
      double moved = layer.weights()[i] - before[i];
      double want = expected[i] == 0 ? 0 : -0.001 * Math.signum(expected[i]);
      assertEquals(want, moved, 2e-6, "weight " + i);
    }
    for (int o = 0; o < h; o++) {
      double g = 0;
      for (int r = 0; r < rows.length; r++) {
        g += gradOut[r * h + o];
      }
      assertEquals(-0.001 * Math.signum(g), layer.bias()[o] - biasBefore[o], 2e-6, "bias " + o);
    }
    // the gradient was cleared: a step without new gradient only decays the moments
    float[] afterFirst = layer.weights().clone();
    layer.step();
    for (int i = 0; i < expected.length; i++) {
      if (expected[i] == 0) {
        assertEquals(afterFirst[i], layer.weights()[i], 0f);
      }
    }
  }

  @Test
  void snapshotAndRestore() {
    SparseMatrix x = randomMatrix(4, 6, new SplittableRandom(1));
    TrainableSparseLayer layer = new TrainableSparseLayer(6, 3, 0.1, 1, new SplittableRandom(3));
    float[][] snap = layer.snapshot();
    layer.backward(x, new int[] {0, 1, 2, 3}, new float[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    layer.step();
    layer.restore(snap);
    assertArrayEquals(snap[0], layer.weights());
    assertArrayEquals(snap[1], layer.bias());
  }
}
