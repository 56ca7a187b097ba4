package dev.semhash.training.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a {@link LearningCurve} as a PNG: the training loss (blue) and the held-out loss that
 * early stopping compares (red) per document by epoch on the left axis, the held-out KL term
 * (green, dashed) on the right axis, the held-out Prec@100 (purple, on a second right axis) when
 * early stopping compared it, a black vertical line at the epoch kept and an orange dashed one
 * where the KL weight reaches 1 (from there early stopping counts its patience), and a brown
 * dash-dotted one at the first epoch after which early stopping may end training, when the model
 * waited for a floor of training documents and ran that far. A value that is
 * not finite leaves a gap. Uses XChart and needs no display: the JVM is switched to headless mode
 * unless told otherwise.
 *
 * <pre class="prettyprint">
 * LearningCurveChart.write(LearningCurve.of(model.info()), "20 Newsgroups", Path.of("vdsh-32.png"));
 * </pre>
 */
public final class LearningCurveChart {
  /** Image size in pixels. */
  public static final int WIDTH = 1100;

  public static final int HEIGHT = 560;

  /** Colours of the series, for readers of the image (and its tests). */
  static final Color TRAIN = new Color(0x1f77b4);

  static final Color HELD_OUT = new Color(0xd62728);

  static final Color KL = new Color(0x2ca02c);

  static final Color KEPT = Color.BLACK;

  static final Color PRECISION = new Color(0x9467bd);

  static final Color KL_FULL = new Color(0xff7f0e);

  static final Color STOPPING_FLOOR = new Color(0x8c564b);

  static final Color QUERY_PRECISION = new Color(0x17becf);

  private LearningCurveChart() {}

  /**
   * Writes the chart of {@code curve} to {@code png}, creating its folder.
   *
   * @param dataset the dataset's name for the title, or {@code null}
   */
  public static void write(LearningCurve curve, String dataset, Path png) throws IOException {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true"); // a PNG needs no display
    }
    String title = String.format(Locale.ROOT, "%s%s, %d bits: loss by epoch (kept epoch %d of %d)",
        curve.method(), dataset == null ? "" : " on " + dataset, curve.bits(), curve.keptEpoch(), curve.epochs());
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("epoch").yAxisTitle("loss per document (nats)").build();
    chart.setYAxisGroupTitle(1, "held-out KL term per document (nats)");
    XYStyler s = chart.getStyler();
    s.setLegendPosition(Styler.LegendPosition.OutsideE); // beside the plot, never over a line
    s.setChartBackgroundColor(Color.WHITE);
    s.setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    s.setXAxisDecimalPattern("0");
    s.setXAxisMin(curve.epochs() == 1 ? 0.0 : 1.0);
    s.setXAxisMax((double) Math.max(curve.epochs(), 2));

    line(chart, "training loss\n(KL weighted)", curve.trainLosses(), 0, TRAIN, new BasicStroke(2f));
    line(chart, "held-out " + heldOutName(curve.criterion()), curve.validationLosses(), 0, HELD_OUT,
        new BasicStroke(2f));
    line(chart, "held-out KL term\n(right axis)", curve.validationKl(), 1, KL,
        new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 4f}, 0f));
    if (curve.validationPrecision().isEmpty() == false || curve.queryPrecision().isEmpty() == false) {
      chart.setYAxisGroupTitle(2, "Prec@100");
      s.setYAxisGroupPosition(2, Styler.YAxisPosition.Right);
    }
    if (curve.validationPrecision().isEmpty() == false) {
      String role = curve.criterion().equals("precision") ? "early\nstopping" : "reported\nonly";
      line(chart, "held-out Prec@100 (" + role + "; far right axis)", curve.validationPrecision(), 2, PRECISION,
          new BasicStroke(2f));
    }
    if (curve.queryPrecision().isEmpty() == false) {
      line(chart, "queries' Prec@100, scored\nevery epoch (far right axis)", curve.queryPrecision(), 2, QUERY_PRECISION,
          new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f));
    }

    double[] range = range(curve.trainLosses(), curve.validationLosses());
    if (range != null) {
      if (curve.klWeightFullEpoch() > 0) {
        vertical(chart, "KL weight 1 from epoch " + curve.klWeightFullEpoch(), curve.klWeightFullEpoch(),
            range, KL_FULL,
            new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 3f}, 0f));
      }
      // patience counts only from here, so a run whose KL weight never reaches 1 cannot stop early;
      // where the KL line already marks the epoch, a second line would only hide it
      int watch = curve.earlyStoppingWatchEpoch();
      if (watch > curve.klWeightFullEpoch() && watch <= curve.epochs()) {
        vertical(chart, "patience counts\nfrom epoch " + watch, watch, range, STOPPING_FLOOR,
            new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 3f, 2f, 3f}, 0f));
      }
      vertical(chart, "kept epoch " + curve.keptEpoch(), curve.keptEpoch(), range, KEPT, new BasicStroke(1.5f));
    }
    Path abs = png.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    String name = abs.toString();
    BitmapEncoder.saveBitmap(chart, name.endsWith(".png") ? name.substring(0, name.length() - 4) : name,
        BitmapEncoder.BitmapFormat.PNG);
  }

  private static String heldOutName(String criterion) {
    return switch (criterion) {
      case "reconstruction" -> "reconstruction loss\n(early stopping)";
      case "precision" -> "decoders' loss";
      default -> "loss (ELBO,\nearly stopping)";
    };
  }

  /** One value per epoch; epochs whose value is not finite are left out. */
  private static void line(XYChart chart, String name, List<Double> values, int axis, Color colour, BasicStroke stroke) {
    List<Integer> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    for (int e = 0; e < values.size(); e++) {
      if (Double.isFinite(values.get(e))) {
        x.add(e + 1);
        y.add(values.get(e));
      }
    }
    if (x.isEmpty()) {
      return; // XChart refuses an empty series; the legend then simply lacks it
    }
    XYSeries series = chart.addSeries(name, x, y);
    series.setYAxisGroup(axis);
    series.setLineColor(colour);
    series.setMarkerColor(colour);
    series.setMarker(x.size() <= 60 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    series.setLineStyle(stroke);
  }

  private static void vertical(XYChart chart, String name, int epoch, double[] range, Color colour, BasicStroke stroke) {
    XYSeries series = chart.addSeries(name, List.of(epoch, epoch), List.of(range[0], range[1]));
    series.setYAxisGroup(0);
    series.setLineColor(colour);
    series.setMarker(SeriesMarkers.NONE);
    series.setLineStyle(stroke);
  }

  /** The smallest and largest finite value of the lists, or null if there is none. */
  private static double[] range(List<Double> a, List<Double> b) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (List<Double> list : List.of(a, b)) {
      for (double v : list) {
        if (Double.isFinite(v)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    return lo > hi ? null : new double[] {lo, hi};
  }
}
