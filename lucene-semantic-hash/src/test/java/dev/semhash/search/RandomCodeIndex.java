package dev.semhash.search;

import dev.semhash.codecs.SemhashCodec;
import dev.semhash.document.BinaryCodeField;
import dev.semhash.index.HammingCodes;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.analysis.MockAnalyzer;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * A random multi-segment index of codes with deletions, documents without codes and a category,
 * plus the brute-force answers every query is checked against. The answers come from the codes
 * as generated, not as read back, so they are independent of every code path under test.
 */
final class RandomCodeIndex implements Closeable {
  static final String FIELD = "code";
  static final String[] CATEGORIES = {"a", "b", "c"};

  final int bits;
  final long[][] codesById; // null: the document has no code
  final String[] categoryById;
  final Directory dir;
  final DirectoryReader reader;

  /** A hit of the brute force: top-level doc id and distance. */
  record Hit(int doc, int distance) {}

  RandomCodeIndex(Random random, int bits, int numDocs) throws IOException {
    this(random, bits, numDocs, true);
  }

  /**
   * @param deletions whether to delete some documents (QueryUtils' skip checks assume none)
   */
  RandomCodeIndex(Random random, int bits, int numDocs, boolean deletions) throws IOException {
    this(random, bits, numDocs, deletions, false);
  }

  /**
   * @param singleSegment whether to merge into one segment before opening the reader
   */
  RandomCodeIndex(Random random, int bits, int numDocs, boolean deletions, boolean singleSegment)
      throws IOException {
    this(random, bits, numDocs, deletions, singleSegment, false);
  }

  /**
   * @param semhashCodec whether to write the codes with the semhash codec (off-heap codes and
   *     hash tables) instead of the default codec's binary doc values
   */
  RandomCodeIndex(
      Random random, int bits, int numDocs, boolean deletions, boolean singleSegment, boolean semhashCodec)
      throws IOException {
    this.bits = bits;
    this.codesById = new long[numDocs][];
    this.categoryById = new String[numDocs];
    long[][] centres = CodeGen.centres(random, 1 + random.nextInt(4), bits);
    long[][] codes = CodeGen.clustered(random, numDocs, bits, centres);
    dir = LuceneTestCase.newDirectory(random);
    RandomIndexWriter writer =
        semhashCodec
            ? new RandomIndexWriter(
                random, dir, LuceneTestCase.newIndexWriterConfig(random, new MockAnalyzer(random)).setCodec(new SemhashCodec(FIELD)))
            : new RandomIndexWriter(random, dir);
    for (int id = 0; id < numDocs; id++) {
      Document doc = new Document();
      doc.add(new StringField("id", Integer.toString(id), Field.Store.NO));
      doc.add(new NumericDocValuesField("idv", id));
      categoryById[id] = CATEGORIES[random.nextInt(CATEGORIES.length)];
      doc.add(new StringField("cat", categoryById[id], Field.Store.NO));
      if (random.nextInt(10) != 0) {
        codesById[id] = codes[id];
        doc.add(
            semhashCodec
                ? new BinaryCodeField(FIELD, codes[id], bits)
                : new BinaryDocValuesField(FIELD, new BytesRef(HammingCodes.toBytes(codes[id], bits))));
      }
      writer.addDocument(doc);
      if (random.nextInt(50) == 0) {
        writer.commit(); // more segments
      }
    }
    int deleted = numDocs == 0 || deletions == false ? 0 : random.nextInt(numDocs / 5 + 1);
    for (int i = 0; i < deleted; i++) {
      writer.deleteDocuments(new Term("id", Integer.toString(random.nextInt(numDocs))));
    }
    if (singleSegment) {
      writer.forceMerge(1);
    }
    reader = writer.getReader();
    writer.close();
  }

  /** A query code: near a random indexed code, or random. */
  long[] queryCode(Random random) {
    // an index may hold no document at all: then every query code is random
    for (int attempt = 0; attempt < 10 && codesById.length > 0 && random.nextInt(4) != 0; attempt++) {
      long[] code = codesById[random.nextInt(codesById.length)];
      if (code != null) {
        return CodeGen.flip(random, code, bits, random.nextInt(bits / 8 + 1));
      }
    }
    return CodeGen.randomCode(random, bits);
  }

  /** Every live document with a code (in {@code category} if not null), by top-level doc id. */
  List<Hit> bruteForce(long[] query, String category) throws IOException {
    List<Hit> hits = new ArrayList<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      NumericDocValues ids = leaf.reader().getNumericDocValues("idv");
      Bits live = leaf.reader().getLiveDocs();
      for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
        if (live != null && live.get(doc) == false) {
          continue;
        }
        LuceneTestCase.assertTrue(ids.advanceExact(doc));
        int id = (int) ids.longValue();
        if (codesById[id] == null || (category != null && category.equals(categoryById[id]) == false)) {
          continue;
        }
        hits.add(new Hit(leaf.docBase + doc, HammingCodes.distance(codesById[id], query)));
      }
    }
    return hits;
  }

  List<Hit> withinRadius(long[] query, int radius, String category) throws IOException {
    return bruteForce(query, category).stream().filter(h -> h.distance() <= radius).toList();
  }

  /** The k nearest by (distance, doc). */
  List<Hit> nearest(long[] query, int k, String category) throws IOException {
    Hit[] all = bruteForce(query, category).toArray(new Hit[0]);
    Arrays.sort(all, Comparator.comparingInt(Hit::distance).thenComparingInt(Hit::doc));
    return Arrays.asList(Arrays.copyOf(all, Math.min(k, all.length)));
  }

  /** Hits in the order a top-docs search returns them: score descending, then doc ascending. */
  static List<Hit> inRankOrder(List<Hit> hits) {
    return hits.stream()
        .sorted(Comparator.comparingInt(Hit::distance).thenComparingInt(Hit::doc))
        .toList();
  }

  static int[] docs(List<Hit> hits) {
    return hits.stream().mapToInt(Hit::doc).sorted().toArray();
  }

  @Override
  public void close() throws IOException {
    reader.close();
    dir.close();
  }
}
