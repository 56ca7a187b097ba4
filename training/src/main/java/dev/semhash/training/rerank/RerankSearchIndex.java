package dev.semhash.training.rerank;

import dev.semhash.rerank.document.RerankVectorField;
import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.search.Combination;
import dev.semhash.rerank.search.RerankQuery;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Run;
import dev.semhash.training.progress.ProgressReporter;
import dev.semhash.training.retrieval.BagOfWordsQuery;
import dev.semhash.training.retrieval.Bm25Index;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/**
 * A Lucene index for end-to-end rerank evaluation: each document's title + text in a BM25 field
 * (analysed and scored as {@link Bm25Index} does) and its rerank vector, computed from the model at
 * index time, in a {@link RerankVectorField}. Queries run as BM25 alone or through {@link
 * RerankQuery} over BM25's top N. Documents keep their list position as doc id (one segment).
 *
 * <pre class="prettyprint">
 * try (RerankSearchIndex index = RerankSearchIndex.build(docs, Bm25Index.Settings.ANSERINI, model, progress)) {
 *   Run reranked = index.rerank(testQueries, 1000, Combination.INTERPOLATE, 0.3f, "ssi");
 * }
 * </pre>
 */
public final class RerankSearchIndex implements Closeable {
  /** The field of the documents' rerank vectors. */
  public static final String VECTOR_FIELD = "rerank_vector";

  private static final String ID_FIELD = "id";

  private final Directory directory;
  private final DirectoryReader reader;
  private final IndexSearcher searcher;
  private final Analyzer analyzer;
  private final RerankModel model;
  private final String[] ids;

  private RerankSearchIndex(Directory directory, Bm25Index.Settings settings, RerankModel model) throws IOException {
    this.directory = directory;
    this.reader = DirectoryReader.open(directory);
    this.searcher = new IndexSearcher(reader);
    searcher.setSimilarity(new BM25Similarity(settings.k1(), settings.b()));
    this.analyzer = settings.analysis().newAnalyzer();
    this.model = model;
    this.ids = new String[reader.maxDoc()];
    StoredFields stored = reader.storedFields();
    for (int doc = 0; doc < ids.length; doc++) {
      ids[doc] = stored.document(doc).get(ID_FIELD);
    }
  }

  /** Indexes {@code docs} in memory, each with its vector from {@code model}. */
  public static RerankSearchIndex build(List<Document> docs, Bm25Index.Settings settings, RerankModel model, ProgressReporter progress)
      throws IOException {
    return build(docs, settings, model, new ByteBuffersDirectory(), progress);
  }

  /**
   * Indexes {@code docs} into {@code dir} (empty; for instance an {@code MMapDirectory}, as a
   * production index would be), each with its vector from {@code model}; closing the index closes
   * {@code dir}.
   */
  public static RerankSearchIndex build(
      List<Document> docs, Bm25Index.Settings settings, RerankModel model, Directory dir, ProgressReporter progress)
      throws IOException {
    if (docs.isEmpty()) {
      dir.close();
      throw new IllegalArgumentException("no document to index; give at least one");
    }
    try (Analyzer analyzer = settings.analysis().newAnalyzer()) {
      IndexWriterConfig config = new IndexWriterConfig(analyzer)
          .setSimilarity(new BM25Similarity(settings.k1(), settings.b()))
          .setRAMBufferSizeMB(256);
      try (IndexWriter writer = new IndexWriter(dir, config);
          ProgressReporter.Progress p = progress.start("indexing with rerank vectors", docs.size(), "docs")) {
        for (Document doc : docs) {
          String contents = Bm25Index.contents(doc);
          org.apache.lucene.document.Document lucene = new org.apache.lucene.document.Document();
          lucene.add(new StoredField(ID_FIELD, doc.id()));
          lucene.add(new TextField(Bm25Index.FIELD, contents, Field.Store.NO));
          lucene.add(RerankVectorField.create(VECTOR_FIELD, model, contents));
          writer.addDocument(lucene);
          p.step(1);
        }
        writer.forceMerge(1);
        writer.commit();
      }
    } catch (IOException | RuntimeException e) {
      dir.close();
      throw e;
    }
    return new RerankSearchIndex(dir, settings, model);
  }

  /** The first-stage (BM25) query of a text. */
  public org.apache.lucene.search.Query firstStage(String text) {
    return BagOfWordsQuery.build(Bm25Index.FIELD, analyzer, text);
  }

  /** The reranking query of a text. */
  public RerankQuery rerankQuery(String text, int depth, Combination combination, float weight) {
    return new RerankQuery(firstStage(text), model, text, depth, combination, weight, VECTOR_FIELD);
  }

  /** BM25 alone, top {@code depth}. */
  public Run firstStage(List<Query> queries, int depth, String name) throws IOException {
    Run.Builder run = new Run.Builder(name);
    for (Query q : queries) {
      add(run, q.id(), searcher.search(firstStage(q.text()), depth));
    }
    return run.build();
  }

  /** BM25's top {@code depth} reranked by the model through {@link RerankQuery}. */
  public Run rerank(List<Query> queries, int depth, Combination combination, float weight, String name) throws IOException {
    Run.Builder run = new Run.Builder(name);
    for (Query q : queries) {
      add(run, q.id(), searcher.search(rerankQuery(q.text(), depth, combination, weight), depth));
    }
    return run.build();
  }

  private void add(Run.Builder run, String queryId, TopDocs top) {
    for (ScoreDoc sd : top.scoreDocs) {
      run.add(queryId, ids[sd.doc], sd.score);
    }
  }

  public IndexSearcher searcher() {
    return searcher;
  }

  @Override
  public void close() throws IOException {
    try (directory;
        reader;
        analyzer) {
      // closes all three
    }
  }
}
