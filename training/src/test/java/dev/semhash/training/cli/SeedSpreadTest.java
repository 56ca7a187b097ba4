package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SeedSpreadTest {
  @Test
  void threeRunsByHand() {
    // .40, .44, .48: mean .44; squared deviations .0016 + 0 + .0016 over n - 1 = 2 give sd .04
    Map<String, Object> spread =
        SeedSpread.of(List.of(run(1, .40), run(2, .44), run(3, .48)), List.of("prec@100"));
    assertEquals(32, spread.get("bits"));
    assertEquals(3, spread.get("runs"));
    assertEquals(List.of(1L, 2L, 3L), spread.get("seeds"));
    assertEquals(Map.of("mean", .44, "sd", .04, "min", .40, "max", .48), spread.get("prec@100"));
    assertEquals("32 bits over 3 seeds: prec@100 0.4400 ± 0.0400 (0.4000 to 0.4800)", SeedSpread.line(spread, "prec@100"));
  }

  @Test
  void equalRunsHaveNoSpreadAndOneRunIsRefused() {
    Map<String, Object> spread = SeedSpread.of(List.of(run(1, .5), run(2, .5)), List.of("prec@100"));
    assertEquals(0.0, ((Map<?, ?>) spread.get("prec@100")).get("sd"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SeedSpread.of(List.of(run(1, .5)), List.of("prec@100")));
    assertEquals("a spread over seeds needs at least two runs, got 1", e.getMessage());
  }

  @Test
  void meanLiesBetweenMinAndMaxAndSdWithinItsBoundOfTheRange() {
    Random random = new Random(42);
    for (int trial = 0; trial < 200; trial++) {
      int n = 2 + random.nextInt(8);
      double[] values = new double[n];
      for (int i = 0; i < n; i++) {
        values[i] = random.nextDouble();
      }
      Map<String, Object> s = SeedSpread.statistics(values);
      double mean = (Double) s.get("mean");
      double sd = (Double) s.get("sd");
      double min = (Double) s.get("min");
      double max = (Double) s.get("max");
      assertTrue(min <= mean && mean <= max, s.toString());
      // the sample sd of n values never exceeds (max - min) * sqrt(n / (4 (n - 1))), at most 0.71 of the range
      assertTrue(sd <= (max - min) * Math.sqrt(n / (4.0 * (n - 1))) + 1e-6, s.toString());
    }
  }

  private static Map<String, Object> run(long seed, double precision) {
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("bits", 32);
    run.put("prec@100", precision);
    run.put("seed", seed);
    return run;
  }
}
