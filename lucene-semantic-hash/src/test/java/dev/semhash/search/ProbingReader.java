package dev.semhash.search;

import dev.semhash.index.CodeDocValues;
import dev.semhash.index.HammingCodes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexReader.CacheHelper;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FilterDirectoryReader;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;

/**
 * Wraps a reader so that the binary doc values of one field are {@link CodeDocValues} whose codes
 * carry an {@link InMemorySubstringIndex}, as the semhash format's will: lets tests run the
 * queries' multi-index hashing path end to end. Each segment gets its own random substring layout.
 */
final class ProbingReader extends FilterDirectoryReader {
  /** Pass as the seed for codes held in memory without substring tables (benchmarks). */
  static final long NO_TABLES = Long.MIN_VALUE;

  private final String field;
  private final int bits;
  private final long seed;

  ProbingReader(DirectoryReader in, String field, int bits, long seed) throws IOException {
    super(in, new Wrapper(field, bits, seed));
    this.field = field;
    this.bits = bits;
    this.seed = seed;
  }

  @Override
  protected DirectoryReader doWrapDirectoryReader(DirectoryReader in) throws IOException {
    return new ProbingReader(in, field, bits, seed);
  }

  @Override
  public CacheHelper getReaderCacheHelper() {
    return null;
  }

  private static final class Wrapper extends SubReaderWrapper {
    private final String field;
    private final int bits;
    private final Random random;
    private final boolean noTables;

    Wrapper(String field, int bits, long seed) {
      this.noTables = seed == NO_TABLES;
      this.field = field;
      this.bits = bits;
      this.random = new Random(seed);
    }

    @Override
    public LeafReader wrap(LeafReader reader) {
      try {
        return new ProbingLeafReader(reader, field, bits, noTables ? NO_TABLES : random.nextLong());
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  private static final class ProbingLeafReader extends FilterLeafReader {
    private final String field;
    private final InMemoryCodes codes;

    ProbingLeafReader(LeafReader in, String field, int bits, long seed) throws IOException {
      super(in);
      this.field = field;
      BinaryDocValues values = in.getBinaryDocValues(field);
      if (values == null) {
        codes = null;
        return;
      }
      List<Integer> docs = new ArrayList<>();
      List<long[]> words = new ArrayList<>();
      for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
        docs.add(doc);
        words.add(HammingCodes.toWords(values.binaryValue()));
      }
      long[][] codeArray = words.toArray(new long[0][]);
      InMemorySubstringIndex index =
          seed == NO_TABLES
              ? null
              : InMemorySubstringIndex.random(
                  new Random(seed), codeArray, bits, new Random(seed).nextInt(4) == 0);
      codes =
          new InMemoryCodes(bits, docs.stream().mapToInt(Integer::intValue).toArray(), codeArray, index);
    }

    @Override
    public BinaryDocValues getBinaryDocValues(String name) throws IOException {
      BinaryDocValues values = in.getBinaryDocValues(name);
      if (values == null || name.equals(field) == false) {
        return values;
      }
      return new CodeDocValues() {
        @Override
        public HammingCodes hammingCodes() {
          return codes;
        }

        @Override
        public BytesRef binaryValue() throws IOException {
          return values.binaryValue();
        }

        @Override
        public boolean advanceExact(int target) throws IOException {
          return values.advanceExact(target);
        }

        @Override
        public int docID() {
          return values.docID();
        }

        @Override
        public int nextDoc() throws IOException {
          return values.nextDoc();
        }

        @Override
        public int advance(int target) throws IOException {
          return values.advance(target);
        }

        @Override
        public long cost() {
          return values.cost();
        }
      };
    }

    @Override
    public CacheHelper getCoreCacheHelper() {
      return null;
    }

    @Override
    public CacheHelper getReaderCacheHelper() {
      return null;
    }
  }
}
