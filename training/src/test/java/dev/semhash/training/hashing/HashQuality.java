package dev.semhash.training.hashing;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/** Retrieval quality of a hash model on a corpus's test documents, for quality floors in tests. */
public final class HashQuality {
  private HashQuality() {}

  /** Prec@100 of the corpus's test documents against its training documents (thesis protocol). */
  public static double precisionAt100(HashModel m, Corpus c) throws IOException {
    long[][] trainCodes = CodeEncoder.encode(m, c.train(), 2, ProgressReporter.NONE);
    long[][] testCodes = CodeEncoder.encode(m, c.test(), 2, ProgressReporter.NONE);
    return new HammingRankingEvaluator(m.bits(), trainCodes, names(c, c.trainLabels()))
        .evaluate(testCodes, names(c, c.testLabels()), ProgressReporter.NONE)
        .precisionAt(100);
  }

  private static List<List<String>> names(Corpus c, int[][] ids) {
    return Arrays.stream(ids).map(l -> c.labels().decode(l)).toList();
  }
}
