package dev.semhash.training.reproduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The thesis's Prec@100 numbers (EVALUATION.md section 1), read from a tab-separated table: a
 * header {@code dataset method thesis_name B1 B2 ... source} whose code lengths are the numeric
 * columns, then one row per dataset and method; lines starting with {@code #} are comments.
 *
 * <pre class="prettyprint">
 * Double p = ThesisNumbers.load().prec100("20newsgroups", "vdsh", 32); // 0.3389
 * </pre>
 */
public final class ThesisNumbers {
  /** The classpath resource with EVALUATION.md's table. */
  public static final String RESOURCE = "thesis-prec100.tsv";

  /** One row: a method on a dataset. */
  public record Row(
      String dataset,
      String method,
      String thesisName,
      Map<Integer, Double> prec100,
      String source) {}

  private final List<Row> rows;

  private ThesisNumbers(List<Row> rows) {
    this.rows = List.copyOf(rows);
  }

  /** The numbers bundled with semhash (EVALUATION.md section 1). */
  public static ThesisNumbers load() {
    try (InputStream in = ThesisNumbers.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "resource " + RESOURCE + " is missing from the classpath; rebuild semhash");
      }
      return parse(new InputStreamReader(in, StandardCharsets.UTF_8), RESOURCE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses a table in this class's format; {@code name} is used in error messages. */
  public static ThesisNumbers parse(String text, String name) {
    try {
      return parse(new StringReader(text), name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ThesisNumbers parse(Reader reader, String name) throws IOException {
    List<Row> rows = new ArrayList<>();
    List<Integer> bits = null;
    BufferedReader in = new BufferedReader(reader);
    int lineNumber = 0;
    for (String line; (line = in.readLine()) != null; ) {
      lineNumber++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      if (bits == null) {
        if (f.length < 5 || f[0].equals("dataset") == false) {
          throw new IllegalArgumentException(
              name
                  + " line "
                  + lineNumber
                  + ": expected the header"
                  + " 'dataset<TAB>method<TAB>thesis_name<TAB>bits...<TAB>source'");
        }
        bits = new ArrayList<>();
        for (int i = 3; i < f.length - 1; i++) {
          bits.add(parseInt(f[i], name, lineNumber));
        }
        continue;
      }
      if (f.length != bits.size() + 4) {
        throw new IllegalArgumentException(
            name
                + " line "
                + lineNumber
                + ": expected "
                + (bits.size() + 4)
                + " tab-separated fields, got "
                + f.length);
      }
      Map<Integer, Double> values = new LinkedHashMap<>();
      for (int i = 0; i < bits.size(); i++) {
        String v = f[3 + i].strip();
        if (v.isEmpty() == false) {
          try {
            values.put(bits.get(i), Double.parseDouble(v));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                name + " line " + lineNumber + ": '" + v + "' is not a number");
          }
        }
      }
      rows.add(
          new Row(
              f[0].strip(),
              f[1].strip(),
              f[2].strip(),
              Map.copyOf(values),
              f[f.length - 1].strip()));
    }
    return new ThesisNumbers(rows);
  }

  private static int parseInt(String s, String name, int line) {
    try {
      return Integer.parseInt(s.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          name + " line " + line + ": header column '" + s + "' is not a code length");
    }
  }

  /** The thesis's Prec@100, or null when the thesis has no such number. */
  public Double prec100(String dataset, String method, int bits) {
    Row r = row(dataset, method);
    return r == null ? null : r.prec100().get(bits);
  }

  /**
   * The row of a method on a dataset, or null. An ITQ variant of a method (such as {@code vdsh-s+itq}:
   * its codes binarised another way) is compared with its method's row.
   */
  public Row row(String dataset, String method) {
    String base = CellStore.baseMethod(method);
    for (Row r : rows) {
      if (r.dataset().equals(dataset) && r.method().equals(base)) {
        return r;
      }
    }
    return null;
  }

  /** The methods the thesis reports on a dataset, in table order. */
  public List<String> methods(String dataset) {
    return rows.stream().filter(r -> r.dataset().equals(dataset)).map(Row::method).toList();
  }
}
