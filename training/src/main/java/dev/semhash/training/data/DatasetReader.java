package dev.semhash.training.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads one dataset directory of the {@code shared/datasets} layout:
 *
 * <ul>
 *   <li>{@code docs.jsonl.gz}: {@code {"id", "text", "title"?, "labels"?, "split"?}} per line;
 *       {@code split} is {@code train} or {@code test} in every document, or in none
 *   <li>{@code queries.jsonl.gz}: {@code {"id", "text", "split"?}} per line (retrieval sets)
 *   <li>{@code qrels.tsv.gz}: header, then {@code query_id, doc_id, relevance, split?}
 *   <li>{@code edges.tsv.gz}: header (optional), then {@code source_id, target_id} (citing first)
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
  private final Consumer<String> warnings;
  private Set<String> documentIds; // kept by documents(), so edges() need not read them again

  /** A reader that prints warnings (such as links left out) to standard error. */
  public DatasetReader(Path dir) throws IOException {
    this(dir, warning -> System.err.println("warning: " + warning));
  }

  /** A reader that sends warnings (input it reads but leaves out, and why) to {@code warnings}. */
  public DatasetReader(Path dir, Consumer<String> warnings) throws IOException {
    if (Files.isDirectory(dir) == false) {
      // the user's input, not a failure of the machine: no stack-trace hint
      throw new IllegalArgumentException(
          "dataset directory " + dir + " does not exist; give a folder holding docs.jsonl.gz"
              + " (for instance ../shared/datasets/20newsgroups)");
    }
    this.dir = dir;
    this.warnings = warnings;
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

  /** The file {@code base}, gzip or plain, or the error that names the file the layout expects. */
  private Path existing(String base) throws NoSuchFileException {
    Path path = file(base);
    if (Files.isRegularFile(path) == false) {
      throw missing(base);
    }
    return path;
  }

  private NoSuchFileException missing(String base) {
    return new NoSuchFileException(
        dir.resolve(base + ".gz").toString(),
        null,
        "the dataset directory has neither it nor an uncompressed " + base + "; check the directory");
  }

  /**
   * Every document, in file order; ids must be unique, and every document's split must be {@code
   * train} or {@code test}, or no document may have one.
   */
  public List<Document> documents() throws IOException {
    List<Document> docs = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    Path path = existing("docs.jsonl");
    SplitCheck splits = new SplitCheck(path, "document");
    try (LineReader lines = new LineReader(path)) {
      lines.forEach(
          (line, number) -> {
            JsonNode node = JsonLine.parseObject(path, number, line);
            String id = requiredText(path, number, node, "id");
            String text = requiredText(path, number, node, "text");
            String title = optionalText(path, number, node, "title");
            String split = splits.check(number, node.get("split"));
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
      throw new DatasetFormatException(path, 0, "the file holds no document; give one JSON object per line");
    }
    documentIds = ids;
    return docs;
  }

  /** Every query, in file order. */
  public List<Query> queries() throws IOException {
    List<Query> queries = new ArrayList<>();
    Path path = existing("queries.jsonl");
    SplitCheck splits = new SplitCheck(path, "query");
    try (LineReader lines = new LineReader(path)) {
      lines.forEach(
          (line, number) -> {
            JsonNode node = JsonLine.parseObject(path, number, line);
            queries.add(
                new Query(
                    requiredText(path, number, node, "id"),
                    requiredText(path, number, node, "text"),
                    splits.check(number, node.get("split"))));
          });
    }
    return queries;
  }

  /**
   * Every relevance judgement. The first line is the header ({@code query_id, doc_id, relevance,
   * split}) unless its relevance is a number; a split, where given, is {@code train} or {@code test}.
   */
  public List<Qrel> qrels() throws IOException {
    List<Qrel> qrels = new ArrayList<>();
    Path path = existing("qrels.tsv");
    readTsv(
        path,
        3,
        4,
        false, // decided below, by the relevance column
        (cols, number) -> {
          int relevance;
          try {
            relevance = Integer.parseInt(cols[2].trim());
          } catch (NumberFormatException e) {
            if (number == 1) {
              return; // the header, which names the columns
            }
            throw new DatasetFormatException(
                path, number, "relevance \"" + cols[2] + "\" is not an integer");
          }
          String split = cols.length > 3 ? cols[3] : "";
          if (split.isEmpty() == false && split.equals("train") == false && split.equals("test") == false) {
            throw new DatasetFormatException(
                path, number, "split \"" + split + "\" is neither \"train\" nor \"test\" (lower case)");
          }
          qrels.add(new Qrel(cols[0], cols[1], relevance, split));
        });
    return qrels;
  }

  /**
   * Every edge between two documents (citing first, as stored). The first line is the header
   * ({@code citing_id, cited_id}) unless it names a document. Edges naming an id that no document
   * has are left out with a warning, and if that is every edge the file is rejected: its ids are
   * not this dataset's.
   */
  public List<Edge> edges() throws IOException {
    Path path = existing("edges.tsv");
    List<String[]> rows = new ArrayList<>();
    List<Long> lines = new ArrayList<>();
    readTsv(
        path,
        2,
        2,
        false, // decided below, by the document ids
        (cols, number) -> {
          rows.add(cols);
          lines.add(number);
        });
    Set<String> ids = documentIds(); // after the rows, so that a bad row is reported first
    List<Edge> edges = new ArrayList<>(rows.size());
    long[] unknown = new long[2]; // count, line of the first
    String[] firstUnknown = new String[1];
    for (int i = 0; i < rows.size(); i++) {
      String[] cols = rows.get(i);
      if (ids.contains(cols[0]) && ids.contains(cols[1])) {
        edges.add(new Edge(cols[0], cols[1]));
      } else if (i == 0 && ids.contains(cols[0]) == false && ids.contains(cols[1]) == false) {
        continue; // the header, which names the columns, not documents
      } else if (unknown[0]++ == 0) {
        unknown[1] = lines.get(i);
        firstUnknown[0] = ids.contains(cols[0]) ? cols[1] : cols[0];
      }
    }
    if (unknown[0] > 0 && edges.isEmpty()) {
      throw new DatasetFormatException(
          path,
          unknown[1],
          "none of the " + unknown[0] + " edges joins two documents of " + file("docs.jsonl").getFileName()
              + "; this one names \"" + firstUnknown[0] + "\", which no document has: the ids in "
              + path.getFileName() + " must be the \"id\" values of the documents");
    }
    if (unknown[0] > 0) {
      warnings.accept(
          path + ": left out " + unknown[0] + " of the " + (unknown[0] + edges.size()) + " edges, which"
              + " name a document id that " + file("docs.jsonl").getFileName() + " does not have (the"
              + " first on line " + unknown[1] + ": \"" + firstUnknown[0] + "\"); check that the edges"
              + " belong to this dataset");
    }
    return edges;
  }

  private Set<String> documentIds() throws IOException {
    if (documentIds == null) {
      documents();
    }
    return documentIds;
  }

  private interface RowHandler {
    void row(String[] cols, long number) throws IOException;
  }

  /** Reads the rows of {@code path}, skipping the first when {@code header}. */
  private static void readTsv(
      Path path, int minCols, int maxCols, boolean header, RowHandler handler) throws IOException {
    try (LineReader lines = new LineReader(path)) {
      boolean[] first = {header};
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
            if (first[0]) {
              first[0] = false;
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
