package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Mean, sample standard deviation and range, by hand. */
class SpreadTest {
  @Test
  void threeValuesByHand() {
    // mean 4; squared deviations 4, 0, 4; sample variance 8 / 2 = 4
    Spread s = Spread.of(new double[] {2, 6, 4});
    assertEquals(new Spread(3, 4, 2, 2, 6), s);
  }

  @Test
  void oneValueHasNoStandardDeviationAndNoneIsRefused() {
    Spread s = Spread.of(new double[] {0.25});
    assertEquals(0.25, s.mean(), 0);
    assertTrue(Double.isNaN(s.sd()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Spread.of(new double[0]));
    assertEquals("a spread needs at least one value, got none: pass the figure of at least one run", e.getMessage());
  }
}
