package dev.semhash.training.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Where the check draws its line: half of the documents without a term of the model's. */
class VocabularyCoverageTest {
  @Test
  void fewerThanHalfWithoutATermPass() {
    VocabularyCoverage.require(10, 4, 100, "ten documents");
    VocabularyCoverage.require(3, 1, 100, "three documents");
    VocabularyCoverage.require(0, 0, 100, "no documents"); // nothing to judge
  }

  @Test
  void halfOrMoreWithoutATermFailWithTheCounts() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> VocabularyCoverage.require(1200, 600, 10000, "the index x"));
    assertEquals("600 of the 1,200 documents of the index x hold none of the model's 10,000 terms, so they would all"
        + " get one and the same code: the model was trained on other texts (or the text is in another field); use a"
        + " model trained on these documents", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> VocabularyCoverage.require(1, 1, 5, "one document"));
  }
}
