package dev.semhash.training.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.data.Qrel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RetrievalEvaluatorTest {
  private static final Set<String> QUERIES = Set.of("q1", "q2", "q3", "q4");
  private static final Set<String> DOCS = Set.of("d1", "d2", "d3", "d4", "d5", "d9");

  private static Qrels qrels() {
    return Qrels.of(
        List.of(
            new Qrel("q1", "d1", 1, "test"),
            new Qrel("q1", "d2", 2, "test"),
            new Qrel("q1", "d3", 0, "test"),
            new Qrel("q2", "d4", 1, "test"),
            new Qrel("q3", "d5", 0, "test"),
            new Qrel("q4", "d5", 1, "train")),
        "test",
        QUERIES,
        DOCS,
        "qrels-test.tsv");
  }

  @Test
  void handComputedRun() {
    // Added out of order; the run sorts by score: q1 -> d3 (3.0), d2 (2.0), d9 (1.5), d1 (1.0).
    Run run =
        new Run.Builder("test-run")
            .add("q1", "d1", 1.0)
            .add("q1", "d3", 3.0)
            .add("q1", "d9", 1.5)
            .add("q1", "d2", 2.0)
            .add("q4", "d5", 9.0) // q4 is judged only in the train split: ignored
            .build();
    assertEquals(List.of("d3", "d2", "d9", "d1"), run.ranking("q1").stream().map(ScoredDoc::docId).toList());
    RetrievalEvaluation r = RetrievalEvaluator.evaluate(run, qrels());
    // Evaluated: q1 and q2 (q3 has no relevant judgement and is left out); q2 has no result.
    assertEquals(2, r.queries());
    assertEquals(1, r.queriesWithoutResults());
    // q1: grades by rank 0, 2, 0, 1; 2 relevant documents (d1, d2).
    //   DCG@10 = 2/log2(3) + 1/log2(5) = 1.2618595071 + 0.4306765581 = 1.6925360652
    //   IDCG@10 from judged grades 2, 1, 0 = 2 + 1/log2(3) = 2.6309297536 -> nDCG@10 0.6433224083
    //   R@100 = R@1000 = 2/2 = 1; AP = (1/2 + 2/4) / 2 = 0.5; RR@10 = 1/2.
    // q2: nothing retrieved -> 0 everywhere.
    assertEquals(0.6433224083306327, r.perQuery().get(0).ndcg10(), 1e-12);
    assertEquals(0.32166120416531635, r.ndcg10(), 1e-12);
    assertEquals(0.5, r.recall100(), 1e-12);
    assertEquals(0.5, r.recall1000(), 1e-12);
    assertEquals(0.25, r.map(), 1e-12);
    assertEquals(0.25, r.mrr10(), 1e-12);
  }

  @Test
  void rankingIsCutAtDepth1000() {
    Set<String> docs = new java.util.HashSet<>();
    Run.Builder deep = new Run.Builder("deep");
    Run.Builder mid = new Run.Builder("mid");
    for (int i = 0; i < 1500; i++) {
      docs.add("d" + i);
      // The only relevant document, "rel", sits at rank 1200 in one run and at rank 150 in the other.
      deep.add("q", i == 1199 ? "rel" : "d" + i, 2000 - i);
      mid.add("q", i == 149 ? "rel" : "d" + i, 2000 - i);
    }
    docs.add("rel");
    Qrels qrels = Qrels.of(List.of(new Qrel("q", "rel", 1, "")), null, Set.of("q"), docs, "x");
    RetrievalEvaluation d = RetrievalEvaluator.evaluate(deep.build(), qrels);
    assertEquals(0.0, d.recall1000(), 0);
    assertEquals(0.0, d.map(), 0); // rank 1200 is beyond the depth
    RetrievalEvaluation m = RetrievalEvaluator.evaluate(mid.build(), qrels);
    assertEquals(0.0, m.recall100(), 0);
    assertEquals(1.0, m.recall1000(), 0);
    assertEquals(1 / 150.0, m.map(), 1e-12); // AP = P@150 / 1
    assertEquals(0.0, m.mrr10(), 0);
  }

  @Test
  void tiesKeepInsertionOrder() {
    Run run = new Run.Builder("ties").add("q", "b", 1).add("q", "a", 1).add("q", "c", 2).build();
    assertEquals(List.of("c", "b", "a"), run.ranking("q").stream().map(ScoredDoc::docId).toList());
  }

  @Test
  void qrelsNamingUnknownQueryOrDocument() {
    IllegalArgumentException query =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Qrels.of(
                    List.of(new Qrel("q99", "d1", 1, "test")), "test", QUERIES, DOCS, "scifact/qrels.tsv.gz"));
    assertTrue(query.getMessage().contains("scifact/qrels.tsv.gz"), query.getMessage());
    assertTrue(query.getMessage().contains("query id \"q99\""), query.getMessage());
    IllegalArgumentException doc =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Qrels.of(
                    List.of(new Qrel("q1", "d77", 1, "test")), "test", QUERIES, DOCS, "scifact/qrels.tsv.gz"));
    assertTrue(doc.getMessage().contains("scifact/qrels.tsv.gz"), doc.getMessage());
    assertTrue(doc.getMessage().contains("document id \"d77\""), doc.getMessage());
    // A bad line of another split is skipped, not reported.
    Qrels.of(
        List.of(new Qrel("q99", "d1", 1, "train"), new Qrel("q1", "d1", 1, "test")),
        "test",
        QUERIES,
        DOCS,
        "f");
  }

  @Test
  void qrelsRejectDuplicatesAndEmptiness() {
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Qrels.of(
                    List.of(new Qrel("q1", "d1", 1, ""), new Qrel("q1", "d1", 0, "")),
                    null,
                    QUERIES,
                    DOCS,
                    "f"));
    assertTrue(twice.getMessage().contains("twice"), twice.getMessage());
    IllegalArgumentException empty =
        assertThrows(
            IllegalArgumentException.class,
            () -> Qrels.of(List.of(new Qrel("q1", "d1", 1, "train")), "test", QUERIES, DOCS, "f"));
    assertTrue(empty.getMessage().contains("split \"test\""), empty.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Qrels.of(List.of(), null, QUERIES, DOCS, "f"));
  }

  @Test
  void runRejectsDuplicatesNaNAndEmptiness() {
    Run.Builder builder = new Run.Builder("r").add("q1", "d1", 1.0);
    IllegalArgumentException dup =
        assertThrows(IllegalArgumentException.class, () -> builder.add("q1", "d1", 0.5));
    assertTrue(dup.getMessage().contains("\"d1\" appears twice for query \"q1\""), dup.getMessage());
    builder.add("q2", "d1", 0.5); // the same document for another query is fine
    IllegalArgumentException nan =
        assertThrows(IllegalArgumentException.class, () -> builder.add("q1", "d2", Double.NaN));
    assertTrue(nan.getMessage().contains("NaN"), nan.getMessage());
    IllegalArgumentException empty =
        assertThrows(IllegalArgumentException.class, () -> new Run.Builder("none").build());
    assertTrue(empty.getMessage().contains("no result"), empty.getMessage());
  }

  @Test
  void nothingToEvaluateWithoutRelevantJudgements() {
    Qrels onlyNonRelevant =
        Qrels.of(List.of(new Qrel("q3", "d5", 0, "")), null, QUERIES, DOCS, "f");
    Run run = new Run.Builder("r").add("q3", "d5", 1).build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RetrievalEvaluator.evaluate(run, onlyNonRelevant));
    assertTrue(e.getMessage().contains("no judged query has a relevant document"), e.getMessage());
  }
}
