package dev.semhash.training.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.report.ImagePixels;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plot is a PNG of the documented size with the series drawn. Runs in about 2 s. */
class Prec100ChartTest {
  @TempDir Path tmp;

  @Test
  void writesAPngOfTheExpectedSizeWithOursAndTheThesisInTheMethodsColour() throws Exception {
    List<CellResult> cells =
        List.of(
            ReproductionReportTest.cell("lsh", 8, 0.05, 0.05, 0.01, 1, List.of(), List.of(), null),
            ReproductionReportTest.cell(
                "lsh", 32, 0.07, 0.07, 0.01, 1, List.of(), List.of(), null));
    List<ReproductionReport.Row> rows = ReproductionReportTest.report(cells).rows("20newsgroups");
    assertEquals(
        List.of("lsh", "nbrreg"), rows.stream().map(ReproductionReport.Row::method).toList());
    Path png = tmp.resolve("plots").resolve("prec100-20newsgroups.png");
    Prec100Chart.write(rows, "20 Newsgroups", png);
    BufferedImage image = ImagePixels.readPng(png, Prec100Chart.WIDTH, Prec100Chart.HEIGHT);
    // lsh is drawn in the first palette colour, nbrreg in the second: both must appear.
    assertTrue(count(image, 0x1f77b4) > 100, "lsh pixels: " + count(image, 0x1f77b4));
    assertTrue(count(image, 0xd62728) > 100, "nbrreg pixels: " + count(image, 0xd62728));
    assertEquals(0, count(image, 0x2ca02c), "no third series");
  }

  @Test
  void anItqRowTakesItsMethodsColourAndNoThesisLine() throws Exception {
    List<CellResult> cells =
        List.of(
            ReproductionReportTest.cell("lsh", 8, 0.05, 0.05, 0.01, 1, List.of(), List.of(), null),
            ReproductionReportTest.cell("lsh+itq", 8, 0.3, 0.3, 0.01, 1, List.of(), List.of(), null),
            ReproductionReportTest.cell("lsh+itq", 32, 0.5, 0.5, 0.01, 1, List.of(), List.of(), null));
    List<ReproductionReport.Row> rows = ReproductionReportTest.report(cells).rows("20newsgroups");
    assertEquals(
        List.of("lsh", "nbrreg", "lsh+itq"), rows.stream().map(ReproductionReport.Row::method).toList());
    Path png = tmp.resolve("itq.png");
    Prec100Chart.write(rows, "20 Newsgroups", png);
    BufferedImage image = ImageIO.read(png.toFile());
    assertTrue(count(image, 0xd62728) > 100, "nbrreg keeps the second colour");
    assertEquals(0, count(image, 0x2ca02c), "the ITQ row takes lsh's colour, not a third one");
  }

  /** A plot of LSH at 8 bits alone, with what {@code draw} adds; the pixels of {@code rgb}. */
  private int pixelsWith(String name, int rgb, PlotAddition draw) throws Exception {
    List<CellResult> cells =
        List.of(ReproductionReportTest.cell("lsh", 8, 0.05, 0.05, 0.01, 1, List.of(), List.of(), null));
    Path png = tmp.resolve(name + ".png");
    draw.write(ReproductionReportTest.report(cells).rows("20newsgroups"), png);
    return count(ImageIO.read(png.toFile()), rgb);
  }

  private interface PlotAddition {
    void write(List<ReproductionReport.Row> rows, Path png) throws Exception;
  }

  @Test
  void referenceRankingsAreGreyLines() throws Exception {
    int before = pixelsWith("without", 0x606060, (rows, png) -> Prec100Chart.write(rows, "20 Newsgroups", png));
    int after = pixelsWith("with", 0x606060, (rows, png) -> Prec100Chart.write(
        rows, new ReferenceResult("20newsgroups", 1.0, 0.39, "tfidf", 0.82, 0.82, 42, ""), "20 Newsgroups", png));
    // before: some of the axes' text
    assertTrue(after > before + 600, "three grey lines across the plot: " + before + " -> " + after);
  }

  @Test
  void otherSeedsAreMarksInTheMethodsColour() throws Exception {
    int before = pixelsWith("one-seed", 0x1f77b4, (rows, png) -> Prec100Chart.write(rows, null, "20 Newsgroups", png));
    // two more seeds at 128 bits, far from lsh's line: two diamonds in lsh's colour, no third colour
    PlotAddition seeds = (rows, png) ->
        Prec100Chart.write(rows, null, java.util.Map.of("lsh", java.util.Map.of(128, List.of(0.5, 0.6))), "20 Newsgroups", png);
    int after = pixelsWith("seeds", 0x1f77b4, seeds);
    assertTrue(after > before + 10, "two diamonds: " + before + " -> " + after);
    assertEquals(0, pixelsWith("seeds-green", 0x2ca02c, seeds), "no series of its own colour");
  }

  @Test
  void aDatasetWithoutNumbersStillGetsItsAxes() throws Exception {
    Path png = tmp.resolve("empty.png");
    Prec100Chart.write(List.of(), "Nothing", png);
    BufferedImage image = ImageIO.read(png.toFile());
    assertEquals(Prec100Chart.WIDTH, image.getWidth());
  }

  private static int count(BufferedImage image, int rgb) {
    return ImagePixels.count(image, rgb);
  }
}
