package dev.semhash.training.hashing.vdsh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BinarizationTest {
  /** Three documents, two bits, row-major: bit 0 takes 0, 1, 10; bit 1 takes -4, -2, 6. */
  private static final float[] OUTPUTS = {0, -4, 1, -2, 10, 6};

  @Test
  void eachThresholdBinarizationSetsItsOwnThresholdsComputedByHand() {
    assertArrayEquals(new float[] {1, -2}, Binarization.MEDIAN.thresholds(OUTPUTS, 3, 2));
    // 2-means: {0, 1} against {10} splits at 5.5; {-4, -2} against {6} at 2
    assertArrayEquals(new float[] {5.5f, 2}, Binarization.TWO_MEANS.thresholds(OUTPUTS, 3, 2));
    assertArrayEquals(new float[] {0, 0}, Binarization.SIGN.thresholds(OUTPUTS, 3, 2));
  }

  @Test
  void itqIsRefusedBecauseThresholdsAloneCannotRotate() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Binarization.ITQ.thresholds(OUTPUTS, 3, 2));
    assertTrue(e.getMessage().contains("ItqRotation"), e.getMessage());
  }
}
