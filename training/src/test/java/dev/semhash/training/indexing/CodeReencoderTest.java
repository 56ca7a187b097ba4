package dev.semhash.training.indexing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.document.CodeFieldSchema;
import dev.semhash.model.HashModel;
import dev.semhash.training.data.Document;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failed re-encoding changes nothing: every document is checked before the first update, and a
 * run that fails half-way is rolled back rather than committed when the writer closes.
 */
class CodeReencoderTest {
  private static final int BITS = 32;

  @TempDir Path tmp;
  private List<Document> docs;
  private HashModel indexed;
  private HashModel retrained;
  private Path index;

  @BeforeEach
  void buildIndex() throws IOException {
    docs = SmallIndexes.documents(30);
    indexed = SmallIndexes.lsh(docs, BITS, 1);
    retrained = SmallIndexes.lsh(docs, BITS, 2);
    index = tmp.resolve("index");
    SemanticIndexBuilder.build(docs, indexed, index, "code", ProgressReporter.NONE);
  }

  @AfterEach
  void closeModels() {
    indexed.close();
    retrained.close();
  }

  @Test
  void aDocumentWithoutStoredTextChangesNothing() throws IOException {
    // after the good documents, so that a run that does not check first has updated them by then
    addDocument(d -> d.add(new StringField(SemanticIndexBuilder.ID, "no-text", Field.Store.YES)));
    Map<String, String> before = SmallIndexes.snapshot(index, "code", BITS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, this::reencode);
    assertEquals(before, SmallIndexes.snapshot(index, "code", BITS));
    assertTrue(e.getMessage().contains("(id 'no-text') has no stored 'body' field"), e.getMessage());
    assertTrue(e.getMessage().contains("the index was left unchanged"), e.getMessage());
  }

  @Test
  void aSharedIdIsRefusedAndChangesNothing() throws IOException {
    addDocument(d -> {
      d.add(new StringField(SemanticIndexBuilder.ID, "d3", Field.Store.YES));
      d.add(new TextField(SemanticIndexBuilder.BODY, "church faith prayer bible", Field.Store.YES));
    });
    Map<String, String> before = SmallIndexes.snapshot(index, "code", BITS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, this::reencode);
    assertTrue(e.getMessage().contains("id 'd3' of field 'id' is shared by documents 3 and 30"), e.getMessage());
    assertTrue(e.getMessage().contains("ids must be unique"), e.getMessage());
    assertEquals(before, SmallIndexes.snapshot(index, "code", BITS));
  }

  @Test
  void anIdThatIsOnlyStoredIsRefused() throws IOException {
    // updates find documents by the indexed id: with a stored-only id they would match nothing
    Path storedIds = tmp.resolve("stored-ids");
    IndexWriterConfig config = SemanticIndexBuilder.config(indexed, "code");
    try (FSDirectory dir = FSDirectory.open(storedIds);
        IndexWriter writer = new IndexWriter(dir, config)) {
      for (Document doc : docs) {
        org.apache.lucene.document.Document d = new org.apache.lucene.document.Document();
        d.add(new StoredField(SemanticIndexBuilder.ID, doc.id()));
        d.add(new TextField(SemanticIndexBuilder.BODY, doc.fullText(), Field.Store.YES));
        d.add(new CodeFieldSchema().newField("code", indexed.encode(doc.fullText()), BITS));
        writer.addDocument(d);
      }
      writer.commit();
    }
    Map<String, String> before = SmallIndexes.snapshot(storedIds, "code", BITS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CodeReencoder.reencode(
        storedIds, retrained, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code", ProgressReporter.NONE));
    assertEquals(before, SmallIndexes.snapshot(storedIds, "code", BITS));
    assertTrue(e.getMessage().startsWith("id field 'id' is stored but not indexed"), e.getMessage());
  }

  @Test
  void aRunFailingHalfWayIsRolledBack() throws IOException {
    Map<String, String> before = SmallIndexes.snapshot(index, "code", BITS);
    ProgressReporter failsAfterFiveUpdates = (task, total, unit) -> task.equals("re-encoding")
        ? new ProgressReporter.Progress() {
            int steps;

            @Override
            public void step(long n) {
              if (++steps == 5) {
                throw new IllegalStateException("interrupted");
              }
            }

            @Override
            public void close() {}
          }
        : ProgressReporter.Progress.NONE;
    assertThrows(IllegalStateException.class, () -> CodeReencoder.reencode(
        index, retrained, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code", failsAfterFiveUpdates));
    assertEquals(before, SmallIndexes.snapshot(index, "code", BITS));
  }

  @Test
  void aSuccessfulRunRecordsTheModel() throws IOException {
    Map<String, String> before = SmallIndexes.snapshot(index, "code", BITS);
    CodeReencoder.Result r = reencode();
    assertEquals(docs.size(), r.documents());
    assertTrue(r.changed() > 0);
    Map<String, String> after = SmallIndexes.snapshot(index, "code", BITS);
    assertNotEquals(before, after);
    assertEquals(SemanticIndexBuilder.describe(retrained), after.get("commit " + SemanticIndexBuilder.MODEL_KEY));
  }

  @Test
  void aModelOfOtherTextsIsRefusedAndChangesNothing() throws IOException {
    // a vocabulary none of the indexed words is in: every document would get the one empty-input code
    List<Document> other = List.of(
        new Document("x0", "", "quark gluon boson lepton hadron", List.of(), "train"),
        new Document("x1", "", "quark lepton meson fermion boson", List.of(), "train"));
    Map<String, String> before = SmallIndexes.snapshot(index, "code", BITS);
    try (HashModel foreign = SmallIndexes.lsh(other, BITS, 3)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CodeReencoder.reencode(
          index, foreign, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code", ProgressReporter.NONE));
      assertEquals("30 of the 30 documents of the index " + index + " hold none of the model's "
          + foreign.vocabulary().size() + " terms, so they would all get one and the same code: the model was"
          + " trained on other texts (or the text is in another field); use a model trained on these documents",
          e.getMessage());
    }
    assertEquals(before, SmallIndexes.snapshot(index, "code", BITS));
  }

  @Test
  void aFieldWithoutCodesIsNamedWithTheIndexsCodeFields() throws IOException {
    Map<String, String> before = SmallIndexes.snapshot(index, "code", BITS);
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> CodeReencoder.reencode(
        index, retrained, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code64", ProgressReporter.NONE));
    assertTrue(missing.getMessage().startsWith("field 'code64' is not in the index " + index), missing.getMessage());
    assertTrue(missing.getMessage().endsWith("give --field one of its code fields: code"), missing.getMessage());
    IllegalArgumentException text = assertThrows(IllegalArgumentException.class, () -> CodeReencoder.reencode(
        index, retrained, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "body", ProgressReporter.NONE));
    assertTrue(text.getMessage().startsWith("field 'body' holds no codes"), text.getMessage());
    assertEquals(before, SmallIndexes.snapshot(index, "code", BITS));
  }

  @Test
  void anotherCodeLengthIsRefusedWithAccurateAdvice() throws IOException {
    try (HashModel wide = SmallIndexes.lsh(docs, 64, 2)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CodeReencoder.reencode(
          index, wide, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code", ProgressReporter.NONE));
      assertTrue(e.getMessage().contains("holds 32-bit codes but the model makes 64-bit codes"), e.getMessage());
      assertTrue(e.getMessage().contains("updates cannot add a field"), e.getMessage());
    }
  }

  @Test
  void aMistypedIndexFolderIsNotCreated() {
    Path typo = tmp.resolve("indx/deeper");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CodeReencoder.reencode(
        typo, retrained, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code", ProgressReporter.NONE));
    assertTrue(e.getMessage().startsWith("no index at " + typo + ": no such folder"), e.getMessage());
    assertFalse(Files.exists(tmp.resolve("indx")));
  }

  private CodeReencoder.Result reencode() throws IOException {
    return CodeReencoder.reencode(
        index, retrained, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code", ProgressReporter.NONE);
  }

  /** Adds one document with a code (the indexed model's code of "space") and keeps the commit data. */
  private void addDocument(Consumer<org.apache.lucene.document.Document> fields) throws IOException {
    IndexWriterConfig config = SemanticIndexBuilder.config(indexed, "code");
    config.setOpenMode(IndexWriterConfig.OpenMode.APPEND);
    try (FSDirectory dir = FSDirectory.open(index)) {
      Map<String, String> commitData;
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        commitData = new HashMap<>(reader.getIndexCommit().getUserData());
      }
      try (IndexWriter writer = new IndexWriter(dir, config)) {
        org.apache.lucene.document.Document d = new org.apache.lucene.document.Document();
        fields.accept(d);
        d.add(new CodeFieldSchema().newField("code", indexed.encode("space"), BITS));
        writer.addDocument(d);
        writer.setLiveCommitData(commitData.entrySet());
        writer.commit();
      }
    }
  }
}
