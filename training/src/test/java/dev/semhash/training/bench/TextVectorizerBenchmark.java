package dev.semhash.training.bench;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.semhash.text.SparseVector;
import dev.semhash.text.TextVectorizer;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.progress.ProgressReporter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Text to weighted vector (Lucene analysis, vocabulary lookup, TF-IDF, unit length), the part of
 * an encoder before its network, on every 20 Newsgroups post with the corpus's 10,000-term
 * vocabulary: prints documents per second of this thread's CPU time over four passes (the first
 * warms up). A benchmark, not a timed test: it runs only with {@code -Dsemhash.benchmark=true},
 * e.g. {@code ./test.sh -o -pl training -am test -Dtest=TextVectorizerBenchmark
 * -Dsemhash.benchmark=true -Dsurefire.failIfNoSpecifiedTests=false}; the figures are in {@code
 * training/target/surefire-reports/dev.semhash.training.bench.TextVectorizerBenchmark-output.txt}.
 * Measured 2026-11-25 beside a training job: 26,817 to 27,547 posts per CPU second; the former
 * vectorizer (a sorted map of token strings) made 16,191 to 17,702 on the same machine.
 */
class TextVectorizerBenchmark {

  @Test
  void twentyNewsgroups() throws Exception {
    assumeTrue(Boolean.getBoolean("semhash.benchmark"), "benchmark: set -Dsemhash.benchmark=true");
    DatasetReader dataset = new DatasetReader(SharedData.dataset("20newsgroups"));
    List<String> texts = dataset.documents().stream().map(Document::fullText).toList();
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    try (Corpus corpus = Corpus.build(dataset, CorpusSettings.DEFAULT, null, 2, ProgressReporter.NONE)) {
      TextVectorizer vectorizer = corpus.vectorizer();
      for (int pass = 0; pass < 4; pass++) {
        long start = cpu.getCurrentThreadCpuTime();
        long terms = 0;
        for (String text : texts) {
          SparseVector x = vectorizer.vectorize(text);
          terms += x.size();
        }
        double seconds = (cpu.getCurrentThreadCpuTime() - start) / 1e9;
        System.out.printf("pass %d: %,d posts, %,d vocabulary terms, %,.0f posts per CPU second%n",
            pass, texts.size(), terms, texts.size() / seconds);
      }
    }
  }
}
