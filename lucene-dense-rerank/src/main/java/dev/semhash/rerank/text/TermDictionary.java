package dev.semhash.rerank.text;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;

/**
 * The terms a rerank model knows, in id order, each with its inverse document frequency.
 *
 * <pre class="prettyprint">
 * TermDictionary dict = new TermDictionary(List.of("bone", "vitamin"), new float[] {2.1f, 3.4f});
 * int id = dict.id("vitamin"); // 1
 * </pre>
 */
public final class TermDictionary {
  private final String[] terms;
  private final float[] idf;
  private final Map<String, Integer> ids;

  /**
   * @param terms distinct terms, in id order
   * @param idf the weight of each term, finite and positive
   */
  public TermDictionary(List<String> terms, float[] idf) {
    if (terms.size() != idf.length) {
      throw new IllegalArgumentException(terms.size() + " terms but " + idf.length + " idf values");
    }
    this.terms = terms.toArray(new String[0]);
    this.idf = idf.clone();
    this.ids = new HashMap<>(terms.size() * 2);
    for (int i = 0; i < this.terms.length; i++) {
      if (Float.isFinite(idf[i]) == false || idf[i] <= 0) {
        throw new IllegalArgumentException("idf of '" + this.terms[i] + "' is " + idf[i] + "; it must be finite and positive");
      }
      if (ids.put(this.terms[i], i) != null) {
        throw new IllegalArgumentException("duplicate term '" + this.terms[i] + "' in the dictionary");
      }
    }
  }

  /** Number of terms: the dimension of term vectors. */
  public int size() {
    return terms.length;
  }

  /** The id of {@code term}, or -1 if it is unknown. */
  public int id(String term) {
    Integer i = ids.get(term);
    return i == null ? -1 : i;
  }

  /** The term with id {@code id}. */
  public String term(int id) {
    return terms[id];
  }

  /** The idf of the term with id {@code id}. */
  public float idf(int id) {
    return idf[id];
  }

  /** Writes VInt size, then per term String term and Int idf bits. */
  public void write(DataOutput out) throws IOException {
    out.writeVInt(terms.length);
    for (int i = 0; i < terms.length; i++) {
      out.writeString(terms[i]);
      out.writeInt(Float.floatToIntBits(idf[i]));
    }
  }

  /** Reads a dictionary written by {@link #write}. */
  public static TermDictionary read(DataInput in) throws IOException {
    int size = in.readVInt();
    if (size < 0 || size > (1 << 26)) {
      throw new IOException("implausible dictionary size " + size);
    }
    String[] terms = new String[size];
    float[] idf = new float[size];
    for (int i = 0; i < size; i++) {
      terms[i] = in.readString();
      idf[i] = Float.intBitsToFloat(in.readInt());
    }
    try {
      return new TermDictionary(Arrays.asList(terms), idf);
    } catch (IllegalArgumentException e) {
      throw new IOException("bad dictionary: " + e.getMessage(), e);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TermDictionary d && Arrays.equals(terms, d.terms) && Arrays.equals(idf, d.idf);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(terms) * 31 + Arrays.hashCode(idf);
  }
}
