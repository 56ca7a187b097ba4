package dev.semhash.codecs.semhash10;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.index.HammingCodes;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.tests.util.TestUtil;
import org.apache.lucene.util.BytesRef;

public class TestCodesUpdates extends LuceneTestCase {

  public void testBinaryUpdatesAndMixedFields() throws Exception {
    try (Directory dir = newDirectory()) {
      try (IndexWriter w =
          new IndexWriter(dir, newIndexWriterConfig().setCodec(TestUtil.alwaysDocValuesFormat(new SemhashCodes10DocValuesFormat())))) {
        for (int i = 0; i < 20; i++) {
          Document doc = new Document();
          doc.add(new StringField("id", "" + i, Field.Store.NO));
          doc.add(new BinaryCodeField("code", new byte[] {(byte) i, 1}));
          doc.add(new BinaryCodeField("code2", new byte[] {(byte) i}));
          doc.add(new BinaryDocValuesField("var", new BytesRef(new byte[i % 3 + 1])));
          doc.add(new NumericDocValuesField("n", i));
          doc.add(new SortedDocValuesField("s", new BytesRef("v" + i)));
          w.addDocument(doc);
        }
        w.forceMerge(1); // one segment, whatever the random config flushed
        w.commit();
        w.updateBinaryDocValue(new Term("id", "3"), "code", new BytesRef(new byte[] {(byte) 0xFF, (byte) 0xFF}));
        w.updateNumericDocValue(new Term("id", "4"), "n", 100);
        w.commit();
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        LeafReader leaf = reader.leaves().get(0).reader();
        BinaryDocValues v = leaf.getBinaryDocValues("code");
        assertTrue(v.advanceExact(3));
        assertEquals(new BytesRef(new byte[] {(byte) 0xFF, (byte) 0xFF}), v.binaryValue());
        HammingCodes codes = HammingCodes.of(leaf, "code", 16);
        assertEquals(20, codes.size());
        long[] c = new long[1];
        codes.readCode(3, c);
        assertEquals(0xFFFFL << 48, c[0]);
        HammingCodes codes2 = HammingCodes.of(leaf, "code2", 8);
        assertEquals(20, codes2.size());
        assertNotNull(codes2.substringIndex());
        NumericDocValues n = leaf.getNumericDocValues("n");
        assertTrue(n.advanceExact(4));
        assertEquals(100, n.longValue());
        assertTrue(n.advanceExact(5));
        assertEquals(5, n.longValue());
      }
    }
  }
}
