package dev.semhash.training.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The reference rankings of a reproduction, one JSON file per dataset ({@code DATASET.json}, the
 * keys {@code eval-references --json} writes) in a folder of their own beside the cells. Files are
 * read back strictly: one that cannot be parsed or lacks a key is an error naming the file.
 *
 * <pre class="prettyprint">
 * ReferenceStore references = new ReferenceStore(Path.of("docs/reproduction/results/references"));
 * Map&lt;String, ReferenceResult&gt; byDataset = references.readAll();
 * </pre>
 */
public final class ReferenceStore {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path dir;

  public ReferenceStore(Path dir) {
    this.dir = dir;
  }

  /** The file of one dataset's references. */
  public Path file(String dataset) {
    return dir.resolve(dataset + ".json");
  }

  /** Whether the dataset's references were computed. */
  public boolean has(String dataset) {
    return Files.exists(file(dataset));
  }

  /** Every dataset's references, by dataset key; none if the folder does not exist. */
  public Map<String, ReferenceResult> readAll() throws IOException {
    Map<String, ReferenceResult> all = new TreeMap<>();
    if (Files.isDirectory(dir) == false) {
      return all;
    }
    try (Stream<Path> s = Files.list(dir)) {
      for (Path f : s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList()) {
        ReferenceResult r = read(f);
        all.put(r.dataset(), r);
      }
    }
    return all;
  }

  /** Reads one file; its dataset key is its name without {@code .json}. */
  public static ReferenceResult read(Path file) {
    JsonNode n;
    try {
      n = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read reference rankings " + file + ": "
              + (e.getMessage() == null ? "unreadable" : e.getMessage().lines().findFirst().orElse(""))
              + "; delete the file and run reproduce again to recompute it",
          e);
    }
    if (n == null || n.isObject() == false) {
      throw new IllegalArgumentException(
          "reference rankings " + file + " are not a JSON object; delete the file and run reproduce again");
    }
    String name = file.getFileName().toString();
    return new ReferenceResult(
        name.substring(0, name.length() - ".json".length()),
        number(n.get("prec@100_ceiling"), "prec@100_ceiling", file),
        number(n.path("cosine").get("prec@100"), "cosine.prec@100", file),
        n.path("settings").path("weighting").asText("tfidf"),
        number(n.path("label_posterior").get("prec@100"), "label_posterior.prec@100", file),
        number(n.path("label_posterior").get("top_label_accuracy"), "label_posterior.top_label_accuracy", file),
        (long) number(n.get("seed"), "seed", file),
        n.path("command").asText(""));
  }

  private static double number(JsonNode v, String key, Path file) {
    if (v == null || v.isNumber() == false) {
      throw new IllegalArgumentException(
          "reference rankings " + file + " have no number under \"" + key
              + "\"; delete the file and run reproduce again to recompute it");
    }
    return v.asDouble();
  }
}
