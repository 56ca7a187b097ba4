package dev.semhash.codecs.semhash10;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.document.BinaryCodeField;
import java.io.IOException;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.tests.util.LuceneTestCase;

/** The files of the format: their size, and clear failures when they are damaged. */
public class TestSemhashCodes10Files extends LuceneTestCase {

  private static IndexWriterConfig config() {
    TieredMergePolicy mp = new TieredMergePolicy();
    mp.setNoCFSRatio(0.0);
    return new IndexWriterConfig()
        .setCodec(new SemhashCodec("code"))
        .setUseCompoundFile(false)
        .setMergePolicy(mp)
        .setRAMBufferSizeMB(64);
  }

  private static void index(Directory dir, int numDocs, int bits, double density, long seed)
      throws IOException {
    Random random = new Random(seed);
    try (IndexWriter writer = new IndexWriter(dir, config())) {
      for (int i = 0; i < numDocs; i++) {
        Document doc = new Document();
        if (random.nextDouble() < density) {
          doc.add(new BinaryCodeField("code", RandomCodeIndex.randomCode(random, bits), bits));
        }
        writer.addDocument(doc);
      }
      writer.forceMerge(1);
    }
  }

  private static long sizeOf(Directory dir, String extension) throws IOException {
    long size = 0;
    for (String file : dir.listAll()) {
      if (file.endsWith("." + extension)) {
        size += dir.fileLength(file);
      }
    }
    return size;
  }

  private static String fileWith(Directory dir, String extension) throws IOException {
    for (String file : dir.listAll()) {
      if (file.endsWith("." + extension)) {
        return file;
      }
    }
    throw new AssertionError("no ." + extension + " file in " + String.join(", ", dir.listAll()));
  }

  public void testCodeDataIsBitsOver8BytesPerDocument() throws IOException {
    int numDocs = 100_000;
    for (int bits : new int[] {64, 256}) {
      try (Directory dir = new ByteBuffersDirectory()) {
        index(dir, numDocs, bits, 1.0, 42);
        long codes = sizeOf(dir, "shd");
        long tables = sizeOf(dir, "shx");
        long ideal = (long) numDocs * bits / 8;
        System.out.printf(
            "dense %d-bit codes, %d docs: code data %.4f bytes/doc (ideal %d), tables %.3f bytes/doc,"
                + " meta %d bytes, delegated files %d bytes%n",
            bits,
            numDocs,
            codes / (double) numDocs,
            bits / 8,
            tables / (double) numDocs,
            sizeOf(dir, "shm"),
            sizeOf(dir, "dvd") + sizeOf(dir, "dvm"));
        assertTrue(codes >= ideal);
        assertTrue("code data " + codes + " vs ideal " + ideal, codes <= ideal * 1.05);
        // m ~ bits / log2(N) tables of ordinals packed on ~log2(N) bits (DirectWriter rounds 17
        // up to 20), plus compressed offsets: about 1.3 to 1.6 times the code data
        assertTrue("tables " + tables, tables <= 1.7 * ideal);
      }
    }
  }

  public void testSparseCodeDataStaysClose() throws IOException {
    int numDocs = 100_000;
    try (Directory dir = new ByteBuffersDirectory()) {
      index(dir, numDocs, 128, 0.5, 7);
      long codes = sizeOf(dir, "shd");
      long withCode = 0;
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        withCode = reader.leaves().get(0).reader().getBinaryDocValues("code").cost();
      }
      long ideal = withCode * 16;
      long docIds = codes - ideal - CodecUtil.indexHeaderLength("SemhashCodes10Data", "")
          - CodecUtil.footerLength();
      System.out.printf(
          "sparse 128-bit codes, %d of %d docs: code data 16 bytes/doc with a code,"
              + " plus doc ids %.3f bytes/doc with a code%n",
          withCode, numDocs, docIds / (double) withCode);
      assertTrue(docIds >= 0);
      // monotonic doc ids: at most one byte each at this density
      assertTrue("doc ids " + docIds, docIds <= withCode * 1.1);
    }
  }

  private static byte[] read(Directory dir, String file) throws IOException {
    try (IndexInput in = dir.openInput(file, IOContext.READONCE)) {
      byte[] bytes = new byte[(int) in.length()];
      in.readBytes(bytes, 0, bytes.length);
      return bytes;
    }
  }

  private static void write(Directory dir, String file, byte[] bytes, int length)
      throws IOException {
    dir.deleteFile(file);
    try (IndexOutput out = dir.createOutput(file, IOContext.DEFAULT)) {
      out.writeBytes(bytes, 0, length);
    }
  }

  private static void openAndCheck(Directory dir) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        leaf.reader().checkIntegrity();
      }
    }
  }

  private Directory smallIndex() throws IOException {
    Directory dir = new ByteBuffersDirectory();
    index(dir, 500, 64, 0.8, random().nextLong());
    openAndCheck(dir);
    return dir;
  }

  public void testTruncatedFilesAreCorrupt() throws IOException {
    for (String extension : new String[] {"shm", "shd", "shx"}) {
      try (Directory dir = smallIndex()) {
        String file = fileWith(dir, extension);
        byte[] bytes = read(dir, file);
        write(dir, file, bytes, bytes.length - 1 - random().nextInt(bytes.length / 2));
        expectThrows(CorruptIndexException.class, () -> openAndCheck(dir));
      }
    }
  }

  public void testFlippedByteIsCorrupt() throws IOException {
    for (String extension : new String[] {"shm", "shd", "shx"}) {
      try (Directory dir = smallIndex()) {
        String file = fileWith(dir, extension);
        byte[] bytes = read(dir, file);
        int header = CodecUtil.headerLength("SemhashCodes10Data");
        int at = header + random().nextInt(bytes.length - header - CodecUtil.footerLength());
        bytes[at] ^= (byte) (1 + random().nextInt(255));
        write(dir, file, bytes, bytes.length);
        // the metadata is verified on open; the data files by checkIntegrity, which reads them all
        expectThrows(CorruptIndexException.class, () -> openAndCheck(dir));
      }
    }
  }

  public void testFileOfAnotherFormatIsCorrupt() throws IOException {
    try (Directory dir = smallIndex()) {
      String data = fileWith(dir, "shd");
      byte[] tables = read(dir, fileWith(dir, "shx"));
      write(dir, data, tables, tables.length);
      expectThrows(CorruptIndexException.class, () -> openAndCheck(dir));
    }
  }

  public void testUnknownVersionIsTooNew() throws IOException {
    try (Directory dir = smallIndex()) {
      String file = fileWith(dir, "shm");
      byte[] bytes = read(dir, file);
      // header: magic (4 bytes), codec name (1-byte length + chars), version (big-endian int)
      int versionAt = 4 + 1 + SemhashCodes10DocValuesFormat.META_CODEC.length();
      int newer = SemhashCodes10DocValuesFormat.VERSION_CURRENT + 1;
      for (int i = 0; i < 4; i++) {
        bytes[versionAt + i] = (byte) (newer >>> (24 - 8 * i));
      }
      // recompute the footer checksum (CRC32 of every byte before it), so that only the version
      // is wrong
      CRC32 crc = new CRC32();
      crc.update(bytes, 0, bytes.length - 8);
      long checksum = crc.getValue();
      for (int i = 0; i < 8; i++) {
        bytes[bytes.length - 8 + i] = (byte) (checksum >>> (56 - 8 * i));
      }
      write(dir, file, bytes, bytes.length);
      IndexFormatTooNewException e =
          expectThrows(IndexFormatTooNewException.class, () -> openAndCheck(dir));
      assertTrue(e.getMessage(), e.getMessage().contains("version"));
    }
  }
}
