package dev.semhash.training.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads one dataset directory of the {@code shared/datasets} layout:
 *
 * <ul>
 *   <li>{@code docs.jsonl.gz}: {@code {"id", "text", "title"?, "labels"?, "split"?}} per line
 *   <li>{@code queries.jsonl.gz}: {@code {"id", "text", "split"?}} per line (retrieval sets)
 *   <li>{@code qrels.tsv.gz}: header, then {@code query_id, doc_id, relevance, split?}
 *   <li>{@code edges.tsv.gz}: header, then {@code source_id, target_id} (citing first)
 * </ul>
 *
 * Uncompressed files ({@code docs.jsonl} and so on) are accepted too.
 *
 * <pre class="prettyprint">
 * DatasetReader dataset = new DatasetReader(Path.of("../shared/datasets/20newsgroups"));
 * List&lt;Document&gt; docs = dataset.documents();
 * </pre>
 */
public final class DatasetReader {
  private final Path dir;

  public DatasetReader(Path dir) throws IOException {
    if (Files.isDirectory(dir) == false) {
      throw new IOException(
          "dataset directory " + dir + " does not exist; give a folder holding docs.jsonl.gz"
              + " (for instance ../shared/datasets/20newsgroups)");
    }
    this.dir = dir;
  }

  /** The dataset directory. */
  public Path dir() {
    return dir;
  }

  /** A short name for reports: the directory's name. */
  public String name() {
    return dir.toAbsolutePath().normalize().getFileName().toString();
  }

  /** True if the dataset has a file {@code base} (gzip or plain). */
  public boolean has(String base) {
    return Files.isRegularFile(dir.resolve(base + ".gz")) || Files.isRegularFile(dir.resolve(base));
  }

  private Path file(String base) {
    Path gz = dir.resolve(base + ".gz");
    return Files.isRegularFile(gz) ? gz : dir.resolve(base);
  }

  /** Every document, in file order; ids must be unique. */
  public List<Document> documents() throws IOException {
    List<Document> docs = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    Path path = file("docs.jsonl");
    try (LineReader lines = new LineReader(path)) {
      lines.forEach(
          (line, number) -> {
            JsonNode node = JsonLine.parseObject(path, number, line);
            String id = requiredText(path, number, node, "id");
            String text = requiredText(path, number, node, "text");
            String title = optionalText(path, number, node, "title");
            String split = optionalText(path, number, node, "split");
            List<String> labels = new ArrayList<>();
            JsonNode labelsNode = node.get("labels");
            if (labelsNode != null && labelsNode.isNull() == false) {
              if (labelsNode.isArray() == false) {
                throw new DatasetFormatException(path, number, "\"labels\" must be an array of strings");
              }
              for (JsonNode label : labelsNode) {
                if (label.isTextual() == false) {
                  throw new DatasetFormatException(path, number, "\"labels\" holds a non-string: " + label);
                }
                labels.add(label.asText());
              }
            }
            if (ids.add(id) == false) {
              throw new DatasetFormatException(path, number, "duplicate document id \"" + id + "\"");
            }
            docs.add(new Document(id, title, text, labels, split));
          });
    }
    if (docs.isEmpty()) {
      throw new DatasetFormatException(path, 0, "the file holds no document");
    }
    return docs;
  }

  /** Every query, in file order. */
  public List<Query> queries() throws IOException {
    List<Query> queries = new ArrayList<>();
    Path path = file("queries.jsonl");
    try (LineReader lines = new LineReader(path)) {
      lines.forEach(
          (line, number) -> {
            JsonNode node = JsonLine.parseObject(path, number, line);
            queries.add(
                new Query(
                    requiredText(path, number, node, "id"),
                    requiredText(path, number, node, "text"),
                    optionalText(path, number, node, "split")));
          });
    }
    return queries;
  }

  /** Every relevance judgement. */
  public List<Qrel> qrels() throws IOException {
    List<Qrel> qrels = new ArrayList<>();
    Path path = file("qrels.tsv");
    readTsv(
        path,
        3,
        4,
        (cols, number) -> {
          int relevance;
          try {
            relevance = Integer.parseInt(cols[2].trim());
          } catch (NumberFormatException e) {
            throw new DatasetFormatException(
                path, number, "relevance \"" + cols[2] + "\" is not an integer");
          }
          qrels.add(new Qrel(cols[0], cols[1], relevance, cols.length > 3 ? cols[3] : ""));
        });
    return qrels;
  }

  /** Every edge (citing first, as stored). */
  public List<Edge> edges() throws IOException {
    List<Edge> edges = new ArrayList<>();
    Path path = file("edges.tsv");
    readTsv(path, 2, 2, (cols, number) -> edges.add(new Edge(cols[0], cols[1])));
    return edges;
  }

  private interface RowHandler {
    void row(String[] cols, long number) throws IOException;
  }

  private static void readTsv(Path path, int minCols, int maxCols, RowHandler handler)
      throws IOException {
    try (LineReader lines = new LineReader(path)) {
      boolean[] header = {true};
      lines.forEach(
          (line, number) -> {
            String[] cols = line.split("\t", -1);
            if (cols.length < minCols || cols.length > maxCols) {
              throw new DatasetFormatException(
                  path,
                  number,
                  "expected "
                      + (minCols == maxCols ? minCols : minCols + " to " + maxCols)
                      + " tab-separated columns, found "
                      + cols.length);
            }
            if (header[0]) {
              header[0] = false;
              return; // the first line names the columns
            }
            for (int c = 0; c < minCols; c++) {
              if (cols[c].isBlank()) {
                throw new DatasetFormatException(path, number, "column " + (c + 1) + " is empty");
              }
            }
            handler.row(cols, number);
          });
    }
  }

  private static String requiredText(Path path, long number, JsonNode node, String key)
      throws DatasetFormatException {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      throw new DatasetFormatException(path, number, "missing field \"" + key + "\"");
    }
    if (value.isTextual() == false) {
      throw new DatasetFormatException(path, number, "field \"" + key + "\" must be a string");
    }
    return value.asText();
  }

  private static String optionalText(Path path, long number, JsonNode node, String key)
      throws DatasetFormatException {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      return "";
    }
    if (value.isTextual() == false) {
      throw new DatasetFormatException(path, number, "field \"" + key + "\" must be a string");
    }
    return value.asText();
  }
}
