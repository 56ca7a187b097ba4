package dev.semhash.text;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.analysis.CharArrayMap;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.DataOutput;

/**
 * The terms a model knows, in dimension order, with the corpus statistics they are weighted by:
 * each term's document frequency, the number of documents and their mean length in tokens.
 *
 * <pre class="prettyprint">
 * Vocabulary vocabulary = new Vocabulary(List.of("space", "nasa"), new long[] {120, 40}, 1000, 87.5);
 * int dimension = vocabulary.indexOf("nasa"); // 1
 * </pre>
 */
public final class Vocabulary {
  private final String[] terms;
  private final long[] docFreqs;
  private final long numDocs;
  private final double avgDocLength;
  /** Keyed by characters, so an analysis chain's term buffer is looked up without a String. */
  private final CharArrayMap<Integer> index;

  /**
   * @param terms distinct terms, in dimension order
   * @param docFreqs the document frequency of each term, each in [1, numDocs]
   * @param numDocs the number of documents the statistics were taken from
   * @param avgDocLength mean document length in tokens (used by BM25 weighting)
   */
  public Vocabulary(List<String> terms, long[] docFreqs, long numDocs, double avgDocLength) {
    if (terms.size() != docFreqs.length) {
      throw new IllegalArgumentException(
          terms.size() + " terms but " + docFreqs.length + " document frequencies");
    }
    if (numDocs < 0 || Double.isFinite(avgDocLength) == false || avgDocLength < 0) {
      throw new IllegalArgumentException(
          "bad corpus statistics: numDocs=" + numDocs + " avgDocLength=" + avgDocLength);
    }
    this.terms = terms.toArray(new String[0]);
    this.docFreqs = docFreqs.clone();
    this.numDocs = numDocs;
    this.avgDocLength = avgDocLength;
    this.index = new CharArrayMap<>(terms.size(), false);
    for (int i = 0; i < this.terms.length; i++) {
      if (docFreqs[i] < 1 || docFreqs[i] > Math.max(1, numDocs)) {
        throw new IllegalArgumentException(
            "document frequency of '" + this.terms[i] + "' is " + docFreqs[i] + ", outside [1, " + numDocs + "]");
      }
      if (index.put(this.terms[i], i) != null) {
        throw new IllegalArgumentException("duplicate term '" + this.terms[i] + "' in vocabulary");
      }
    }
  }

  /** Number of terms, the dimension of the vectors. */
  public int size() {
    return terms.length;
  }

  /** The dimension of {@code term}, or -1 if it is not in the vocabulary. */
  public int indexOf(String term) {
    Integer i = index.get(term);
    return i == null ? -1 : i;
  }

  /**
   * The dimension of the term in {@code buffer[offset, offset + length)}, or -1 if it is not in the
   * vocabulary: an analysis chain's {@code CharTermAttribute} buffer, read in place.
   */
  public int indexOf(char[] buffer, int offset, int length) {
    Integer i = index.get(buffer, offset, length);
    return i == null ? -1 : i;
  }

  /** The term of dimension {@code i}. */
  public String term(int i) {
    return terms[i];
  }

  /** Document frequency of the term of dimension {@code i}. */
  public long docFreq(int i) {
    return docFreqs[i];
  }

  /** Number of documents the statistics come from. */
  public long numDocs() {
    return numDocs;
  }

  /** Mean document length in tokens. */
  public double avgDocLength() {
    return avgDocLength;
  }

  /** The terms in dimension order (a copy). */
  public List<String> terms() {
    return List.of(terms);
  }

  /** Writes the vocabulary; {@link #read} reads it back. */
  public void write(DataOutput out) throws IOException {
    out.writeVLong(numDocs);
    out.writeLong(Double.doubleToLongBits(avgDocLength));
    out.writeVInt(terms.length);
    for (int i = 0; i < terms.length; i++) {
      out.writeString(terms[i]);
      out.writeVLong(docFreqs[i]);
    }
  }

  /** Reads a vocabulary written by {@link #write}. */
  public static Vocabulary read(DataInput in) throws IOException {
    long numDocs = in.readVLong();
    double avgDocLength = Double.longBitsToDouble(in.readLong());
    int size = in.readVInt();
    // a damaged size must not allocate gigabytes before the reader runs out of input
    if (size < 0 || (in instanceof IndexInput file && size > file.length() - file.getFilePointer())) {
      throw new IOException("corrupt vocabulary: " + size + " terms cannot be in what is left of the input");
    }
    String[] terms = new String[size];
    long[] dfs = new long[size];
    for (int i = 0; i < size; i++) {
      terms[i] = in.readString();
      dfs[i] = in.readVLong();
    }
    try {
      return new Vocabulary(Arrays.asList(terms), dfs, numDocs, avgDocLength);
    } catch (IllegalArgumentException e) {
      throw new IOException("corrupt vocabulary: " + e.getMessage(), e);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Vocabulary v
        && numDocs == v.numDocs
        && Double.compare(avgDocLength, v.avgDocLength) == 0
        && Arrays.equals(terms, v.terms)
        && Arrays.equals(docFreqs, v.docFreqs);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(terms) * 31 + Long.hashCode(numDocs);
  }
}
