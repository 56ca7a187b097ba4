package dev.semhash.document;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.index.HammingCodes;
import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.BytesRef;

public class TestBinaryCodeField extends LuceneTestCase {

  public void testBytesAndWordsGiveTheSameValue() {
    byte[] bytes = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    long[] words = HammingCodes.toWords(bytes, 0, bytes.length);
    assertEquals(0x0102030405060708L, words[0]);
    assertEquals(0x090A0B0C00000000L, words[1]);
    BinaryCodeField fromBytes = new BinaryCodeField("code", bytes, 96);
    BinaryCodeField fromWords = new BinaryCodeField("code", words, 96);
    assertEquals(new BytesRef(bytes), fromBytes.binaryValue());
    assertEquals(fromBytes.binaryValue(), fromWords.binaryValue());
    assertEquals(96, fromWords.bits());
    assertEquals(96, new BinaryCodeField("code", bytes).bits());
    assertEquals(DocValuesType.BINARY, fromBytes.fieldType().docValuesType());
    assertEquals("96", fromBytes.fieldType().getAttributes().get("semhash.codeBits"));
  }

  public void testCodeOfWrongLengthIsRejected() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class, () -> new BinaryCodeField("code", new byte[7], 64));
    assertEquals("field 'code': a 64-bit code needs 8 bytes, got 7", e.getMessage());
    e =
        expectThrows(
            IllegalArgumentException.class, () -> new BinaryCodeField("code", new long[2], 64));
    assertEquals("field 'code': a 64-bit code needs 1 words, got 2", e.getMessage());
  }

  public void testBitsMustBeAMultipleOf8InRange() {
    for (int bits : new int[] {0, 4, 12, 65, -8, 1032, 4096}) {
      IllegalArgumentException e =
          expectThrows(
              IllegalArgumentException.class,
              () -> new BinaryCodeField("code", new byte[Math.max(0, bits / 8)], bits));
      assertEquals(
          "code length must be a multiple of 8 between 8 and 1024 bits, got " + bits,
          e.getMessage());
    }
    expectThrows(IllegalArgumentException.class, () -> new BinaryCodeField("code", new byte[0]));
    new BinaryCodeField("code", new byte[128], 1024);
    new BinaryCodeField("code", new byte[1], 8);
  }

  public void testWordsMustBeLeftAligned() {
    IllegalArgumentException e =
        expectThrows(
            IllegalArgumentException.class,
            () -> new BinaryCodeField("code", new long[] {1L}, 56));
    assertTrue(e.getMessage(), e.getMessage().contains("low 8 bits zero"));
    new BinaryCodeField("code", new long[] {1L << 8}, 56);
  }

  public void testNullCodeIsRejected() {
    expectThrows(IllegalArgumentException.class, () -> new BinaryCodeField("code", (byte[]) null));
    expectThrows(
        IllegalArgumentException.class, () -> new BinaryCodeField("code", (long[]) null, 64));
  }

  /**
   * The IndexWriter cannot compare code lengths between documents; the format refuses to write a
   * declared field with mixed lengths, with a message that says what to do.
   */
  public void testFormatRefusesMixedLengthsAsLastLineOfDefence() throws IOException {
    try (Directory dir = newDirectory();
        IndexWriter writer =
            new IndexWriter(dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
      Document a = new Document();
      a.add(new BinaryCodeField("code", new byte[8], 64));
      writer.addDocument(a);
      Document b = new Document();
      b.add(new BinaryCodeField("code", new byte[16], 128));
      writer.addDocument(b); // accepted: Lucene does not compare field attributes
      IllegalArgumentException e = expectThrows(IllegalArgumentException.class, writer::commit);
      assertTrue(e.getMessage(), e.getMessage().contains("all documents of a code field must use"));
    }
  }

  public void testDeclaredBitsAreRecordedInTheIndex() throws IOException {
    try (Directory dir = newDirectory()) {
      try (IndexWriter writer =
          new IndexWriter(dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
        Document doc = new Document();
        doc.add(new BinaryCodeField("code", new byte[4], 32));
        writer.addDocument(doc);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        assertEquals(32, BinaryCodeField.declaredBits(leaf.getFieldInfos().fieldInfo("code")));
        assertEquals(32, CodeFieldSchema.of(reader).bits("code"));
      }
    }
  }
}
