package dev.semhash.training.retrieval;

import dev.semhash.training.data.SharedData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.Qrel;
import dev.semhash.training.data.Query;
import dev.semhash.training.eval.Qrels;
import dev.semhash.training.eval.RetrievalEvaluation;
import dev.semhash.training.eval.RetrievalEvaluator;
import dev.semhash.training.eval.Run;
import dev.semhash.training.progress.ProgressReporter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * BM25 over SciFact reproduces Anserini's BEIR "flat" regression (nDCG@10 0.6789, R@100 0.9253,
 * R@1000 0.9767) on the 300 test queries.
 */
class ScifactBm25QualityTest {

  @Test
  void matchesAnseriniFlatBaseline() throws Exception {
    DatasetReader data = new DatasetReader(SharedData.dataset("scifact"));
    List<Document> docs = data.documents();
    List<Query> queries = data.queries();
    List<Qrel> qrels = data.qrels();
    Set<String> docIds = docs.stream().map(Document::id).collect(Collectors.toSet());
    Set<String> queryIds = queries.stream().map(Query::id).collect(Collectors.toSet());
    Qrels test = Qrels.of(qrels, "test", queryIds, docIds, data.dir() + "/qrels.tsv.gz");
    List<Query> testQueries = queries.stream().filter(q -> "test".equals(q.split())).toList();
    assertEquals(300, testQueries.size());

    RetrievalEvaluation result;
    try (Bm25Index bm25 = Bm25Index.inMemory(docs, ProgressReporter.NONE)) {
      Run run = bm25.search(testQueries, RetrievalEvaluator.DEPTH, "bm25-flat", ProgressReporter.NONE);
      result = RetrievalEvaluator.evaluate(run, test);
    }
    System.out.println(result);
    assertEquals(300, result.queries());
    assertEquals(0.6789, result.ndcg10(), 0.005, result.toString());
    assertEquals(0.9253, result.recall100(), 0.005, result.toString());
    assertEquals(0.9767, result.recall1000(), 0.005, result.toString());
    assertTrue(result.mrr10() >= result.ndcg10() - 0.1, result.toString());
  }
}
