package dev.semhash.codecs.semhash10;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.tests.index.RandomIndexWriter;
import org.apache.lucene.util.BytesRef;

/**
 * Random codes indexed with {@link BinaryCodeField}, remembered by document id so that any view of
 * the index can be compared with brute force.
 */
public final class RandomCodeIndex {
  public static final String CODE = "code";
  public static final String ID = "id";

  public final int bits;
  /** Code of every document ever added that has one (deleted documents included), by id. */
  public final Map<Integer, byte[]> codes = new HashMap<>();
  public final TreeSet<Integer> deleted = new TreeSet<>();
  public int numDocs;
  /** Whether readers must return the format's off-heap view (false after stock-codec merges). */
  public boolean expectFastPath = true;

  public RandomCodeIndex(int bits) {
    this.bits = bits;
  }

  public static byte[] randomCode(Random random, int bits) {
    byte[] code = new byte[bits / 8];
    random.nextBytes(code);
    return code;
  }

  public static Document document(int id, byte[] code) {
    Document doc = new Document();
    doc.add(new StringField(ID, Integer.toString(id), Field.Store.NO));
    doc.add(new NumericDocValuesField(ID, id));
    if (code != null) {
      doc.add(new BinaryCodeField(CODE, code, code.length * 8));
    }
    return doc;
  }

  /** Adds {@code count} documents, each with a code with probability {@code density}. */
  public void add(RandomIndexWriter writer, Random random, int count, double density)
      throws IOException {
    for (int i = 0; i < count; i++) {
      int id = numDocs++;
      byte[] code = random.nextDouble() < density ? randomCode(random, bits) : null;
      if (code != null) {
        codes.put(id, code);
      }
      writer.addDocument(document(id, code));
    }
  }

  /** Deletes about {@code fraction} of the documents added so far. */
  public void deleteSome(RandomIndexWriter writer, Random random, double fraction)
      throws IOException {
    for (int id = 0; id < numDocs; id++) {
      if (!deleted.contains(id) && random.nextDouble() < fraction) {
        writer.deleteDocuments(new Term(ID, Integer.toString(id)));
        deleted.add(id);
      }
    }
  }

  /** Checks every leaf of {@code reader} against the remembered codes, through every API. */
  public void verify(IndexReader reader, Random random) throws IOException {
    int live = 0;
    for (LeafReaderContext context : reader.leaves()) {
      live += verifyLeaf(context.reader(), random);
    }
    assertEquals(numDocs - deleted.size(), reader.numDocs());
    assertTrue(live <= reader.numDocs());
  }

  private int verifyLeaf(LeafReader leaf, Random random) throws IOException {
    NumericDocValues ids = leaf.getNumericDocValues(ID);
    List<Integer> docs = new ArrayList<>();
    List<byte[]> expected = new ArrayList<>();
    int[] idOfDoc = new int[leaf.maxDoc()];
    for (int doc = 0; doc < leaf.maxDoc(); doc++) {
      assertTrue(ids.advanceExact(doc));
      idOfDoc[doc] = (int) ids.longValue();
      byte[] code = codes.get(idOfDoc[doc]);
      if (code != null) {
        docs.add(doc);
        expected.add(code);
      }
    }
    int n = docs.size();

    BinaryDocValues values = leaf.getBinaryDocValues(CODE);
    if (values == null) {
      assertEquals(0, n);
      return 0;
    }
    int ord = 0;
    for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
      assertEquals(docs.get(ord).intValue(), doc);
      assertEquals(new BytesRef(expected.get(ord)), values.binaryValue());
      ord++;
    }
    assertEquals(n, ord);

    HammingCodes codes = HammingCodes.of(leaf, CODE, bits);
    assertNotNull(codes);
    assertEquals(n, codes.size());
    if (n == 0) {
      return 0;
    }
    assertEquals(
        "fast path " + codes.getClass(), expectFastPath, codes instanceof OffHeapHammingCodes);
    assertEquals(bits, codes.bits());
    long[][] words = new long[n][];
    long[] buffer = new long[codes.words()];
    for (int o = 0; o < n; o++) {
      words[o] = HammingCodes.toWords(expected.get(o), 0, bits / 8);
      assertEquals(docs.get(o).intValue(), codes.docAt(o));
      assertEquals(o, codes.ordOf(docs.get(o)));
    }
    // reads in random order, to exercise random access
    for (int k = 0; k < Math.min(n, 200); k++) {
      int o = random.nextInt(n);
      codes.readCode(o, buffer);
      assertArrayEquals(words[o], buffer);
    }
    for (int doc = 0; doc < leaf.maxDoc(); doc++) {
      if (!this.codes.containsKey(idOfDoc[doc])) {
        assertEquals(-1, codes.ordOf(doc));
      }
    }
    // bulk distances over random ranges, and the whole segment
    long[] query = HammingCodes.toWords(randomCode(random, bits), 0, bits / 8);
    int[] distances = new int[n];
    codes.distances(query, 0, n, distances);
    for (int o = 0; o < n; o++) {
      assertEquals(HammingCodes.distance(query, words[o]), distances[o]);
    }
    for (int k = 0; k < 5; k++) {
      int from = random.nextInt(n + 1);
      int to = from + random.nextInt(n - from + 1);
      int[] part = new int[to - from];
      codes.distances(words[random.nextInt(n)], from, to, part);
      codes.distances(query, from, to, part);
      for (int o = from; o < to; o++) {
        assertEquals(distances[o], part[o - from]);
      }
    }
    verifyScan(codes, words, bits, random);
    if (expectFastPath) {
      verifySubstringIndex(codes.substringIndex(), words, bits, random);
    }
    return n;
  }

  /**
   * The fused scan against brute force: fixed bounds, a bound that shrinks as the visitor sees
   * codes (as a top-k selection does), a visitor that stops the scan, and random sub-ranges.
   */
  static void verifyScan(HammingCodes codes, long[][] words, int bits, Random random)
      throws IOException {
    int n = words.length;
    for (int iter = 0; iter < 6; iter++) {
      long[] query =
          iter % 2 == 0
              ? HammingCodes.toWords(randomCode(random, bits), 0, bits / 8)
              : words[random.nextInt(n)].clone();
      int from = iter < 2 ? 0 : random.nextInt(n + 1);
      int to = iter < 2 ? n : from + random.nextInt(n - from + 1);
      int[] d = new int[n];
      for (int o = 0; o < n; o++) {
        d[o] = HammingCodes.distance(query, words[o]);
      }
      // fixed bound: exactly the codes within it, in order
      int radius = random.nextInt(bits + 2) - 1;
      List<Integer> expected = new ArrayList<>();
      for (int o = from; o < to; o++) {
        if (d[o] <= radius) {
          expected.add(o);
        }
      }
      List<Integer> seen = new ArrayList<>();
      int end =
          codes.scan(
              query,
              from,
              to,
              radius,
              (ord, distance) -> {
                assertEquals("distance of ord " + ord, d[ord], distance);
                seen.add(ord);
                return radius;
              });
      assertEquals(to, end);
      assertEquals(expected, seen);

      // shrinking bound: each visit lowers it to (distance - 1 + ord % 3), or asks for more
      // (ignored), simulated here on the brute-force distances
      expected.clear();
      int bound = bits;
      for (int o = from; o < to; o++) {
        if (d[o] <= bound) {
          expected.add(o);
          bound = Math.min(bound, shrink(o, d[o], bits));
        }
      }
      seen.clear();
      int[] current = {bits};
      end =
          codes.scan(
              query,
              from,
              to,
              bits,
              (ord, distance) -> {
                assertTrue(distance <= current[0]);
                seen.add(ord);
                int next = shrink(ord, distance, bits);
                current[0] = Math.min(current[0], next);
                return next;
              });
      assertEquals(expected, seen);
      assertEquals(bound < 0 ? seen.get(seen.size() - 1) + 1 : to, end);

      // stopping after the j-th code within the bound
      if (to > from) {
        int within = bits; // every code
        int stopAfter = 1 + random.nextInt(to - from);
        seen.clear();
        end =
            codes.scan(
                query,
                from,
                to,
                within,
                (ord, distance) -> {
                  seen.add(ord);
                  return seen.size() == stopAfter ? -1 : within;
                });
        assertEquals(stopAfter, seen.size());
        assertEquals(from + stopAfter - 1, seen.get(seen.size() - 1).intValue());
        assertEquals(from + stopAfter, end);
      }
    }
  }

  /** A visitor's new bound: usually lower than the distance just seen, sometimes higher. */
  private static int shrink(int ord, int distance, int bits) {
    return ord % 7 == 0 ? bits : distance - 1 + ord % 3;
  }

  static void verifySubstringIndex(
      SubstringIndex index, long[][] words, int bits, Random random)
      throws IOException {
    assertNotNull(index);
    int n = words.length;
    int covered = 0;
    for (int i = 0; i < index.substrings(); i++) {
      assertEquals(covered, index.substringStart(i));
      covered += index.substringBits(i);
      for (int k = 0; k < 20; k++) {
        long value =
            k % 2 == 0
                ? index.extract(words[random.nextInt(n)], i)
                : random.nextLong() >>> (64 - index.substringBits(i));
        List<Integer> expected = new ArrayList<>();
        for (int o = 0; o < n; o++) {
          if (index.extract(words[o], i) == value) {
            expected.add(o);
          }
        }
        List<Integer> actual = new ArrayList<>();
        index.lookup(i, value, actual::add);
        assertEquals(expected, actual);
      }
    }
    assertEquals(bits, covered);
  }
}
