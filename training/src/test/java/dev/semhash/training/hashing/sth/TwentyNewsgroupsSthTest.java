package dev.semhash.training.hashing.sth;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.HashingMethod;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Quality floor on real data: STH against LSH on a 20 Newsgroups subset (2,000 random training
 * posts and 500 random test posts, seed 42; vocabulary of 2,000 terms), both at 32 bits, measured
 * by the thesis protocol (Prec@100 of Hamming ranking, label overlap as relevance).
 */
class TwentyNewsgroupsSthTest {
  static List<Document> train;
  static List<Document> test;
  static Corpus corpus;

  @BeforeAll
  static void build() throws IOException {
    List<Document> trainAll = new ArrayList<>();
    List<Document> testAll = new ArrayList<>();
    for (Document d : new DatasetReader(SharedData.dataset("20newsgroups")).documents()) {
      (d.isTrain() ? trainAll : testAll).add(d);
    }
    Collections.shuffle(trainAll, new Random(42));
    Collections.shuffle(testAll, new Random(42));
    train = List.copyOf(trainAll.subList(0, 2000));
    test = List.copyOf(testAll.subList(0, 500));
    CorpusSettings settings =
        CorpusSettings.DEFAULT.withVocabulary(VocabularySettings.DEFAULT.withMaxTerms(2000));
    corpus = Corpus.build(train, test, settings, null, 2, ProgressReporter.NONE);
  }

  @AfterAll
  static void close() throws IOException {
    corpus.close();
  }

  static HammingEvaluation evaluate(HashModel model) throws IOException {
    long[][] trainCodes = CodeEncoder.encode(model, corpus.train(), 2, ProgressReporter.NONE);
    long[][] testCodes = CodeEncoder.encode(model, corpus.test(), 2, ProgressReporter.NONE);
    return new HammingRankingEvaluator(
            model.bits(), trainCodes, train.stream().map(Document::labels).toList())
        .evaluate(
            testCodes,
            test.stream().map(Document::labels).toList(),
            new int[] {100},
            2,
            2,
            ProgressReporter.NONE);
  }

  @Test
  void sthBeatsLshClearly() throws IOException {
    double lsh;
    double sth;
    try (HashModel model = HashingMethod.LSH.train(corpus, 32, 42L, ProgressReporter.NONE)) {
      lsh = evaluate(model).precisionAt(100);
    }
    long start = System.nanoTime();
    try (HashModel model =
        SthTrainer.train(corpus, 32, 42L, SthSettings.DEFAULT, 2, ProgressReporter.NONE)) {
      double seconds = (System.nanoTime() - start) / 1e9;
      HammingEvaluation e = evaluate(model);
      sth = e.precisionAt(100);
      System.out.printf(
          "20NG 2000/500, 32 bits: LSH prec@100 %.4f; STH prec@100 %.4f ndcg@100 %.4f prec@r2 %.4f"
              + " (trained in %.1f s; %s)%n",
          lsh, sth, e.ndcgAt(100), e.precisionWithinRadius(), seconds, model.info());
    }
    assertTrue(lsh < LSH_CEILING, "LSH prec@100 " + lsh);
    assertTrue(sth > STH_FLOOR, "STH prec@100 " + sth);
    assertTrue(sth > 2.5 * lsh, "STH " + sth + " vs LSH " + lsh);
  }

  // Measured (seed 42): LSH 0.0654; STH 0.2408 (NDCG@100 0.2701, prec@r2 0.1666), eigenvectors
  // to residual 4.5e-6 in 392 products, SVM (C = 0.1) training-bit accuracy 0.947. The full
  // training set does better (more posts of the same group to link; see the eval-hash figures).
  static final double LSH_CEILING = 0.1;
  static final double STH_FLOOR = 0.21;
}
