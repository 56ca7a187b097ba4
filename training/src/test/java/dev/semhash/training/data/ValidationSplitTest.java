package dev.semhash.training.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ValidationSplitTest {
  private static List<Document> documents(int train, int test, String split) {
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < train + test; i++) {
      docs.add(new Document("d" + i, "", "text " + i, List.of("a"), i < train ? split : "test"));
    }
    return docs;
  }

  private static Set<String> ids(List<Document> docs) {
    Set<String> ids = new HashSet<>();
    docs.forEach(d -> ids.add(d.id()));
    return ids;
  }

  @Test
  void holdsOutARoundedShareOfTheShuffledTrainingDocumentsOnly() {
    List<Document> docs = documents(30, 10, "train");
    ValidationSplit split = ValidationSplit.of(docs, 0.25, 42L);
    assertEquals(8, split.queries().size(), "round(0.25 x 30)");
    assertEquals(22, split.train().size());
    Set<String> all = ids(split.train());
    all.addAll(ids(split.queries()));
    assertEquals(ids(docs.subList(0, 30)), all, "every training document once, no test document");
    assertEquals(split, ValidationSplit.of(docs, 0.25, 42L), "the seed fixes the split");
    assertNotEquals(split.queries(), ValidationSplit.of(docs, 0.25, 43L).queries());
    assertTrue(split.queries().stream().allMatch(Document::isTrain));
  }

  @Test
  void aResampledSplitDrawsItsQueriesFromTrainingAndTestDocuments() {
    List<Document> docs = documents(30, 10, "train");
    ValidationSplit split = ValidationSplit.resampled(docs, 0.25, 42L);
    assertEquals(10, split.queries().size(), "round(0.25 x 40)");
    Set<String> all = ids(split.train());
    all.addAll(ids(split.queries()));
    assertEquals(ids(docs), all, "every document once");
    assertTrue(split.queries().stream().anyMatch(Document::isTrain));
    assertTrue(split.train().stream().anyMatch(Document::isTest));
    assertEquals(split, ValidationSplit.resampled(docs, 0.25, 42L), "the seed fixes the split");
    assertEquals(
        "the test fraction of a random split must be in (0, 1), such as 0.1, got 0.0",
        assertThrows(IllegalArgumentException.class, () -> ValidationSplit.resampled(docs, 0, 1L)).getMessage());
  }

  @Test
  void aDatasetWithoutSplitsIsAllTraining() {
    List<Document> docs = documents(20, 0, "");
    assertEquals(5, ValidationSplit.of(docs, 0.25, 1L).queries().size());
  }

  @Test
  void badFractionsSayWhatIsWrong() {
    List<Document> docs = documents(10, 2, "train");
    assertEquals(
        "the validation fraction must be in (0, 1), such as 0.2, got 1.0",
        assertThrows(IllegalArgumentException.class, () -> ValidationSplit.of(docs, 1, 1L)).getMessage());
    assertEquals(
        "a validation fraction of 0.97 of the 10 training documents leaves nothing to train on; hold out less",
        assertThrows(IllegalArgumentException.class, () -> ValidationSplit.of(docs, 0.97, 1L)).getMessage());
  }
}
