package dev.semhash.codecs;

import dev.semhash.codecs.semhash10.RandomCodeIndex;
import dev.semhash.codecs.semhash10.SemhashCodes10DocValuesFormat;
import dev.semhash.index.HammingCodes;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.DocValuesFormat;
import org.apache.lucene.codecs.lucene103.Lucene103Codec;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.store.MockDirectoryWrapper;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

public class TestSemhashCodec extends LuceneTestCase {

  public void testSpiNames() {
    assertEquals(SemhashCodec.class, Codec.forName(SemhashCodec.NAME).getClass());
    assertEquals(
        SemhashCodes10DocValuesFormat.class,
        DocValuesFormat.forName(SemhashCodes10DocValuesFormat.NAME).getClass());
  }

  public void testIndexWrittenWithCodecIsReadThroughSpi() throws IOException {
    int bits = 8 * (1 + random().nextInt(32));
    try (Directory dir = newDirectory()) {
      RandomCodeIndex index = new RandomCodeIndex(bits);
      try (RandomIndexWriter writer =
          new RandomIndexWriter(
              random(), dir, newIndexWriterConfig().setCodec(new SemhashCodec("code")))) {
        index.add(writer, random(), atLeast(300), 0.8);
      }
      // DirectoryReader finds codec "Semhash103" and format "SemhashCodes10" by name
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        index.verify(reader, random());
      }
    }
  }

  /** A stock Lucene103 codec whose per-field choice sends "code" to the format. */
  private static Codec stockCodecRoutingCodes() {
    return new Lucene103Codec() {
      @Override
      public DocValuesFormat getDocValuesFormatForField(String field) {
        return field.equals("code")
            ? DocValuesFormat.forName(SemhashCodes10DocValuesFormat.NAME)
            : super.getDocValuesFormatForField(field);
      }
    };
  }

  public void testStockCodecReadsAndMergesFormatSegments() throws IOException {
    int bits = 64;
    try (Directory dir = newDirectory()) {
      RandomCodeIndex index = new RandomCodeIndex(bits);
      try (RandomIndexWriter writer =
          new RandomIndexWriter(
              random(),
              dir,
              newIndexWriterConfig().setCodec(stockCodecRoutingCodes()).setMergePolicy(newLogMergePolicy()))) {
        index.add(writer, random(), atLeast(200), 0.9);
        writer.commit();
        index.add(writer, random(), atLeast(200), 0.9);
      }
      // segments carry codec "Lucene103" and per-field format "SemhashCodes10": plain open works
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        index.verify(reader, random());
      }
      // a writer with Lucene's own codec keeps reading them and rewrites them when merging
      try (RandomIndexWriter writer =
          new RandomIndexWriter(random(), dir, newIndexWriterConfig().setCodec(new Lucene103Codec()))) {
        index.add(writer, random(), atLeast(100), 0.9);
        index.deleteSome(writer, random(), 0.1);
        writer.forceMerge(1);
      }
      index.expectFastPath = false;
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        index.verify(reader, random());
      }
    }
  }

  /**
   * Random I/O exceptions while indexing, flushing, merging and committing: every document of a
   * successful commit is found with its code, nothing else is found, and CheckIndex (run when the
   * directory closes) finds no corrupt segment.
   */
  public void testRandomIOExceptionsLoseNoAcknowledgedDocument() throws IOException {
    int bits = 8 * (1 + random().nextInt(16));
    MockDirectoryWrapper dir = newMockDirectory();
    Map<Integer, byte[]> added = new HashMap<>();
    Map<Integer, byte[]> committed = new HashMap<>();
    Map<Integer, byte[]> pending = new HashMap<>();
    IndexWriter writer = null;
    dir.setRandomIOExceptionRate(0.002 + 0.01 * random().nextDouble());
    int numDocs = atLeast(600);
    for (int id = 0; id < numDocs; id++) {
      try {
        if (writer == null) {
          writer =
              new IndexWriter(
                  dir,
                  newIndexWriterConfig()
                      .setCodec(new SemhashCodec("code"))
                      // merges in the indexing thread, so their injected failures surface here
                      .setMergeScheduler(new SerialMergeScheduler())
                      .setMaxBufferedDocs(2 + random().nextInt(50)));
        }
        byte[] code = random().nextInt(10) == 0 ? null : RandomCodeIndex.randomCode(random(), bits);
        added.put(id, code);
        writer.addDocument(RandomCodeIndex.document(id, code));
        pending.put(id, code);
        if (random().nextInt(30) == 0) {
          writer.commit();
          committed.putAll(pending);
          pending.clear();
        }
      } catch (IOException | AlreadyClosedException e) {
        if (writer != null && (writer.getTragicException() != null || !writer.isOpen())) {
          IOUtils.closeWhileHandlingException(writer);
          writer = null;
          pending.clear();
        }
      }
    }
    dir.setRandomIOExceptionRate(0);
    if (writer != null) {
      writer.commit();
      committed.putAll(pending);
      writer.close();
    }
    int found = 0;
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        leaf.reader().checkIntegrity();
        NumericDocValues ids = leaf.reader().getNumericDocValues("id");
        BinaryDocValues codes = leaf.reader().getBinaryDocValues("code");
        HammingCodes view = HammingCodes.of(leaf.reader(), "code", bits);
        long[] buffer = new long[(bits + 63) / 64];
        for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
          assertTrue(ids.advanceExact(doc));
          int id = (int) ids.longValue();
          assertTrue("document " + id + " was never acknowledged", added.containsKey(id));
          byte[] code = added.get(id);
          boolean hasCode = codes != null && codes.advanceExact(doc);
          assertEquals(code != null, hasCode);
          if (code != null) {
            assertEquals(new BytesRef(code), codes.binaryValue());
            view.readCode(view.ordOf(doc), buffer);
            assertArrayEquals(HammingCodes.toWords(code, 0, code.length), buffer);
          }
          committed.remove(id);
          found++;
        }
      }
    }
    assertTrue("committed documents missing: " + committed.keySet(), committed.isEmpty());
    if (VERBOSE) {
      System.out.println("found " + found + " of " + numDocs + " documents");
    }
    dir.close();
  }
}
