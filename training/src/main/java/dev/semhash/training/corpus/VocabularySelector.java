package dev.semhash.training.corpus;

import dev.semhash.text.Vocabulary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;

/**
 * Picks a {@link Vocabulary} from an index's terms dictionary: the {@code maxTerms} terms of
 * highest document frequency among those with {@code minDocFreq <= df <= maxDocFreq}. Ties in
 * document frequency go to the term that comes first in Lucene's term order (UTF-8 byte order), so
 * the choice is deterministic. Dimensions are numbered in the same order: dimension 0 is the most
 * frequent term.
 *
 * <p>The statistics are Lucene's own, as BM25 uses them: {@code numDocs} is the field's {@link
 * Terms#getDocCount() docCount} (documents with at least one token) and {@code avgDocLength} is
 * {@link Terms#getSumTotalTermFreq() sumTotalTermFreq} / docCount, both over every term of the
 * field, not only the selected ones.
 *
 * <pre class="prettyprint">
 * Vocabulary v = VocabularySelector.select(index.reader(), CorpusIndex.BODY, VocabularySettings.DEFAULT);
 * </pre>
 */
public final class VocabularySelector {
  private VocabularySelector() {}

  private record Candidate(BytesRef term, int df) {}

  // Worst first: lower df, then later term.
  private static final Comparator<Candidate> WORST_FIRST =
      Comparator.comparingInt(Candidate::df)
          .thenComparing(Candidate::term, Comparator.reverseOrder());

  /**
   * Selects the vocabulary of {@code field}.
   *
   * @throws IllegalArgumentException if the field has no term, or no term passes the document
   *     frequency limits (the message gives the limits and the corpus size)
   */
  public static Vocabulary select(IndexReader reader, String field, VocabularySettings settings)
      throws IOException {
    Terms terms = MultiTerms.getTerms(reader, field);
    if (terms == null || terms.getDocCount() == 0) {
      throw new IllegalArgumentException(
          "field \"" + field + "\" has no term in any of the " + reader.numDocs()
              + " documents; is the text empty, or does the analyzer drop every token?");
    }
    long numDocs = terms.getDocCount();
    double avgDocLength = (double) terms.getSumTotalTermFreq() / numDocs;
    long maxDf = settings.maxDocFreq(numDocs);
    PriorityQueue<Candidate> top = new PriorityQueue<>(WORST_FIRST);
    TermsEnum te = terms.iterator();
    for (BytesRef term = te.next(); term != null; term = te.next()) {
      int df = te.docFreq();
      if (df < settings.minDocFreq() || df > maxDf) {
        continue;
      }
      if (top.size() < settings.maxTerms()) {
        top.add(new Candidate(BytesRef.deepCopyOf(term), df));
      } else if (df > top.peek().df()) {
        // Terms arrive in term order, so an equal df never beats a kept term.
        top.poll();
        top.add(new Candidate(BytesRef.deepCopyOf(term), df));
      }
    }
    if (top.isEmpty()) {
      throw new IllegalArgumentException(
          "no term of field \"" + field + "\" has a document frequency in [" + settings.minDocFreq()
              + ", " + maxDf + "] over " + numDocs + " documents; lower --min-df or raise"
              + " --max-df");
    }
    List<Candidate> chosen = new ArrayList<>(top);
    chosen.sort(WORST_FIRST.reversed());
    List<String> words = new ArrayList<>(chosen.size());
    long[] dfs = new long[chosen.size()];
    for (int i = 0; i < chosen.size(); i++) {
      words.add(chosen.get(i).term().utf8ToString());
      dfs[i] = chosen.get(i).df();
    }
    return new Vocabulary(words, dfs, numDocs, avgDocLength);
  }
}
