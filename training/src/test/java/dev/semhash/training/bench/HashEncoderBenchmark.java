package dev.semhash.training.bench;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.text.SparseVector;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.progress.ProgressReporter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The pure-Java encoder, text to 32-bit code, on the 7,532 20 Newsgroups test posts with the
 * corpus's 10,000-term vocabulary, for the three shapes of network the trainers export: VDSH's,
 * NbrReg's and node2hash's (10,000 → 500 → 500 → 32), VDSH-S's and VDSH-SP's, with 1,000 hidden
 * units (10,000 → 1,000 → 1,000 → 32), and NbrReg+Doc's, whose two encoder branches sit side by
 * side (10,000 → 1,000 → 1,000 block-diagonal → 32). The weights are random (seed 42): the cost does
 * not depend on their values, beyond the share of ReLU outputs that are zero (about half, as in
 * trained models). Prints documents per second of this thread's CPU time over four passes (the
 * first warms up), whole and split into text to vector and the network. A benchmark, not a timed
 * test: it runs only with {@code -Dsemhash.benchmark=true}, e.g. {@code ./test.sh -o -pl training
 * -am test -Dtest=HashEncoderBenchmark -Dsemhash.benchmark=true
 * -Dsurefire.failIfNoSpecifiedTests=false}; the figures are in {@code
 * training/target/surefire-reports/dev.semhash.training.bench.HashEncoderBenchmark-output.txt}.
 * Measured 2026-11-25 beside a training job, passes 1 to 3: NbrReg+Doc's shape 6,347 to 7,329
 * posts per CPU second (network 87 to 92 µs per post), VDSH's 10,076 to 13,171 (33 to 37 µs);
 * with the former dense layer (a SIMD dot product per output over the full block-diagonal
 * matrix) 4,965 to 4,974 (139 to 150 µs) and 9,972 to 10,594 (43 to 46 µs). On 2026-12-07, on
 * the idle machine, run twice with the layers of commit 2f5c0ab (one column per pass) and twice
 * with four columns per pass, alternately, passes 1 to 3, network per post: VDSH's shape 47 to 59
 * µs against 38 to 46, VDSH-S's 123 to 143 against 100 to 119, NbrReg+Doc's 86 to 96 against 74
 * to 92; whole posts per CPU second overlap (VDSH-S's 4,097 to 5,676 against 4,565 to 5,590), the
 * machine's speed moving by a fifth from pass to pass.
 */
class HashEncoderBenchmark {
  private static final int BITS = 32;

  @Test
  void twentyNewsgroupsTestPosts() throws Exception {
    assumeTrue(Boolean.getBoolean("semhash.benchmark"), "benchmark: set -Dsemhash.benchmark=true");
    DatasetReader dataset = new DatasetReader(SharedData.dataset("20newsgroups"));
    List<String> texts = dataset.documents().stream().filter(Document::isTest).map(Document::fullText).toList();
    try (Corpus corpus = Corpus.build(dataset, CorpusSettings.DEFAULT, null, 2, ProgressReporter.NONE)) {
      int vocabulary = corpus.vocabulary().size();
      SplittableRandom random = new SplittableRandom(42);
      SparseInputLayer vdshFirst = sparse(vocabulary, 500, random);
      List<DenseLayer> vdsh = List.of(dense(500, 500, 1, Activation.RELU, random), dense(500, BITS, 1, Activation.IDENTITY, random));
      SparseInputLayer vdshSFirst = sparse(vocabulary, 1000, random);
      List<DenseLayer> vdshS =
          List.of(dense(1000, 1000, 1, Activation.RELU, random), dense(1000, BITS, 1, Activation.IDENTITY, random));
      SparseInputLayer nbrRegDocFirst = sparse(vocabulary, 1000, random);
      List<DenseLayer> nbrRegDoc =
          List.of(dense(1000, 1000, 2, Activation.RELU, random), dense(1000, BITS, 1, Activation.IDENTITY, random));
      time("vdsh (500 hidden)", corpus, vdshFirst, vdsh, texts);
      time("vdsh-s (1,000 hidden)", corpus, vdshSFirst, vdshS, texts);
      time("nbrreg-doc (2 x 500 hidden)", corpus, nbrRegDocFirst, nbrRegDoc, texts);
    }
  }

  private static void time(String name, Corpus corpus, SparseInputLayer first, List<DenseLayer> layers, List<String> texts)
      throws Exception {
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    try (HashModel model = new HashModel(name, Map.of(), corpus.settings().analyzer(), corpus.vocabulary(),
        corpus.settings().weighting(), corpus.settings().normalize(), first, layers, new float[BITS])) {
      for (int pass = 0; pass < 4; pass++) {
        long start = cpu.getCurrentThreadCpuTime();
        long check = 0;
        for (String text : texts) {
          check += Long.bitCount(model.encode(text)[0]);
        }
        double whole = (cpu.getCurrentThreadCpuTime() - start) / 1e9;
        start = cpu.getCurrentThreadCpuTime();
        List<SparseVector> vectors = new ArrayList<>(texts.size());
        for (String text : texts) {
          vectors.add(model.vectorizer().vectorize(text));
        }
        double vectorize = (cpu.getCurrentThreadCpuTime() - start) / 1e9;
        start = cpu.getCurrentThreadCpuTime();
        for (SparseVector x : vectors) {
          check += Long.bitCount(model.encode(x)[0]);
        }
        double network = (cpu.getCurrentThreadCpuTime() - start) / 1e9;
        System.out.printf(
            "%s, pass %d: %,.0f posts per CPU second, text to code (text to vector %.1f µs, network %.1f µs per post; %d)%n",
            name, pass, texts.size() / whole, 1e6 * vectorize / texts.size(), 1e6 * network / texts.size(), check);
      }
    }
  }

  private static SparseInputLayer sparse(int inputs, int outputs, SplittableRandom random) {
    float[][] columns = new float[inputs][outputs];
    for (float[] column : columns) {
      fill(column, random);
    }
    float[] bias = new float[outputs];
    fill(bias, random);
    return new SparseInputLayer(columns, bias, Activation.RELU);
  }

  /** A layer of {@code blocks} diagonal blocks (the rest zero), as NbrReg+Doc's export has two. */
  private static DenseLayer dense(int inputs, int outputs, int blocks, Activation activation, SplittableRandom random) {
    float[][] weights = new float[outputs][inputs];
    int rows = outputs / blocks;
    int cols = inputs / blocks;
    for (int o = 0; o < outputs; o++) {
      int block = Math.min(o / rows, blocks - 1);
      for (int i = block * cols; i < (block + 1) * cols; i++) {
        weights[o][i] = (float) (random.nextGaussian() * 0.05);
      }
    }
    float[] bias = new float[outputs];
    fill(bias, random);
    return new DenseLayer(weights, bias, activation);
  }

  private static void fill(float[] values, SplittableRandom random) {
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) (random.nextGaussian() * 0.05);
    }
  }
}
