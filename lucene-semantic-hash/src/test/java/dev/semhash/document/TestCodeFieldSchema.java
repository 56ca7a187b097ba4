package dev.semhash.document;

import dev.semhash.codecs.SemhashCodec;
import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestCodeFieldSchema extends LuceneTestCase {

  public void testMixedLengthsAreRejectedBeforeTheWriter() {
    CodeFieldSchema schema = new CodeFieldSchema();
    schema.newField("code", new byte[8]);
    schema.newField("other", new byte[16]);
    IllegalArgumentException e =
        expectThrows(IllegalArgumentException.class, () -> schema.newField("code", new byte[16]));
    assertTrue(e.getMessage(), e.getMessage().startsWith("field 'code' holds 64-bit codes"));
    assertTrue(e.getMessage(), e.getMessage().contains("cannot add a 128-bit code"));
    expectThrows(IllegalArgumentException.class, () -> schema.newField("code", new long[2], 128));
    assertEquals(64, schema.bits("code"));
    assertEquals(128, schema.bits("other"));
    assertEquals(0, schema.bits("missing"));
  }

  public void testSchemaOfExistingIndexKeepsItsLengths() throws IOException {
    try (Directory dir = newDirectory()) {
      try (IndexWriter writer =
          new IndexWriter(dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
        Document doc = new Document();
        doc.add(new BinaryCodeField("code", new byte[8], 64));
        writer.addDocument(doc);
      }
      CodeFieldSchema schema;
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        schema = CodeFieldSchema.of(reader);
      }
      try (IndexWriter writer =
          new IndexWriter(dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
        expectThrows(IllegalArgumentException.class, () -> schema.newField("code", new byte[4]));
        Document doc = new Document();
        doc.add(schema.newField("code", new byte[8]));
        writer.addDocument(doc);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        assertEquals(2, reader.numDocs());
      }
    }
  }

  public void testInvalidLengthsAreRejected() {
    CodeFieldSchema schema = new CodeFieldSchema();
    expectThrows(IllegalArgumentException.class, () -> schema.declare("code", 12));
    expectThrows(IllegalArgumentException.class, () -> schema.newField("code", new byte[0]));
    expectThrows(IllegalArgumentException.class, () -> schema.newField("code", (byte[]) null));
  }
}
