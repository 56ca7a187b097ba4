package dev.semhash.training.hashing.sth;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.eval.HammingEvaluation;
import dev.semhash.training.eval.HammingRankingEvaluator;
import dev.semhash.training.hashing.CodeEncoder;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.Neighbors;
import dev.semhash.training.progress.ProgressReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The validation runs behind {@link SthSettings#DEFAULT}: 20 Newsgroups training posts shuffled
 * (seed 42), 9,000 to train and the other 2,314 as queries; Prec@100 for each edge weighting and
 * SVM cost. The test split is never read. Not a test: it runs only with {@code
 * -Dsemhash.benchmark=true}, e.g. {@code mvn -o -pl training -am test -Dtest=SthValidationTuning
 * -Dsemhash.benchmark=true -Dsth.bits=32 -Dsth.c=0.01,0.03,0.1,0.3,1,3
 * -Dsurefire.failIfNoSpecifiedTests=false -DredirectTestOutputToFile=false}.
 */
class SthValidationTuning {

  @Test
  void tune() throws Exception {
    assumeTrue(Boolean.getBoolean("semhash.benchmark"), "tuning run: set -Dsemhash.benchmark=true");
    int bits = Integer.getInteger("sth.bits", 32);
    double[] costs =
        Arrays.stream(System.getProperty("sth.c", "0.1,0.3,1,3").split(","))
            .mapToDouble(Double::parseDouble)
            .toArray();
    List<Document> all = new ArrayList<>();
    for (Document d : new DatasetReader(SharedData.dataset("20newsgroups")).documents()) {
      if (d.isTrain()) {
        all.add(d);
      }
    }
    Collections.shuffle(all, new Random(42));
    List<Document> train = all.subList(0, 9000);
    List<Document> valid = all.subList(9000, all.size());
    try (Corpus corpus =
        Corpus.build(train, valid, CorpusSettings.DEFAULT, null, 2, ProgressReporter.NONE)) {
      Neighbors graph =
          CorpusNeighbors.tfidfCosine(corpus, 20, null, 2, ProgressReporter.NONE).symmetrized();
      for (EdgeWeighting weighting : EdgeWeighting.values()) {
        SpectralCodes codes =
            SpectralCodes.compute(
                NormalizedAdjacency.of(graph, weighting), bits, 1e-5, 42L, ProgressReporter.NONE);
        for (double c : costs) {
          List<LinearSvm.Model> classifiers =
              SthTrainer.fitClassifiers(
                  corpus.train(),
                  codes,
                  SvmSettings.DEFAULT.withC(c),
                  42L,
                  2,
                  ProgressReporter.NONE);
          try (HashModel model =
              new HashModel(
                  "sth",
                  Map.of(),
                  corpus.settings().analyzer(),
                  corpus.vocabulary(),
                  corpus.settings().weighting(),
                  corpus.settings().normalize(),
                  SthTrainer.toLayer(classifiers, corpus.vocabulary().size()),
                  List.of(),
                  new float[bits])) {
            long[][] trainCodes =
                CodeEncoder.encode(model, corpus.train(), 2, ProgressReporter.NONE);
            long[][] validCodes =
                CodeEncoder.encode(model, corpus.test(), 2, ProgressReporter.NONE);
            HammingEvaluation e =
                new HammingRankingEvaluator(
                        bits, trainCodes, train.stream().map(Document::labels).toList())
                    .evaluate(
                        validCodes,
                        valid.stream().map(Document::labels).toList(),
                        new int[] {100},
                        2,
                        2,
                        ProgressReporter.NONE);
            System.out.printf(
                "bits %d %s C %s: validation prec@100 %.4f ndcg@100 %.4f prec@r2 %.4f, training-bit"
                    + " accuracy %.4f%n",
                bits,
                weighting,
                c,
                e.precisionAt(100),
                e.ndcgAt(100),
                e.precisionWithinRadius(),
                SthTrainer.trainingAccuracy(corpus.train(), codes, classifiers));
          }
        }
      }
    }
  }
}
