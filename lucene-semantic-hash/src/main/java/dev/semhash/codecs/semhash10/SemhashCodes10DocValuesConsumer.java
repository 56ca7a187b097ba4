package dev.semhash.codecs.semhash10;

import static dev.semhash.codecs.semhash10.SemhashCodes10DocValuesFormat.*;

import java.io.IOException;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.codecs.DocValuesConsumer;
import org.apache.lucene.codecs.DocValuesFormat;
import org.apache.lucene.codecs.DocValuesProducer;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.SegmentWriteState;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.util.ArrayUtil;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;
import org.apache.lucene.util.packed.DirectMonotonicWriter;
import org.apache.lucene.util.packed.DirectWriter;

/**
 * Writes fixed-width binary fields as codes plus multi-index hash tables, and hands every other
 * field to the delegate format. See {@link SemhashCodes10DocValuesFormat} for the file layout.
 */
final class SemhashCodes10DocValuesConsumer extends DocValuesConsumer {
  private final SegmentWriteState state;
  private final DocValuesFormat delegateFormat;
  private DocValuesConsumer delegate;
  private IndexOutput meta, data, index;

  SemhashCodes10DocValuesConsumer(SegmentWriteState state, DocValuesFormat delegateFormat)
      throws IOException {
    this.state = state;
    this.delegateFormat = delegateFormat;
    boolean success = false;
    try {
      meta = open(META_EXTENSION, META_CODEC);
      data = open(DATA_EXTENSION, DATA_CODEC);
      index = open(INDEX_EXTENSION, INDEX_CODEC);
      success = true;
    } finally {
      if (!success) {
        IOUtils.closeWhileHandlingException(this);
      }
    }
  }

  private IndexOutput open(String extension, String codec) throws IOException {
    String name =
        IndexFileNames.segmentFileName(state.segmentInfo.name, state.segmentSuffix, extension);
    IndexOutput out = state.directory.createOutput(name, state.context);
    boolean success = false;
    try {
      CodecUtil.writeIndexHeader(
          out, codec, VERSION_CURRENT, state.segmentInfo.getId(), state.segmentSuffix);
      success = true;
      return out;
    } finally {
      if (!success) {
        IOUtils.closeWhileHandlingException(out);
      }
    }
  }

  /** The delegate, created on first use so segments without delegated fields get no files. */
  private DocValuesConsumer delegate(FieldInfo field) throws IOException {
    meta.writeInt(field.number);
    meta.writeByte(PATH_DELEGATE);
    if (delegate == null) {
      delegate = delegateFormat.fieldsConsumer(state);
    }
    return delegate;
  }

  @Override
  public void addNumericField(FieldInfo field, DocValuesProducer values) throws IOException {
    delegate(field).addNumericField(field, values);
  }

  @Override
  public void addSortedField(FieldInfo field, DocValuesProducer values) throws IOException {
    delegate(field).addSortedField(field, values);
  }

  @Override
  public void addSortedNumericField(FieldInfo field, DocValuesProducer values)
      throws IOException {
    delegate(field).addSortedNumericField(field, values);
  }

  @Override
  public void addSortedSetField(FieldInfo field, DocValuesProducer values) throws IOException {
    delegate(field).addSortedSetField(field, values);
  }

  @Override
  public void addBinaryField(FieldInfo field, DocValuesProducer values) throws IOException {
    int declaredBits = declaredBits(field);
    int length = -1;
    int count = 0;
    boolean uniform = true;
    BinaryDocValues it = values.getBinary(field);
    for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
      int len = it.binaryValue().length;
      if (declaredBits > 0 && len * 8 != declaredBits) {
        throw new IllegalArgumentException(
            "field '"
                + field.name
                + "' is declared with "
                + declaredBits
                + "-bit codes but document "
                + doc
                + " of the segment being written has a "
                + (len * 8)
                + "-bit code; all documents of a code field must use one code length (re-encode"
                + " with one model, or use another field name)");
      }
      if (length == -1) {
        length = len;
      } else if (len != length) {
        uniform = false;
      }
      count++;
    }
    if (count == 0) {
      meta.writeInt(field.number);
      meta.writeByte(PATH_EMPTY);
    } else if (!uniform || length == 0 || length > MAX_CODE_BYTES) {
      delegate(field).addBinaryField(field, values);
    } else {
      writeCodes(field, values, length, count);
    }
  }

  /** The code length declared by {@code BinaryCodeField} for this field, or 0 if none. */
  static int declaredBits(FieldInfo field) {
    String attribute = field.getAttribute(CODE_BITS_ATTRIBUTE);
    if (attribute == null) {
      return 0;
    }
    try {
      return Integer.parseInt(attribute);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "field '" + field.name + "' has a malformed " + CODE_BITS_ATTRIBUTE + " attribute: "
              + attribute, e);
    }
  }

  private void writeCodes(FieldInfo field, DocValuesProducer values, int length, int count)
      throws IOException {
    meta.writeInt(field.number);
    meta.writeByte(PATH_CODES);
    meta.writeVInt(length * 8);
    meta.writeInt(count);

    boolean dense = count == state.segmentInfo.maxDoc();
    int[] docs = dense ? null : new int[count];
    long codesStart = data.getFilePointer();
    meta.writeLong(codesStart);
    BinaryDocValues it = values.getBinary(field);
    int ord = 0;
    for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
      BytesRef code = it.binaryValue();
      data.writeBytes(code.bytes, code.offset, code.length);
      if (docs != null) {
        docs[ord] = doc;
      }
      ord++;
    }
    meta.writeLong(data.getFilePointer() - codesStart);

    if (dense) {
      meta.writeByte(DOCS_DENSE);
    } else {
      meta.writeByte(DOCS_SPARSE);
      long docsStart = data.getFilePointer();
      meta.writeLong(docsStart);
      meta.writeVInt(DOCS_BLOCK_SHIFT);
      DirectMonotonicWriter writer =
          DirectMonotonicWriter.getInstance(meta, data, count, DOCS_BLOCK_SHIFT);
      for (int doc : docs) {
        writer.add(doc);
      }
      writer.finish();
      meta.writeLong(data.getFilePointer() - docsStart);
    }

    SubstringLayout layout = SubstringLayout.forCodes(length * 8, count);
    meta.writeVInt(layout.substrings());
    int[] keys = new int[count];
    int[] sorted = new int[count];
    for (int i = 0; i < layout.substrings(); i++) {
      writeTable(field, values, layout.start(i), layout.width(i), keys, sorted);
    }
  }

  /** One multi-index hash table: ordinals counting-sorted by the value of one substring. */
  private void writeTable(
      FieldInfo field, DocValuesProducer values, int start, int width, int[] keys, int[] sorted)
      throws IOException {
    int count = keys.length;
    BinaryDocValues it = values.getBinary(field);
    int ord = 0;
    for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
      keys[ord++] = (int) SubstringLayout.extract(it.binaryValue(), start, width);
    }
    int buckets = 1 << width;
    int[] offsets = new int[buckets + 1];
    for (int key : keys) {
      offsets[key + 1]++;
    }
    for (int k = 0; k < buckets; k++) {
      offsets[k + 1] += offsets[k];
    }
    int[] next = ArrayUtil.copyOfSubArray(offsets, 0, buckets);
    for (int o = 0; o < count; o++) {
      sorted[next[keys[o]]++] = o;
    }

    meta.writeVInt(start);
    meta.writeVInt(width);
    long ordsStart = index.getFilePointer();
    meta.writeLong(ordsStart);
    int bitsPerValue = DirectWriter.unsignedBitsRequired(count - 1);
    meta.writeByte((byte) bitsPerValue);
    DirectWriter ords = DirectWriter.getInstance(index, count, bitsPerValue);
    for (int o : sorted) {
      ords.add(o);
    }
    ords.finish();
    meta.writeLong(index.getFilePointer() - ordsStart);

    long offsetsStart = index.getFilePointer();
    meta.writeLong(offsetsStart);
    meta.writeVInt(OFFSETS_BLOCK_SHIFT);
    DirectMonotonicWriter writer =
        DirectMonotonicWriter.getInstance(meta, index, buckets + 1L, OFFSETS_BLOCK_SHIFT);
    for (int offset : offsets) {
      writer.add(offset);
    }
    writer.finish();
    meta.writeLong(index.getFilePointer() - offsetsStart);
  }

  @Override
  public void close() throws IOException {
    boolean success = false;
    try {
      if (meta != null) {
        meta.writeInt(-1);
        CodecUtil.writeFooter(meta);
      }
      if (data != null) {
        CodecUtil.writeFooter(data);
      }
      if (index != null) {
        CodecUtil.writeFooter(index);
      }
      success = true;
    } finally {
      if (success) {
        IOUtils.close(meta, data, index, delegate);
      } else {
        IOUtils.closeWhileHandlingException(meta, data, index, delegate);
      }
      meta = data = index = null;
      delegate = null;
    }
  }
}
