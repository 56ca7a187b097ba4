package dev.semhash.training.hashing.nbrreg;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.neighbors.NeighborCache;
import dev.semhash.training.progress.ProgressReporter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * NbrReg or NbrReg+Doc on the full 20 Newsgroups split with {@link NbrRegSettings#DEFAULT}, the
 * epoch budget optionally capped (for a machine too busy for the default 30), printing Prec@100,
 * NDCG@100 and seconds per epoch. Not a test: it runs only with {@code -Dsemhash.benchmark=true},
 * e.g. {@code mvn -o -pl training -am test -Dtest=NbrRegBenchmark -Dsemhash.benchmark=true
 * -Dnbrreg.method=nbrreg-doc -Dnbrreg.bits=32 -Dnbrreg.maxEpochs=8
 * -Dsemhash.cache=$PWD/semhash-work/cache -Dsurefire.failIfNoSpecifiedTests=false
 * -DredirectTestOutputToFile=false}. The BM25 neighbourhoods are read from and kept in {@link
 * NeighborCache#defaultDirectory()}, the command line's cache with the {@code semhash.cache}
 * setting above.
 */
class NbrRegBenchmark {
  @Test
  void run() throws Exception {
    assumeTrue(Boolean.getBoolean("semhash.benchmark"), "benchmark run: set -Dsemhash.benchmark=true");
    NbrRegVariant variant =
        System.getProperty("nbrreg.method", "nbrreg").equals("nbrreg-doc") ? NbrRegVariant.NBRREG_DOC : NbrRegVariant.NBRREG;
    int bits = Integer.getInteger("nbrreg.bits", 32);
    NbrRegSettings settings = NbrRegSettings.DEFAULT;
    settings = settings.withVdsh(settings.vdsh().withMaxEpochs(Integer.getInteger("nbrreg.maxEpochs", settings.vdsh().maxEpochs())));
    long seed = Long.getLong("nbrreg.seed", 42L);
    DatasetReader reader = new DatasetReader(SharedData.dataset("20newsgroups"));
    ProgressReporter progress = ProgressReporter.NONE;
    try (Corpus corpus = Corpus.build(reader, CorpusSettings.DEFAULT, null, 2, progress)) {
      long start = System.nanoTime();
      try (HashModel m =
          NbrRegTrainer.train(corpus, variant, bits, settings, new NeighborCache(NeighborCache.defaultDirectory()), seed,
              progress)) {
        double seconds = (System.nanoTime() - start) / 1e9;
        long[][] train = CodeEncoder.encode(m, corpus.train(), 2, progress);
        long[][] test = CodeEncoder.encode(m, corpus.test(), 2, progress);
        HammingEvaluation e =
            new HammingRankingEvaluator(bits, train, names(corpus, corpus.trainLabels()))
                .evaluate(test, names(corpus, corpus.testLabels()), progress);
        System.out.printf(
            "20NG %s %d bits (max %d epochs, seed %d): Prec@100 %.4f, NDCG@100 %.4f, %.0f s training%n  epochs:"
                + " %s s, CPU %s s, best epoch %s%n",
            variant.cliName(), bits, settings.vdsh().maxEpochs(), seed, e.precisionAt(100), e.ndcgAt(100), seconds,
            m.info().get("epoch_seconds"), m.info().get("epoch_cpu_seconds"), m.info().get("best_epoch"));
      }
    }
  }

  private static List<List<String>> names(Corpus corpus, int[][] ids) {
    return Arrays.stream(ids).map(l -> corpus.labels().decode(l)).toList();
  }
}
