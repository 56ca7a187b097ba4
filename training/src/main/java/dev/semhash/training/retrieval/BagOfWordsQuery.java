package dev.semhash.training.retrieval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Turns text into a bag-of-words query: a {@link BooleanQuery} with one SHOULD {@link TermQuery}
 * per distinct analysed term, boosted by the number of times the term occurs in the text. This is
 * what Anserini's {@code BagOfWordsQueryGenerator} builds, and it scores exactly like one clause
 * per occurrence (BM25 is linear in the boost) with fewer clauses.
 *
 * <pre class="prettyprint">
 * Query q = BagOfWordsQuery.build("contents", analyzer, "Vitamin D deficiency and bone loss");
 * </pre>
 */
public final class BagOfWordsQuery {
  private BagOfWordsQuery() {}

  /** The analysed terms of {@code text} with their counts, in order of first occurrence. */
  public static Map<String, Integer> termCounts(Analyzer analyzer, String field, String text) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    try (TokenStream stream = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        counts.merge(term.toString(), 1, Integer::sum);
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException("analysing query text failed", e); // in-memory text
    }
    return counts;
  }

  /**
   * The query for {@code text}; a text with no term left after analysis (for instance only stop
   * words) gives an empty query that matches nothing.
   *
   * @throws IllegalArgumentException if the text has more distinct terms than {@link
   *     IndexSearcher#getMaxClauseCount()}
   */
  public static Query build(String field, Analyzer analyzer, String text) {
    Map<String, Integer> counts = termCounts(analyzer, field, text);
    if (counts.size() > IndexSearcher.getMaxClauseCount()) {
      throw new IllegalArgumentException(
          "query text has "
              + counts.size()
              + " distinct terms, more than Lucene's limit of "
              + IndexSearcher.getMaxClauseCount()
              + " clauses; shorten the query text");
    }
    BooleanQuery.Builder builder = new BooleanQuery.Builder();
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      Query term = new TermQuery(new Term(field, e.getKey()));
      if (e.getValue() > 1) {
        term = new BoostQuery(term, e.getValue());
      }
      builder.add(term, BooleanClause.Occur.SHOULD);
    }
    return builder.build();
  }
}
