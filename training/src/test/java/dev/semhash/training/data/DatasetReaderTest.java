package dev.semhash.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetReaderTest {
  @TempDir Path dir;

  private void gzip(String name, byte[] content) throws IOException {
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve(name)))) {
      out.write(content);
    }
  }

  private void gzip(String name, String content) throws IOException {
    gzip(name, content.getBytes(StandardCharsets.UTF_8));
  }

  private DatasetFormatException docsFail(String content) throws IOException {
    gzip("docs.jsonl.gz", content);
    return assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
  }

  @Test
  void readsEveryFieldOfEveryFile() throws IOException {
    gzip(
        "docs.jsonl.gz",
        """
        {"id": "a", "text": "first", "labels": ["x", "y"], "split": "train"}

        {"id": "b", "title": "T", "text": "second", "split": "test"}
        """);
    gzip("queries.jsonl.gz", "{\"id\": \"q1\", \"text\": \"what?\", \"split\": \"test\"}\n");
    gzip("qrels.tsv.gz", "query_id\tdoc_id\trelevance\tsplit\nq1\tb\t2\ttest\n");
    gzip("edges.tsv.gz", "citing_id\tcited_id\na\tb\n");
    DatasetReader reader = new DatasetReader(dir);
    List<Document> docs = reader.documents();
    assertEquals(new Document("a", "", "first", List.of("x", "y"), "train"), docs.get(0));
    assertEquals("T\n\nsecond", docs.get(1).fullText());
    assertTrue(docs.get(1).isTest());
    assertEquals(List.of(new Query("q1", "what?", "test")), reader.queries());
    assertEquals(List.of(new Qrel("q1", "b", 2, "test")), reader.qrels());
    assertEquals(List.of(new Edge("a", "b")), reader.edges());
  }

  @Test
  void malformedJsonNamesFileAndLine() throws IOException {
    DatasetFormatException e = docsFail("{\"id\": \"a\", \"text\": \"ok\"}\n{\"id\": \"b\", \"text\": \n");
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("docs.jsonl.gz:2: not valid JSON"), e.getMessage());
  }

  @Test
  void aSecondObjectOnTheSameLineIsAnError() throws IOException {
    DatasetFormatException e =
        docsFail(
            "{\"id\": \"a\", \"text\": \"t\"}\n"
                + "{\"id\": \"b\", \"text\": \"u\"} {\"id\": \"c\", \"text\": \"v\"}\n");
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("docs.jsonl.gz:2: a second JSON value starts at column 26"), e.getMessage());
    assertTrue(e.getMessage().contains("each document on a line of its own"), e.getMessage());
  }

  @Test
  void documentsLongerThanJacksonsDefaultStringLimitAreRead() throws IOException {
    String text = "word ".repeat(4_200_000); // 21 MB, over Jackson's default 20 MB
    gzip("docs.jsonl.gz", "{\"id\": \"a\", \"text\": \"" + text + "\"}\n");
    assertEquals(text, new DatasetReader(dir).documents().get(0).text());
  }

  @Test
  void aByteOrderMarkAtTheStartIsSkipped() throws IOException {
    gzip("docs.jsonl.gz", "\uFEFF{\"id\": \"a\", \"text\": \"t\"}\n");
    assertEquals("a", new DatasetReader(dir).documents().get(0).id());
    gzip("edges.tsv.gz", "\uFEFFciting_id\tcited_id\na\ta\n");
    assertEquals(List.of(new Edge("a", "a")), new DatasetReader(dir).edges());
  }

  @Test
  void nonNumericNumbersNameTheFieldNotTheLibrary() throws IOException {
    DatasetFormatException e =
        docsFail("{\"id\": \"a\", \"text\": \"t\", \"score\": NaN}\n");
    assertTrue(
        e.getMessage().contains(":1: not valid JSON: field \"score\" holds NaN, which JSON does not allow"),
        e.getMessage());
    assertFalse(e.getMessage().contains("JsonReadFeature"), e.getMessage());
  }

  @Test
  void missingOrMistypedFieldsAreNamed() throws IOException {
    assertTrue(docsFail("{\"id\": \"a\"}\n").getMessage().endsWith(":1: missing field \"text\""));
    assertTrue(docsFail("{\"id\": 7, \"text\": \"t\"}\n").getMessage().endsWith(":1: field \"id\" must be a string"));
    assertTrue(
        docsFail("{\"id\": \"a\", \"text\": \"t\", \"labels\": \"x\"}\n")
            .getMessage()
            .contains("\"labels\" must be an array"));
    assertTrue(docsFail("[1, 2]\n").getMessage().contains("expected a JSON object"));
  }

  @Test
  void aSplitOtherThanTrainOrTestIsAnError() throws IOException {
    String train = "{\"id\": \"a\", \"text\": \"t\", \"split\": \"train\"}\n";
    for (String bad : List.of("\"dev\"", "\"TRAIN\"", "\"\"", "1")) {
      DatasetFormatException e =
          docsFail(train + "{\"id\": \"b\", \"text\": \"u\", \"split\": " + bad + "}\n");
      assertEquals(2, e.line(), e.getMessage());
      assertTrue(e.getMessage().contains("docs.jsonl.gz:2: \"split\" is " + bad), e.getMessage());
      assertTrue(e.getMessage().contains("it must be \"train\" or \"test\""), e.getMessage());
    }
  }

  @Test
  void aSplitInSomeDocumentsOnlyIsAnError() throws IOException {
    String with = "{\"id\": \"a\", \"text\": \"t\", \"split\": \"train\"}\n";
    String without = "{\"id\": \"b\", \"text\": \"u\"}\n";
    DatasetFormatException missing = docsFail(with + without);
    assertTrue(
        missing.getMessage().contains(":2: this document has no \"split\", but the one on line 1 has"),
        missing.getMessage());
    DatasetFormatException late = docsFail(without + with);
    assertTrue(
        late.getMessage().contains(":2: this document has \"split\": \"train\", but the one on line 1 has none"),
        late.getMessage());
    gzip("docs.jsonl.gz", without + "{\"id\": \"c\", \"text\": \"v\", \"split\": null}\n");
    assertEquals(2, Document.training(new DatasetReader(dir).documents()).size());
  }

  @Test
  void duplicateIdsAndEmptyFilesAreRejected() throws IOException {
    DatasetFormatException dup =
        docsFail("{\"id\": \"a\", \"text\": \"t\"}\n{\"id\": \"a\", \"text\": \"u\"}\n");
    assertTrue(dup.getMessage().endsWith(":2: duplicate document id \"a\""), dup.getMessage());
    assertTrue(docsFail("\n\n").getMessage().contains("holds no document"));
  }

  @Test
  void invalidUtf8AndTruncatedGzipAreReported() throws IOException {
    byte[] latin1 = "{\"id\": \"a\", \"text\": \"caf\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1);
    gzip("docs.jsonl.gz", latin1);
    DatasetFormatException utf8 =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
    assertTrue(utf8.getMessage().contains("not valid UTF-8"), utf8.getMessage());

    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      many.append("{\"id\": \"a").append(i).append("\", \"text\": \"t\"}\n");
    }
    gzip("docs.jsonl.gz", many.toString());
    byte[] full = Files.readAllBytes(dir.resolve("docs.jsonl.gz"));
    Files.write(dir.resolve("docs.jsonl.gz"), Arrays.copyOf(full, full.length / 2));
    DatasetFormatException truncated =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
    assertTrue(truncated.getMessage().contains("truncated"), truncated.getMessage());

    Files.writeString(dir.resolve("docs.jsonl.gz"), "plain text, not gzip");
    DatasetFormatException notGzip =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
    assertTrue(notGzip.getMessage().contains("not a gzip file"), notGzip.getMessage());
  }

  /** Far into a file, past the 64 KB a decoder reads ahead, the error still names its own line. */
  @Test
  void invalidUtf8AndACutStreamNameTheirOwnLineDeepInTheFile() throws IOException {
    java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 3000; i++) {
      String doc = "{\"id\": \"d" + i + "\", \"text\": \"post number " + i + " about cafes and more words\"}\r\n";
      text.append(doc);
      // line 2000 gets an é in Latin-1, which is not UTF-8
      content.writeBytes(
          i == 2000 ? doc.replace("cafes", "caf\u00e9s").getBytes(StandardCharsets.ISO_8859_1) : doc.getBytes(StandardCharsets.UTF_8));
    }
    gzip("docs.jsonl.gz", content.toByteArray());
    DatasetFormatException utf8 =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
    assertTrue(utf8.getMessage().endsWith("docs.jsonl.gz:2000: not valid UTF-8"), utf8.getMessage());

    // the same lines, all UTF-8, cut at two thirds of the compressed bytes
    gzip("docs.jsonl.gz", text.toString());
    byte[] full = Files.readAllBytes(dir.resolve("docs.jsonl.gz"));
    byte[] cut = Arrays.copyOf(full, full.length * 2 / 3);
    Files.write(dir.resolve("docs.jsonl.gz"), cut);
    // the line the data stops in: one past the line ends that decompress, read a byte at a time
    long ends = 0;
    try (java.io.InputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(cut))) {
      int b;
      while ((b = in.read()) >= 0) {
        ends += b == '\n' ? 1 : 0;
      }
    } catch (java.io.EOFException expected) {
      // where the cut is
    }
    assertTrue(ends > 1000 && ends < 2999, "cut after " + ends + " lines");
    DatasetFormatException truncated =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
    assertTrue(truncated.getMessage().contains("docs.jsonl.gz:" + (ends + 1) + ": file ends in the middle of its"
        + " compressed stream (truncated?)"), truncated.getMessage());

    // whole, the \r\n line ends are line ends, not text
    gzip("docs.jsonl.gz", text.toString());
    List<Document> docs = new DatasetReader(dir).documents();
    assertEquals(3000, docs.size());
    assertEquals("post number 3000 about cafes and more words", docs.get(2999).text());
  }

  @Test
  void badTsvRowsNameFileLineAndProblem() throws IOException {
    gzip("qrels.tsv.gz", "query_id\tdoc_id\trelevance\nq1\td1\tyes\n");
    DatasetFormatException e =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).qrels());
    assertTrue(e.getMessage().endsWith("qrels.tsv.gz:2: relevance \"yes\" is not an integer"), e.getMessage());
    gzip("edges.tsv.gz", "citing_id\tcited_id\na b\n");
    e = assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).edges());
    assertTrue(e.getMessage().endsWith(":2: expected 2 tab-separated columns, found 1"), e.getMessage());
  }

  @Test
  void qrelsKeepTheirFirstJudgementWithoutHeaderAndCheckTheirSplit() throws IOException {
    gzip("qrels.tsv.gz", "q1\td1\t1\ttrain\nq2\td2\t0\ttest\n");
    assertEquals(
        List.of(new Qrel("q1", "d1", 1, "train"), new Qrel("q2", "d2", 0, "test")),
        new DatasetReader(dir).qrels());
    gzip("qrels.tsv.gz", "query_id\tdoc_id\trelevance\tsplit\nq1\td1\t1\tdev\n");
    DatasetFormatException e =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).qrels());
    assertTrue(e.getMessage().endsWith("qrels.tsv.gz:2: split \"dev\" is neither \"train\" nor \"test\" (lower case)"), e.getMessage());
  }

  @Test
  void aQuerySplitOtherThanTrainOrTestIsAnError() throws IOException {
    gzip("queries.jsonl.gz", "{\"id\": \"q1\", \"text\": \"what?\", \"split\": \"dev\"}\n");
    DatasetFormatException e =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).queries());
    assertTrue(e.getMessage().contains("queries.jsonl.gz:1: \"split\" is \"dev\"; it must be"), e.getMessage());
    assertTrue(e.getMessage().endsWith("left out of every query, which makes all of them training queries"), e.getMessage());
    gzip(
        "queries.jsonl.gz",
        "{\"id\": \"q1\", \"text\": \"a\", \"split\": \"test\"}\n{\"id\": \"q2\", \"text\": \"b\"}\n");
    e = assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).queries());
    assertTrue(e.getMessage().contains("queries.jsonl.gz:2: this query has no \"split\", but the one on line 1 has"), e.getMessage());
  }

  @Test
  void anEdgeFileWithoutHeaderKeepsItsFirstEdge() throws IOException {
    gzip("docs.jsonl.gz", "{\"id\": \"a\", \"text\": \"t\"}\n{\"id\": \"b\", \"text\": \"u\"}\n");
    gzip("edges.tsv.gz", "a\tb\nb\ta\n");
    assertEquals(List.of(new Edge("a", "b"), new Edge("b", "a")), new DatasetReader(dir).edges());
    gzip("edges.tsv.gz", "source\ttarget\nb\ta\n"); // any header that names no document
    assertEquals(List.of(new Edge("b", "a")), new DatasetReader(dir).edges());
  }

  @Test
  void edgesNamingUnknownDocumentsAreCountedInAWarning() throws IOException {
    gzip("docs.jsonl.gz", "{\"id\": \"a\", \"text\": \"t\"}\n{\"id\": \"b\", \"text\": \"u\"}\n");
    gzip("edges.tsv.gz", "citing_id\tcited_id\na\tb\na\tx\ny\tb\nb\ta\n");
    List<String> warnings = new ArrayList<>();
    DatasetReader reader = new DatasetReader(dir, warnings::add);
    assertEquals(List.of(new Edge("a", "b"), new Edge("b", "a")), reader.edges());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(
        warnings.get(0).contains("edges.tsv.gz: left out 2 of the 4 edges, which name a document id that"
            + " docs.jsonl.gz does not have (the first on line 3: \"x\")"),
        warnings.get(0));

    gzip("edges.tsv.gz", "citing_id\tcited_id\na\tx\ny\tz\n");
    DatasetFormatException none =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir, warnings::add).edges());
    assertTrue(
        none.getMessage().contains("edges.tsv.gz:2: none of the 2 edges joins two documents of docs.jsonl.gz;"
            + " this one names \"x\""),
        none.getMessage());
  }

  @Test
  void fileLevelProblemsHaveNoLineNumberAndSayWhatToDo() throws IOException {
    Files.writeString(dir.resolve("docs.jsonl.gz"), "{\"id\": \"a\", \"text\": \"t\"}\n");
    DatasetFormatException notGzip =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
    assertTrue(
        notGzip.getMessage().endsWith("docs.jsonl.gz: not a gzip file, though its name ends in .gz; compress"
            + " it with gzip, or drop the .gz from its name if it is plain text"),
        notGzip.getMessage());
    Files.writeString(dir.resolve("docs.jsonl.gz"), "");
    DatasetFormatException empty =
        assertThrows(DatasetFormatException.class, () -> new DatasetReader(dir).documents());
    assertTrue(empty.getMessage().endsWith("docs.jsonl.gz: too short to be a gzip file (0 bytes); compress it"
        + " with gzip, or drop the .gz from its name if it is plain text"), empty.getMessage());
    assertTrue(docsFail("\n").getMessage().endsWith("docs.jsonl.gz: the file holds no document; give one JSON"
        + " object per line"));
  }

  @Test
  void aMissingDocumentFileIsNamedAsTheLayoutNamesIt() throws IOException {
    NoSuchFileException e =
        assertThrows(NoSuchFileException.class, () -> new DatasetReader(dir).documents());
    assertEquals(dir.resolve("docs.jsonl.gz").toString(), e.getFile());
    assertTrue(e.getReason().contains("nor an uncompressed docs.jsonl"), e.getReason());
  }

  @Test
  void plainFilesAreReadToo() throws IOException {
    Files.writeString(dir.resolve("docs.jsonl"), "{\"id\": \"a\", \"text\": \"t\"}\n");
    assertEquals("a", new DatasetReader(dir).documents().get(0).id());
  }

  @Test
  void missingDirectoryOrFileSaysWhatToGive() throws IOException {
    IllegalArgumentException noDir =
        assertThrows(IllegalArgumentException.class, () -> new DatasetReader(dir.resolve("nope")));
    assertTrue(noDir.getMessage().contains("docs.jsonl.gz"), noDir.getMessage());
    NoSuchFileException noFile =
        assertThrows(NoSuchFileException.class, () -> new DatasetReader(dir).edges());
    assertTrue(noFile.getMessage().contains("edges.tsv"), noFile.getMessage());
  }

  @Test
  void sharedDatasetsHaveTheirDocumentedCounts() throws IOException {
    List<Document> news = new DatasetReader(SharedData.dataset("20newsgroups")).documents();
    assertEquals(11314, news.stream().filter(Document::isTrain).count());
    assertEquals(7532, news.stream().filter(Document::isTest).count());
    DatasetReader citeseer = new DatasetReader(SharedData.dataset("citeseer"));
    assertEquals(3186, citeseer.documents().size());
    assertEquals(4397, citeseer.edges().size());
    DatasetReader scifact = new DatasetReader(SharedData.dataset("scifact"));
    assertEquals(5183, scifact.documents().size());
    assertEquals(1109, scifact.queries().size());
    assertEquals(919 + 339, scifact.qrels().size());
  }
}
