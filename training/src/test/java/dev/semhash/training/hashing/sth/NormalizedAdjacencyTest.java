package dev.semhash.training.hashing.sth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.neighbors.Neighbors;
import org.junit.jupiter.api.Test;

class NormalizedAdjacencyTest {

  @Test
  void pathOfThreeByHand() {
    // Path 0 - 1 - 2 with cosine weights 0.5 and 0.25: degrees 0.5, 0.75, 0.25;
    // S[0][1] = 0.5 / sqrt(0.5 * 0.75), S[1][2] = 0.25 / sqrt(0.75 * 0.25).
    Neighbors g =
        new Neighbors(
            new int[][] {{1}, {0, 2}, {1}}, new float[][] {{0.5f}, {0.5f, 0.25f}, {0.25f}});
    NormalizedAdjacency s = NormalizedAdjacency.of(g, EdgeWeighting.COSINE);
    assertEquals(0.75, s.degree(1), 1e-12);
    double s01 = 0.5 / Math.sqrt(0.5 * 0.75);
    double s12 = 0.25 / Math.sqrt(0.75 * 0.25);
    double[] y = new double[3];
    s.multiply(new double[] {1, 0, 0}, y);
    assertArrayEquals(new double[] {0, s01, 0}, y, 1e-12);
    s.multiply(new double[] {0, 0, 1}, y);
    assertArrayEquals(new double[] {0, s12, 0}, y, 1e-12);
    // Binary weights: degrees 1, 2, 1.
    NormalizedAdjacency b = NormalizedAdjacency.of(g, EdgeWeighting.BINARY);
    b.multiply(new double[] {1, 0, 0}, y);
    assertArrayEquals(new double[] {0, 1 / Math.sqrt(2), 0}, y, 1e-12);
    // Deflation removes D^1/2 1 (the eigenvalue-1 vector) and nothing else.
    double[] trivial = {Math.sqrt(0.5), Math.sqrt(0.75), Math.sqrt(0.25)};
    s.deflate(trivial);
    assertArrayEquals(new double[3], trivial, 1e-12);
    double[] other = {Math.sqrt(0.75), -Math.sqrt(0.5), 0};
    // (sqrt(.75), -sqrt(.5), 0) is orthogonal to (sqrt(.5), sqrt(.75), sqrt(.25)): unchanged.
    double[] copy = other.clone();
    s.deflate(other);
    assertArrayEquals(copy, other, 1e-12);
    assertEquals(1, s.components());
    assertEquals(1, s.deflatedDimension());
    // Unnormalising divides by sqrt(degree).
    assertArrayEquals(
        new double[] {1 / Math.sqrt(0.5), 0, 2 / Math.sqrt(0.25)},
        s.unnormalize(new double[] {1, 0, 2}),
        1e-12);
  }

  @Test
  void isolatedDocumentsAndZeroWeights() {
    // Node 3 has no edge; the edge 1 - 2 has cosine 0 and is dropped, which isolates node 2.
    Neighbors g =
        new Neighbors(
            new int[][] {{1}, {0, 2}, {1}, {}}, new float[][] {{0.9f}, {0.9f, 0f}, {0f}, {}});
    NormalizedAdjacency s = NormalizedAdjacency.of(g, EdgeWeighting.COSINE);
    assertEquals(2, s.isolatedCount());
    assertTrue(s.isolated(2));
    assertTrue(s.isolated(3));
    assertFalse(s.isolated(0));
    assertEquals(1, s.components());
    assertEquals(3, s.deflatedDimension());
    assertEquals(2, s.entries());
    double[] x = {1, 2, 3, 4};
    s.deflate(x);
    assertArrayEquals(new double[] {-0.5, 0.5, 0, 0}, x, 1e-12);
    assertArrayEquals(new double[] {0, 0, 0, 0}, s.unnormalize(new double[] {0, 0, 5, 5}), 0);
    // With binary weights the zero-score edge counts.
    assertEquals(1, NormalizedAdjacency.of(g, EdgeWeighting.BINARY).isolatedCount());
  }

  @Test
  void negativeWeightsAreRejected() {
    Neighbors g = new Neighbors(new int[][] {{1}, {0}}, new float[][] {{-0.5f}, {-0.5f}});
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> NormalizedAdjacency.of(g, EdgeWeighting.COSINE));
    assertTrue(e.getMessage().contains("negative weight"), e.getMessage());
    assertEquals(0, NormalizedAdjacency.of(g, EdgeWeighting.BINARY).isolatedCount());
  }
}
