package dev.semhash.training.reproduce;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws Prec@100 against code length for one dataset, like the thesis's figures: per method our
 * results as a solid line with dots and the thesis's as a dashed line of the same colour, and our
 * ITQ codes of the method ({@code METHOD+itq}) as a dotted line with squares in that colour again;
 * a code length not run leaves a gap; the rankings without codes of {@code eval-references}, when
 * given, are grey horizontal lines; cells run again with other seeds ({@link
 * ReproductionReport#replicatePrec100}) are diamonds (median codes) or triangles (ITQ) in the method's
 * colour, off the legend, so a line's distance to the thesis reads against the seed's spread. Code lengths are equally spaced categories (8, 16, ..., 128: a
 * logarithmic axis). Uses XChart and needs no display: the JVM is switched to headless mode unless
 * told otherwise.
 *
 * <pre class="prettyprint">
 * Prec100Chart.write(report.rows("reuters"), "Reuters", Path.of("prec100-reuters.png"));
 * </pre>
 */
public final class Prec100Chart {
  /** Image size in pixels. */
  public static final int WIDTH = 900;

  public static final int HEIGHT = 600;

  private static final Color[] PALETTE = {
    new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd),
    new Color(0xff7f0e), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
    new Color(0x7f7f7f), new Color(0xbcbd22)
  };

  private static final Color REFERENCE_GREY = new Color(0x606060);

  private Prec100Chart() {}

  /**
   * Writes the plot of {@code rows} (one dataset's, see {@link ReproductionReport#rows}) as PNG.
   */
  public static void write(List<ReproductionReport.Row> rows, String title, Path png)
      throws IOException {
    write(rows, null, title, png);
  }

  /**
   * As {@link #write(List, String, Path)}, with the dataset's reference rankings as horizontal grey
   * lines: the ceiling (solid), the label posterior (dashed) and the input vectors' cosine (dotted).
   *
   * @param references the dataset's reference rankings, or {@code null} for none
   */
  public static void write(
      List<ReproductionReport.Row> rows, ReferenceResult references, String title, Path png)
      throws IOException {
    write(rows, references, Map.of(), title, png);
  }

  /**
   * As {@link #write(List, ReferenceResult, String, Path)}, with the Prec@100 of cells run again with
   * other seeds as unconnected marks beside the lines.
   *
   * @param replicates by method key, then code length: the other seeds' Prec@100
   */
  public static void write(
      List<ReproductionReport.Row> rows,
      ReferenceResult references,
      Map<String, Map<Integer, List<Double>>> replicates,
      String title,
      Path png)
      throws IOException {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true"); // a PNG needs no display
    }
    // Code lengths as categories: equally spaced like the thesis's figures (a logarithmic axis).
    TreeSet<Integer> bitSet = new TreeSet<>(ReproductionReport.STANDARD_BITS);
    rows.forEach(
        r -> {
          bitSet.addAll(r.ours().keySet());
          bitSet.addAll(r.thesis().keySet());
        });
    List<Integer> bits = List.copyOf(bitSet);
    List<String> categories = bits.stream().map(String::valueOf).toList();
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            // the legend shows each series' line; a longer title is cut off at the image's edge
            .title(title + ": Prec@100 against code length"
                + (replicates.isEmpty() ? "" : " (diamonds, triangles: other seeds)"))
            .xAxisTitle("bits")
            .yAxisTitle("Prec@100")
            .build();
    CategoryStyler s = chart.getStyler();
    s.setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
    s.setOverlapped(true); // every series at the category's centre, not side by side
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setYAxisMin(0.0);
    s.setYAxisDecimalPattern("0.0#");
    s.setChartBackgroundColor(Color.WHITE);
    Map<String, Color> colours = new HashMap<>();
    boolean any = false;
    for (ReproductionReport.Row r : rows) {
      String base = CellStore.baseMethod(r.method());
      boolean variant = base.equals(r.method()) == false;
      Color c = colours.computeIfAbsent(base, m -> PALETTE[colours.size() % PALETTE.length]);
      if (variant && r.ours().isEmpty() == false) {
        List<Double> y =
            bits.stream()
                .map(b -> r.ours().containsKey(b) ? r.ours().get(b).prec100() : null)
                .toList();
        CategorySeries itq = chart.addSeries(r.method(), categories, y);
        itq.setLineColor(c);
        itq.setMarkerColor(c);
        itq.setMarker(SeriesMarkers.SQUARE);
        itq.setLineStyle(
            new BasicStroke(
                2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f));
        any = true;
        continue; // its thesis number is its method's, drawn with the method
      }
      if (r.ours().isEmpty() == false) {
        List<Double> y =
            bits.stream()
                .map(b -> r.ours().containsKey(b) ? r.ours().get(b).prec100() : null)
                .toList();
        CategorySeries ours = chart.addSeries(r.method(), categories, y);
        ours.setLineColor(c);
        ours.setMarkerColor(c);
        ours.setMarker(SeriesMarkers.CIRCLE);
        ours.setLineStyle(new BasicStroke(2.5f));
        any = true;
      }
      if (r.thesis().isEmpty() == false) {
        List<Double> y = bits.stream().map(b -> r.thesis().get(b)).toList();
        CategorySeries t = chart.addSeries(r.method() + " (thesis)", categories, y);
        t.setLineColor(c);
        t.setMarkerColor(c);
        t.setMarker(SeriesMarkers.NONE);
        t.setLineStyle(
            new BasicStroke(
                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f));
        any = true;
      }
    }
    for (ReproductionReport.Row r : rows) {
      Map<Integer, List<Double>> seeds = replicates.getOrDefault(r.method(), Map.of());
      int most = seeds.values().stream().mapToInt(List::size).max().orElse(0);
      boolean variant = CellStore.baseMethod(r.method()).equals(r.method()) == false;
      for (int k = 0; k < most; k++) {
        int index = k;
        List<Double> y = bits.stream()
            .map(b -> seeds.containsKey(b) && seeds.get(b).size() > index ? seeds.get(b).get(index) : null)
            .toList();
        CategorySeries other = chart.addSeries(r.method() + " (seed replicate " + (k + 1) + ")", categories, y);
        other.setMarkerColor(colours.get(CellStore.baseMethod(r.method()))); // every row took one above
        other.setMarker(variant ? SeriesMarkers.TRIANGLE_UP : SeriesMarkers.DIAMOND);
        other.setLineStyle(SeriesLines.NONE);
        other.setShowInLegend(false);
        any = true;
      }
    }
    if (references != null) {
      reference(chart, categories, "ceiling (perfect ranking)", references.ceiling(), new float[] {});
      reference(chart, categories, "label posterior (linear classifier)", references.posteriorPrec100(), new float[] {7f, 5f});
      reference(chart, categories, "cosine of the input vectors (exhaustive)", references.cosinePrec100(), new float[] {2f, 3f});
      any = true;
    }
    if (any == false) {
      // XChart cannot draw a chart without series; an invisible point keeps the axes.
      List<Double> y =
          new ArrayList<>(java.util.Collections.nCopies(categories.size(), (Double) null));
      y.set(0, 0.0);
      CategorySeries empty = chart.addSeries("no results yet", categories, y);
      empty.setMarker(SeriesMarkers.NONE);
      empty.setLineColor(Color.WHITE);
    }
    Path abs = png.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    String base =
        abs.toString().endsWith(".png")
            ? abs.toString().substring(0, abs.toString().length() - 4)
            : abs.toString();
    BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
  }

  private static void reference(
      CategoryChart chart, List<String> categories, String name, double value, float[] dashes) {
    CategorySeries line =
        chart.addSeries(name, categories, java.util.Collections.nCopies(categories.size(), value));
    line.setLineColor(REFERENCE_GREY);
    line.setMarker(SeriesMarkers.NONE);
    line.setLineStyle(
        dashes.length == 0
            ? new BasicStroke(1.5f)
            : new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dashes, 0f));
  }
}
