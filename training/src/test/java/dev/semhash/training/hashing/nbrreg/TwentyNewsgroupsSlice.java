package dev.semhash.training.hashing.nbrreg;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The CI-sized 20 Newsgroups slice of the NbrReg tests: 1,500 training and 500 test posts drawn
 * with fixed seeds, a 2,000-term vocabulary, and training settings that learn something in a few
 * seconds.
 */
final class TwentyNewsgroupsSlice {
  static final int BITS = 32;
  static final long SEED = 42L;

  /**
   * 128 hidden units, 4 epochs of 25-document mini-batches (216 updates), Adam step 0.01 and the
   * KL weight reaching 1 after 100 mini-batches. Chosen on this slice among batch 25 or 100,
   * step 0.003 or 0.01 (NbrReg Prec@100 0.10, 0.19, 0.22 from the first to the last).
   */
  static final VdshSettings SMALL =
      VdshSettings.DEFAULT.withHiddenUnits(128).withBatchSize(25).withMaxEpochs(4).withPatience(10)
          .withKlAnnealStep(1.0 / 100).withLearningRate(0.01).withThreads(2);

  private TwentyNewsgroupsSlice() {}

  static Corpus build() throws IOException {
    List<Document> all = new DatasetReader(SharedData.dataset("20newsgroups")).documents();
    List<Document> train = sample(all.stream().filter(Document::isTrain).toList(), 1500, 1);
    List<Document> test = sample(all.stream().filter(Document::isTest).toList(), 500, 2);
    CorpusSettings settings =
        CorpusSettings.DEFAULT.withVocabulary(VocabularySettings.DEFAULT.withMaxTerms(2000));
    return Corpus.build(train, test, settings, null, 2, ProgressReporter.NONE);
  }

  static List<Document> sample(List<Document> docs, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Document> shuffled = new ArrayList<>(docs);
    for (int i = shuffled.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      Document t = shuffled.get(i);
      shuffled.set(i, shuffled.get(j));
      shuffled.set(j, t);
    }
    return shuffled.subList(0, n);
  }

  static double precisionAt100(HashModel m, Corpus corpus) throws IOException {
    if (m.readsNeighbourhood()) {
      NeighbourhoodEncoding.Projections p = NeighbourhoodEncoding.project(m, corpus, null, 2, ProgressReporter.NONE);
      return precisionAt100(m, corpus, p.train(), p.test());
    }
    long[][] trainCodes = CodeEncoder.encode(m, corpus.train(), 2, ProgressReporter.NONE);
    long[][] testCodes = CodeEncoder.encode(m, corpus.test(), 2, ProgressReporter.NONE);
    return precisionAt100(m, corpus, trainCodes, testCodes);
  }

  /** Prec@100 of codes thresholded from the model's outputs. */
  static double precisionAt100(HashModel m, Corpus corpus, float[][] train, float[][] test) {
    return precisionAt100(m, corpus, Arrays.stream(train).map(m::binarize).toArray(long[][]::new),
        Arrays.stream(test).map(m::binarize).toArray(long[][]::new));
  }

  private static double precisionAt100(HashModel m, Corpus corpus, long[][] trainCodes, long[][] testCodes) {
    return new HammingRankingEvaluator(m.bits(), trainCodes, names(corpus, corpus.trainLabels()))
        .evaluate(testCodes, names(corpus, corpus.testLabels()), ProgressReporter.NONE)
        .precisionAt(100);
  }

  private static List<List<String>> names(Corpus corpus, int[][] ids) {
    return Arrays.stream(ids).map(l -> corpus.labels().decode(l)).toList();
  }
}
