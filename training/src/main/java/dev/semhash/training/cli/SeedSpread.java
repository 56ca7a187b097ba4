package dev.semhash.training.cli;

import dev.semhash.training.eval.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How much a metric moves when only the seed changes: the mean, the sample standard deviation, the
 * minimum and the maximum of each metric over the runs of one code length trained with different
 * seeds. One seed's figure can sit a few hundredths from another's (node2hash on 20 Newsgroups at 32
 * bits: .4941 with seed 42, .5177 with seed 7), so a gap to a published number smaller than the
 * spread says nothing by itself.
 *
 * <pre class="prettyprint">
 * Map&lt;String, Object&gt; spread = SeedSpread.of(runsOfOneCodeLength, List.of("prec@100"));
 * // {"runs": 3, "seeds": [1, 2, 3], "prec@100": {"mean": ..., "sd": ..., "min": ..., "max": ...}}
 * </pre>
 */
final class SeedSpread {
  /** The metrics {@code eval-hash} summarises. */
  static final List<String> METRICS = List.of("prec@100", "ndcg@100", "prec@r2");

  private SeedSpread() {}

  /**
   * The spread of each metric over {@code runs}, which must be at least two and share a code
   * length; each run holds its {@code seed} and a number under every metric.
   */
  static Map<String, Object> of(List<Map<String, Object>> runs, List<String> metrics) {
    if (runs.size() < 2) {
      throw new IllegalArgumentException("a spread over seeds needs at least two runs, got " + runs.size());
    }
    Map<String, Object> spread = new LinkedHashMap<>();
    spread.put("bits", runs.get(0).get("bits"));
    spread.put("runs", runs.size());
    List<Object> seeds = new ArrayList<>();
    for (Map<String, Object> run : runs) {
      seeds.add(run.get("seed"));
    }
    spread.put("seeds", seeds);
    for (String metric : metrics) {
      double[] values = new double[runs.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = ((Number) runs.get(i).get(metric)).doubleValue();
      }
      spread.put(metric, statistics(values));
    }
    return spread;
  }

  /** Mean, sample standard deviation (n − 1), minimum and maximum, rounded as runs are. */
  static Map<String, Object> statistics(double[] values) {
    Spread spread = Spread.of(values);
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("mean", CommandSupport.round(spread.mean()));
    s.put("sd", CommandSupport.round(spread.sd()));
    s.put("min", CommandSupport.round(spread.min()));
    s.put("max", CommandSupport.round(spread.max()));
    return s;
  }

  /** One console line, such as {@code 32 bits over 3 seeds: prec@100 .4800 ± .0120 (.4663 to .4941)}. */
  @SuppressWarnings("unchecked")
  static String line(Map<String, Object> spread, String metric) {
    Map<String, Object> s = (Map<String, Object>) spread.get(metric);
    return String.format(
        Locale.ROOT,
        "%d bits over %d seeds: %s %.4f ± %.4f (%.4f to %.4f)",
        (Integer) spread.get("bits"),
        (Integer) spread.get("runs"),
        metric,
        (Double) s.get("mean"),
        (Double) s.get("sd"),
        (Double) s.get("min"),
        (Double) s.get("max"));
  }
}
