package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.report.LearningCurve;
import dev.semhash.training.report.LearningCurveChart;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --learning-curve PNG}: draws a neural model's loss by epoch ({@link LearningCurveChart})
 * after it trains, or from a model file's recorded history. When one command trains several
 * models (several code lengths, or {@code --seeds}), each gets its own file, named by inserting
 * {@code -32bits} and {@code -seed7} before {@code .png}.
 */
final class LearningCurveOption {
  @Option(
      names = "--learning-curve",
      paramLabel = "PNG",
      description = "Draw the neural model's training and held-out loss and its held-out KL term by"
          + " epoch, with the epoch kept, as a PNG (vdsh, vdsh-s, vdsh-sp, nbrreg, nbrreg-doc,"
          + " node2hash); .png is added to a name that does not end in it. Only eval-hash can train"
          + " several models in one run (a list of --bits, or --seeds): each then gets its own file,"
          + " named PNG-32bits-seed7.png and so on.")
  Path png;

  /** Fails before any work if a curve is asked of a method that does not train by epochs. */
  void requireApplicableTo(HashingMethod method) {
    if (png != null && MethodOptions.isNeural(method) == false) {
      throw new IllegalArgumentException(
          "--learning-curve: " + method.cliName() + " does not train by epochs, so it has no"
              + " learning curve; leave the option out, or train one of " + MethodOptions.describeNeural());
    }
  }

  /**
   * Fails before any work unless every curve file the command may write ({@code suffixes}, see
   * {@link #suffix}) can be written without replacing anything but a PNG or one of {@code
   * inputs}; training first and failing to draw after would waste the training.
   */
  void requireWritable(List<String> suffixes, Path... inputs) throws IOException {
    if (png == null) {
      return;
    }
    for (String suffix : suffixes) {
      Path target = path(png, suffix);
      OutputFiles.check("--learning-curve", target, OutputFiles.Kind.PNG, inputs);
    }
  }

  /**
   * Fails before any work if a curve is asked of a model file (hashing or rerank) whose
   * information holds no per-epoch history.
   */
  void requireHistory(Map<String, String> info, String method, Path file) {
    if (png != null && LearningCurve.isPresent(info) == false) {
      throw new IllegalArgumentException(
          "--learning-curve: " + file + " (" + method + ") holds no per-epoch history; leave the"
              + " option out, since only " + MethodOptions.describeNeural() + " record one");
    }
  }

  /**
   * Writes {@code model}'s curve if asked and prints where.
   *
   * @param suffix what tells this model apart from the command's others, such as {@code
   *     -32bits-seed7}, or empty when it trains one
   * @return the file written, or {@code null} if no curve was asked for
   */
  Path write(HashModel model, String dataset, String suffix) throws IOException {
    return write(model, dataset, suffix, List.of());
  }

  /**
   * {@link #write(HashModel, String, String)} with the run's queries' Prec@100 after every epoch
   * ({@code --score-every-epoch}) drawn too, unless {@code queryPrecision} is empty.
   */
  Path write(HashModel model, String dataset, String suffix, List<Double> queryPrecision) throws IOException {
    if (png == null) {
      return null;
    }
    Path target = path(png, suffix);
    OutputFiles.requireReplaceable("--learning-curve " + target, target, OutputFiles.Kind.PNG);
    LearningCurveChart.write(LearningCurve.of(model.info()).withQueryPrecision(queryPrecision), dataset, target);
    System.out.println("learning curve: " + target);
    return target;
  }

  /** {@code curve.png} with {@code -32bits} becomes {@code curve-32bits.png}; {@code curve} becomes {@code curve.png}. */
  static Path path(Path png, String suffix) {
    String name = png.getFileName().toString();
    String stem = name.toLowerCase(java.util.Locale.ROOT).endsWith(".png") ? name.substring(0, name.length() - 4) : name;
    return png.resolveSibling(stem + suffix + ".png");
  }

  /** The suffix of one model among a command's several: its bits and seed where they vary. */
  static String suffix(int bits, boolean severalBits, long seed, boolean severalSeeds) {
    return (severalBits ? "-" + bits + "bits" : "") + (severalSeeds ? "-seed" + seed : "");
  }
}
