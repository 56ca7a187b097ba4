package dev.semhash.training.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.hashing.vdsh.NeighbourEncoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The results folder of a reproduction: one JSON file per cell, named {@code
 * DATASET-METHOD-BITS.json}. A cell whose file exists is done; deleting the file (or {@code
 * --force}) runs it again. Files are read back strictly: one that cannot be parsed or lacks a key
 * is an error naming the file.
 *
 * <p>The tables are made with seed {@value #TABLE_SEED}. A cell run again with another seed, to see
 * how far the seed alone moves it, is a <em>replicate</em>: {@link #forSeed} keeps those in the
 * subfolder {@value #REPLICATES} as {@code DATASET-METHOD-BITS-seedN.json}, apart from the table's
 * cells.
 *
 * <pre class="prettyprint">
 * CellStore store = new CellStore(Path.of("docs/reproduction/results"));
 * if (store.has("reuters", "vdsh", 32) == false) {
 *   ... write store.file("reuters", "vdsh", 32) ...
 * }
 * List&lt;CellResult&gt; all = store.readAll();
 * </pre>
 */
public final class CellStore {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The seed of the tables' cells. */
  public static final long TABLE_SEED = 42;

  /** The subfolder of the results folder that holds the replicates, cells of other seeds. */
  public static final String REPLICATES = "seeds";

  private final Path dir;
  private final String suffix;

  /** The store of the table's cells in {@code dir}. */
  public CellStore(Path dir) {
    this(dir, "");
  }

  private CellStore(Path dir, String suffix) {
    this.dir = dir;
    this.suffix = suffix;
  }

  /**
   * The store of the cells made with {@code seed} under the results folder {@code results}: the
   * table's own for {@value #TABLE_SEED}, else the replicates of that seed in {@value #REPLICATES}/.
   */
  public static CellStore forSeed(Path results, long seed) {
    return seed == TABLE_SEED ? new CellStore(results) : new CellStore(results.resolve(REPLICATES), "-seed" + seed);
  }

  /** Every seed's replicates under the results folder {@code results}, sorted by file name. */
  public static List<CellResult> readReplicates(Path results) throws IOException {
    return readFolder(results.resolve(REPLICATES));
  }

  /** The folder holding the cell files. */
  public Path dir() {
    return dir;
  }

  /** What a method key ends with when its cell holds ITQ codes, as in {@code vdsh-s+itq}. */
  public static final String ITQ_VARIANT = "+itq";

  /**
   * The method a cell's method key names: the key itself, or for an ITQ variant such as {@code
   * vdsh-s+itq} (VDSH-S with ITQ binarisation, {@link #ITQ_VARIANT}) the method it varies.
   */
  public static String baseMethod(String methodKey) {
    return methodKey.endsWith(ITQ_VARIANT)
        ? methodKey.substring(0, methodKey.length() - ITQ_VARIANT.length())
        : methodKey;
  }

  /** The name of a table cell, DATASET-METHOD-BITS, which its result file and its kept model share. */
  public static String name(String dataset, String method, int bits) {
    return dataset + "-" + method + "-" + bits;
  }

  /**
   * The name of one cell of this store's seed, which its result file and its kept model share:
   * {@link #name}, followed by {@code -seedN} for a replicate.
   */
  public String cellName(String dataset, String method, int bits) {
    return name(dataset, method, bits) + suffix;
  }

  /** The file of one cell. */
  public Path file(String dataset, String method, int bits) {
    return dir.resolve(cellName(dataset, method, bits) + ".json");
  }

  /** Whether the cell has a result file. */
  public boolean has(String dataset, String method, int bits) {
    return Files.exists(file(dataset, method, bits));
  }

  /** Every cell file in the folder, sorted by name; none if the folder does not exist. */
  public List<CellResult> readAll() throws IOException {
    return readFolder(dir);
  }

  private static List<CellResult> readFolder(Path dir) throws IOException {
    if (Files.isDirectory(dir) == false) {
      return List.of();
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    }
    List<CellResult> cells = new ArrayList<>();
    for (Path f : files) {
      cells.add(read(f));
    }
    return cells;
  }

  /** Reads one cell file. */
  public static CellResult read(Path file) throws IOException {
    JsonNode n;
    try {
      n = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read cell result "
              + file
              + ": "
              + firstLine(e.getMessage())
              + "; delete the file to run the cell again",
          e);
    }
    if (n == null || n.isObject() == false) {
      throw new IllegalArgumentException(
          "cell result " + file + " is not a JSON object; delete the file to run the cell again");
    }
    JsonNode enc = n.path("encoder").get("text_docs_per_cpu_second");
    JsonNode load = n.path("encoder").get("load_average");
    List<Double> byEpoch = numbers(n, "prec@100_by_epoch", file);
    int labelChosenEpoch = optionalInt(n, "label_chosen_epoch", file);
    if (labelChosenEpoch < 0 || labelChosenEpoch > byEpoch.size()) {
      throw new IllegalArgumentException(
          "cell result " + file + " gives label_chosen_epoch " + labelChosenEpoch + " but scored "
              + byEpoch.size() + " epochs; delete the file to run the cell again");
    }
    return new CellResult(
        text(n, "dataset", file),
        text(n, "method", file),
        (int) number(n, "bits", file),
        number(n, "prec@100", file),
        number(n, "ndcg@100", file),
        number(n, "prec@r2", file),
        number(n, "train_seconds", file),
        numbers(n, "epoch_seconds", file),
        numbers(n, "epoch_cpu_seconds", file),
        enc == null || enc.isNumber() == false ? null : enc.asDouble(),
        load == null || load.isNumber() == false ? null : load.asDouble(),
        (long) number(n, "seed", file),
        n.path("command").asText(""),
        n.path("machine").asText(""),
        n.path("model_info").has("epochs_run") && n.path("model_info").has("early_stopping") == false,
        NeighbourEncoder.SELF_NEIGHBOUR.equals(n.path("model_info").path("neighbour_encoder").asText("")),
        byEpoch,
        labelChosenEpoch,
        tiedPrecision(n, file));
  }

  /** The optional {@code prec@100_over_tie_orders} object: null when absent. */
  private static HammingEvaluation.TiedPrecision tiedPrecision(JsonNode n, Path file) {
    JsonNode t = n.get(TIES);
    if (t == null) {
      return null;
    }
    if (t.isObject() == false) {
      throw missing(TIES, "an object of worst, expected and best", file);
    }
    double[] v = new double[3];
    String[] keys = {"worst", "expected", "best"};
    for (int i = 0; i < keys.length; i++) {
      JsonNode x = t.get(keys[i]);
      if (x == null || x.isNumber() == false) {
        throw missing(TIES + "." + keys[i], "a number", file);
      }
      v[i] = x.asDouble();
    }
    return new HammingEvaluation.TiedPrecision(v[0], v[1], v[2]);
  }

  private static final String TIES = "prec@100_over_tie_orders";

  /** An optional whole number: 0 when the key is absent. */
  private static int optionalInt(JsonNode n, String key, Path file) {
    JsonNode v = n.get(key);
    if (v == null) {
      return 0;
    }
    if (v.isIntegralNumber() == false) {
      throw missing(key, "a whole number", file);
    }
    return v.asInt();
  }

  private static String text(JsonNode n, String key, Path file) {
    JsonNode v = n.get(key);
    if (v == null || v.isTextual() == false) {
      throw missing(key, "a string", file);
    }
    return v.asText();
  }

  private static double number(JsonNode n, String key, Path file) {
    JsonNode v = n.get(key);
    if (v == null || v.isNumber() == false) {
      throw missing(key, "a number", file);
    }
    return v.asDouble();
  }

  /** An optional list of numbers: empty when the key is absent. */
  private static List<Double> numbers(JsonNode n, String key, Path file) {
    JsonNode v = n.get(key);
    if (v == null) {
      return List.of();
    }
    List<Double> values = new ArrayList<>();
    if (v.isArray()) {
      v.forEach(x -> values.add(x.isNumber() ? x.asDouble() : Double.NaN));
    }
    if (v.isArray() == false || values.stream().anyMatch(d -> d.isNaN())) {
      throw missing(key, "a list of numbers", file);
    }
    return values;
  }

  private static IllegalArgumentException missing(String key, String what, Path file) {
    return new IllegalArgumentException(
        "cell result "
            + file
            + " has no key \""
            + key
            + "\" holding "
            + what
            + "; delete the file to run the cell again");
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
