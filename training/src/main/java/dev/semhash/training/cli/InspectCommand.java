package dev.semhash.training.cli;

import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.RerankModelFormat;
import dev.semhash.rerank.text.AnalysisSettings;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.training.report.LearningCurve;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.InputStreamDataInput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code semhash inspect}: says what a model file holds, after verifying its checksum. */
@Command(
    name = "inspect",
    header = "Describes a model file: method, text analysis, network, training.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Reads a .hashmodel or .rerankmodel file, verifying its format version and",
      "checksum as the Lucene classes do at index and query time, and prints what it",
      "holds: the method and code length, the text analysis and vocabulary, the",
      "network's layers, the binarisation thresholds, and how it was trained (for a",
      "neural model: epochs run, the epoch kept and its held-out loss). --json writes",
      "all of it, every recorded setting included; --learning-curve draws a neural",
      "model's loss by epoch from the history the file keeps.",
      "",
      "Examples:",
      "  ./semhash inspect 20ng-vdsh-32.hashmodel",
      "  ./semhash inspect 20ng-vdsh-32.hashmodel --learning-curve vdsh.png",
      "  ./semhash inspect scifact-ssi.rerankmodel --json ssi.json"
    })
final class InspectCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE", description = "The model file (.hashmodel or .rerankmodel).")
  Path file;

  @Mixin LearningCurveOption learningCurve;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the description, every recorded setting whole, to FILE as one JSON object.")
  Path json;

  /** Longest info value printed whole; longer ones (per-epoch lists) are shortened. */
  static final int MAX_VALUE_CHARS = 80;

  @Override
  public Integer call() throws Exception {
    Header header = Header.peek(file);
    OutputFiles.check("--json", json, OutputFiles.Kind.JSON, file);
    learningCurve.requireWritable(List.of(""), file, json);
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("command", "inspect");
    report.put("file", file.toString());
    long bytes = Files.size(file);
    report.put("bytes", bytes);
    report.put("codec", header.codec());
    report.put("format_version", header.version());
    List<String[]> lines = new ArrayList<>();
    lines.add(row("file", String.format(Locale.ROOT, "%s, %,d bytes, %s format version %d, checksum verified",
        file, bytes, header.codec(), header.version())));
    Map<String, String> info;
    if (header.codec().equals(HashModelFormat.CODEC_NAME)) {
      try (HashModel model = HashModelFormat.read(file)) {
        learningCurve.requireHistory(model.info(), model.method(), file);
        info = model.info();
        describe(model, lines, report);
        print(lines, info);
        Path curve = learningCurve.write(model, null, "");
        if (curve != null) {
          report.put("learning_curve", curve.toString());
        }
      }
    } else if (header.codec().equals(RerankModelFormat.CODEC_NAME)) {
      RerankModel model = RerankModelFormat.read(file);
      info = model.info();
      learningCurve.requireHistory(info, model.method() + " rerank model", file);
      describe(model, lines, report);
      print(lines, info);
    } else {
      throw new IllegalArgumentException(
          file + " is a '" + header.codec() + "' file, not a semhash model ('" + HashModelFormat.CODEC_NAME
              + "' or '" + RerankModelFormat.CODEC_NAME + "'); give a file written by './semhash train'"
              + " or './semhash train-rerank'");
    }
    report.put("info", info);
    if (json != null) {
      JsonReport.write(json, report);
      System.out.println("wrote " + json);
    }
    return 0;
  }

  private static void describe(HashModel model, List<String[]> lines, Map<String, Object> report) {
    report.put("kind", "hashing");
    report.put("method", model.method());
    report.put("bits", model.bits());
    report.put("vocabulary_size", model.vocabulary().size());
    report.put("weighting", model.weighting().name().toLowerCase(Locale.ROOT));
    report.put("unit_length", model.normalize());
    report.put("reads_neighbourhood", model.readsNeighbourhood());
    List<String> layers = new ArrayList<>();
    layers.add(String.format(Locale.ROOT, "sparse %,d -> %,d %s", model.inputLayer().inputs(),
        model.inputLayer().outputs(), model.inputLayer().activation().name().toLowerCase(Locale.ROOT)));
    for (DenseLayer l : model.layers()) {
      layers.add(String.format(Locale.ROOT, "%,d -> %,d %s", l.inputs(), l.outputs(),
          l.activation().name().toLowerCase(Locale.ROOT)));
    }
    report.put("layers", layers);
    float[] t = model.thresholds();
    float lo = Float.POSITIVE_INFINITY;
    float hi = Float.NEGATIVE_INFINITY;
    for (float v : t) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    lines.add(row("model", "hashing: " + model.method() + ", " + model.bits() + " bits"
        + (model.info().containsKey("seed") ? ", seed " + model.info().get("seed") : "")));
    lines.add(row("text", analysis(model.analyzerSettings()) + String.format(Locale.ROOT, "; %,d terms; %s%s",
        model.vocabulary().size(), model.weighting().name().toLowerCase(Locale.ROOT),
        model.normalize() ? ", unit length" : "")));
    lines.add(row("network", String.join(", ", layers)
        + (model.readsNeighbourhood() ? "; reads each document with its BM25 neighbours" : "")));
    lines.add(row("thresholds", String.format(Locale.ROOT, "%d (%s), from %.4f to %.4f", t.length,
        model.info().getOrDefault("binarization", "as trained"), lo, hi)));
    if (LearningCurve.isPresent(model.info())) {
      LearningCurve c;
      try {
        c = LearningCurve.of(model.info());
      } catch (IllegalArgumentException e) {
        // the model still encodes; say why its history cannot be read instead of refusing the file
        lines.add(row("training", "history not readable: " + e.getMessage()));
        report.put("history_error", e.getMessage());
        lines.add(row("recorded", ""));
        return;
      }
      int k = c.keptEpoch() - 1;
      String training = String.format(Locale.ROOT,
          "%d epoch%s run, epoch %d kept: held-out loss %.2f (%s), KL %.2f", c.epochs(), c.epochs() == 1 ? "" : "s", c.keptEpoch(),
          c.validationLosses().get(k), c.criterion(), c.validationKl().get(k));
      if (model.info().containsKey("training_seconds")) {
        training += ", " + model.info().get("training_seconds") + " s of training";
      }
      lines.add(row("training", training));
      report.put("epochs_run", c.epochs());
      report.put("kept_epoch", c.keptEpoch());
    }
    lines.add(row("recorded", ""));
  }

  private static void describe(RerankModel model, List<String[]> lines, Map<String, Object> report) {
    report.put("kind", "rerank");
    report.put("method", model.method());
    report.put("model_kind", model.kind().name().toLowerCase(Locale.ROOT));
    report.put("dimension", model.dimension());
    report.put("vocabulary_size", model.dictionary().size());
    report.put("fingerprint", model.fingerprint());
    lines.add(row("model", model.toString()));
    AnalysisSettings a = model.analysis();
    lines.add(row("text", (a.lowercase() ? "lower case, " : "")
        + (a.englishStopWords() ? "English stop words, " : "no stop words, ")
        + "tokens of " + a.minTokenLength() + " to " + a.maxTokenLength() + " characters"
        + (a.porterStemming() ? ", Porter stems" : "")
        + (a.letterNgrams() > 0 ? ", letter " + a.letterNgrams() + "-grams" : "")
        + String.format(Locale.ROOT, "; %,d terms", model.dictionary().size())));
    lines.add(row("fingerprint", Integer.toHexString(model.fingerprint())
        + " (index-time vectors must carry the same; RerankQuery checks it)"));
    lines.add(row("recorded", ""));
  }

  private static String analysis(AnalyzerSettings a) {
    return (a.lowercase() ? "lower case, " : "") + "stop words " + a.stopWords().cliName()
        + ", tokens of " + a.minTokenLength() + " to " + a.maxTokenLength() + " characters"
        + (a.porterStemming() ? ", Porter stems" : "");
  }

  /** A value as printed: whole, or its start and how many comma-separated values it holds. */
  static String shorten(String value) {
    if (value.length() <= MAX_VALUE_CHARS) {
      return value;
    }
    int values = value.split(",", -1).length;
    String head = value.substring(0, MAX_VALUE_CHARS - 20);
    int comma = head.lastIndexOf(',');
    return (comma > 0 ? head.substring(0, comma + 1) : head) + " ... ("
        + (values > 1 ? String.format(Locale.ROOT, "%,d values", values) : String.format(Locale.ROOT, "%,d characters", value.length()))
        + "; --json has all)";
  }

  private static String[] row(String key, String value) {
    return new String[] {key, value};
  }

  private static void print(List<String[]> lines, Map<String, String> info) {
    for (Map.Entry<String, String> e : info.entrySet()) {
      lines.add(row("  " + e.getKey(), shorten(e.getValue())));
    }
    int width = lines.stream().mapToInt(l -> l[0].length()).max().orElse(0);
    for (String[] l : lines) {
      System.out.println(l[1].isEmpty() ? l[0] + ":" : String.format(Locale.ROOT, "%-" + width + "s  %s", l[0], l[1]));
    }
  }

  /** The codec name and version at the head of a file, read before the whole file is verified. */
  record Header(String codec, int version) {
    static Header peek(Path file) throws IOException {
      if (Files.isRegularFile(file) == false) {
        throw new IllegalArgumentException(file + " does not exist or is not a file; give a model file"
            + " written by './semhash train' (.hashmodel) or './semhash train-rerank' (.rerankmodel)");
      }
      try (InputStream in = Files.newInputStream(file)) {
        InputStreamDataInput data = new InputStreamDataInput(in);
        int magic = CodecUtil.readBEInt(data);
        if (magic != CodecUtil.CODEC_MAGIC) {
          throw new IllegalArgumentException(file + " is not a semhash model file (it does not start with"
              + " Lucene's codec header); give a file written by './semhash train' or './semhash train-rerank'");
        }
        String codec = data.readString();
        return new Header(codec, CodecUtil.readBEInt(data));
      } catch (java.io.EOFException e) {
        throw new IllegalArgumentException(file + " is too short to be a model file (" + Files.size(file)
            + " bytes); it was truncated, or is not a model", e);
      }
    }
  }
}
