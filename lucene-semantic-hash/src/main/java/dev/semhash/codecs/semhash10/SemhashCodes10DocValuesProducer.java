package dev.semhash.codecs.semhash10;

import static dev.semhash.codecs.semhash10.SemhashCodes10DocValuesFormat.*;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.codecs.DocValuesFormat;
import org.apache.lucene.codecs.DocValuesProducer;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.DocValuesSkipper;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.store.ChecksumIndexInput;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.util.IOUtils;
import org.apache.lucene.util.packed.DirectMonotonicReader;

/** Reads what {@link SemhashCodes10DocValuesConsumer} wrote; code fields come back off-heap. */
final class SemhashCodes10DocValuesProducer extends DocValuesProducer {
  private final Map<Integer, Byte> paths = new HashMap<>();
  private final Map<Integer, OffHeapCodes> codes = new HashMap<>();
  private final int maxDoc;
  private IndexInput data, index;
  private DocValuesProducer delegate;

  SemhashCodes10DocValuesProducer(SegmentReadState state, DocValuesFormat delegateFormat)
      throws IOException {
    this.maxDoc = state.segmentInfo.maxDoc();
    Map<Integer, CodesEntry> entries = new HashMap<>();
    String metaName =
        IndexFileNames.segmentFileName(state.segmentInfo.name, state.segmentSuffix, META_EXTENSION);
    int version = -1;
    try (ChecksumIndexInput in = state.directory.openChecksumInput(metaName)) {
      Throwable priorE = null;
      try {
        version =
            CodecUtil.checkIndexHeader(
                in,
                META_CODEC,
                VERSION_START,
                VERSION_CURRENT,
                state.segmentInfo.getId(),
                state.segmentSuffix);
        readFields(in, state.fieldInfos, entries);
      } catch (Throwable t) {
        priorE = t;
      } finally {
        CodecUtil.checkFooter(in, priorE);
      }
    }

    boolean success = false;
    try {
      data = openData(state, DATA_EXTENSION, DATA_CODEC, version);
      index = openData(state, INDEX_EXTENSION, INDEX_CODEC, version);
      for (Map.Entry<Integer, CodesEntry> e : entries.entrySet()) {
        CodesEntry entry = e.getValue();
        checkFits(entry.codesOffset(), entry.codesLength(), data, "codes");
        if (!entry.dense()) {
          checkFits(entry.docsOffset(), entry.docsLength(), data, "doc ids");
        }
        for (CodesEntry.TableEntry t : entry.tables()) {
          checkFits(t.ordsOffset(), t.ordsLength(), index, "hash table ordinals");
          checkFits(t.offsetsOffset(), t.offsetsLength(), index, "hash table offsets");
        }
        codes.put(e.getKey(), new OffHeapCodes(entry, maxDoc, data, index));
      }
      if (paths.containsValue(PATH_DELEGATE)) {
        delegate = delegateFormat.fieldsProducer(state);
      }
      success = true;
    } finally {
      if (!success) {
        IOUtils.closeWhileHandlingException(this);
      }
    }
  }

  private static IndexInput openData(
      SegmentReadState state, String extension, String codec, int expectedVersion)
      throws IOException {
    String name =
        IndexFileNames.segmentFileName(state.segmentInfo.name, state.segmentSuffix, extension);
    IndexInput in = state.directory.openInput(name, state.context);
    boolean success = false;
    try {
      int version =
          CodecUtil.checkIndexHeader(
              in,
              codec,
              VERSION_START,
              VERSION_CURRENT,
              state.segmentInfo.getId(),
              state.segmentSuffix);
      if (version != expectedVersion) {
        throw new CorruptIndexException(
            "format versions mismatch: meta=" + expectedVersion + ", " + extension + "=" + version,
            in);
      }
      // Checks the footer's structure and the file length now; the checksum itself is verified by
      // checkIntegrity, which reads every byte.
      CodecUtil.retrieveChecksum(in);
      success = true;
      return in;
    } finally {
      if (!success) {
        IOUtils.closeWhileHandlingException(in);
      }
    }
  }

  private static void checkFits(long offset, long length, IndexInput in, String what)
      throws CorruptIndexException {
    long end = in.length() - CodecUtil.footerLength();
    if (offset < 0 || length < 0 || offset + length > end) {
      throw new CorruptIndexException(
          what + " [" + offset + ", " + (offset + length) + ") lie outside the file", in);
    }
  }

  private void readFields(ChecksumIndexInput in, FieldInfos infos, Map<Integer, CodesEntry> out)
      throws IOException {
    for (int number = in.readInt(); number != -1; number = in.readInt()) {
      FieldInfo info = infos.fieldInfo(number);
      if (info == null) {
        throw new CorruptIndexException("invalid field number: " + number, in);
      }
      byte path = in.readByte();
      switch (path) {
        case PATH_CODES -> out.put(number, readCodesEntry(in, info));
        case PATH_DELEGATE, PATH_EMPTY -> {}
        default ->
            throw new CorruptIndexException(
                "invalid storage path " + path + " for field '" + info.name + "'", in);
      }
      if (paths.put(number, path) != null) {
        throw new CorruptIndexException("field '" + info.name + "' is listed twice", in);
      }
    }
  }

  private CodesEntry readCodesEntry(ChecksumIndexInput in, FieldInfo info) throws IOException {
    int bits = in.readVInt();
    if (bits <= 0 || bits % 8 != 0 || bits > MAX_CODE_BYTES * 8) {
      throw new CorruptIndexException("invalid code length " + bits + " for " + info.name, in);
    }
    int count = in.readInt();
    if (count <= 0 || count > maxDoc) {
      throw new CorruptIndexException("invalid value count " + count + " for " + info.name, in);
    }
    long codesOffset = in.readLong();
    long codesLength = in.readLong();
    if (codesLength != (long) count * (bits >>> 3)) {
      throw new CorruptIndexException(
          "codes length " + codesLength + " != " + count + " codes of " + bits + " bits", in);
    }
    byte docs = in.readByte();
    boolean dense;
    long docsOffset = 0, docsLength = 0;
    DirectMonotonicReader.Meta docsMeta = null;
    if (docs == DOCS_DENSE) {
      dense = true;
      if (count != maxDoc) {
        throw new CorruptIndexException("dense field with " + count + " of " + maxDoc, in);
      }
    } else if (docs == DOCS_SPARSE) {
      dense = false;
      docsOffset = in.readLong();
      int blockShift = in.readVInt();
      docsMeta = DirectMonotonicReader.loadMeta(in, count, blockShift);
      docsLength = in.readLong();
    } else {
      throw new CorruptIndexException("invalid docs kind " + docs + " for " + info.name, in);
    }
    int m = in.readVInt();
    if (m <= 0 || m > bits) {
      throw new CorruptIndexException("invalid substring count " + m + " for " + info.name, in);
    }
    CodesEntry.TableEntry[] tables = new CodesEntry.TableEntry[m];
    int expectedStart = 0;
    for (int i = 0; i < m; i++) {
      int start = in.readVInt();
      int width = in.readVInt();
      if (start != expectedStart || width <= 0 || width > SubstringLayout.MAX_WIDTH) {
        throw new CorruptIndexException(
            "invalid substring [" + start + ", +" + width + ") for " + info.name, in);
      }
      expectedStart += width;
      long ordsOffset = in.readLong();
      int ordsBitsPerValue = in.readByte();
      long ordsLength = in.readLong();
      long offsetsOffset = in.readLong();
      int blockShift = in.readVInt();
      DirectMonotonicReader.Meta offsetsMeta =
          DirectMonotonicReader.loadMeta(in, (1L << width) + 1, blockShift);
      long offsetsLength = in.readLong();
      tables[i] =
          new CodesEntry.TableEntry(
              start,
              width,
              ordsOffset,
              ordsBitsPerValue,
              ordsLength,
              offsetsOffset,
              offsetsMeta,
              offsetsLength);
    }
    if (expectedStart != bits) {
      throw new CorruptIndexException(
          "substrings cover " + expectedStart + " of " + bits + " bits for " + info.name, in);
    }
    return new CodesEntry(
        bits, count, codesOffset, codesLength, dense, docsOffset, docsLength, docsMeta, tables);
  }

  private byte path(FieldInfo field) {
    Byte path = paths.get(field.number);
    if (path == null) {
      throw new IllegalArgumentException(
          "field '" + field.name + "' was not written by the " + NAME + " format in this segment");
    }
    return path;
  }

  private DocValuesProducer delegateFor(FieldInfo field) {
    if (path(field) != PATH_DELEGATE) {
      throw new IllegalArgumentException(
          "field '"
              + field.name
              + "' is stored as binary codes; it has no "
              + field.getDocValuesType()
              + " doc values");
    }
    return delegate;
  }

  @Override
  public BinaryDocValues getBinary(FieldInfo field) throws IOException {
    return switch (path(field)) {
      case PATH_CODES -> codes.get(field.number).newDocValues();
      case PATH_EMPTY -> DocValues.emptyBinary();
      default -> delegate.getBinary(field);
    };
  }

  @Override
  public NumericDocValues getNumeric(FieldInfo field) throws IOException {
    return delegateFor(field).getNumeric(field);
  }

  @Override
  public SortedDocValues getSorted(FieldInfo field) throws IOException {
    return delegateFor(field).getSorted(field);
  }

  @Override
  public SortedNumericDocValues getSortedNumeric(FieldInfo field) throws IOException {
    return delegateFor(field).getSortedNumeric(field);
  }

  @Override
  public SortedSetDocValues getSortedSet(FieldInfo field) throws IOException {
    return delegateFor(field).getSortedSet(field);
  }

  @Override
  public DocValuesSkipper getSkipper(FieldInfo field) throws IOException {
    // Binary fields have no skip index; only delegated fields can.
    return path(field) == PATH_DELEGATE ? delegate.getSkipper(field) : null;
  }

  @Override
  public void checkIntegrity() throws IOException {
    CodecUtil.checksumEntireFile(data);
    CodecUtil.checksumEntireFile(index);
    if (delegate != null) {
      delegate.checkIntegrity();
    }
  }

  @Override
  public void close() throws IOException {
    IOUtils.close(data, index, delegate);
  }
}
