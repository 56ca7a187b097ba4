package dev.semhash.training.hashing;

import dev.semhash.model.HashModel;
import dev.semhash.text.TermWeighting;
import dev.semhash.training.concurrent.Parallel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.hashing.nbrreg.NbrRegSettings;
import dev.semhash.training.hashing.nbrreg.NbrRegTrainer;
import dev.semhash.training.hashing.nbrreg.NbrRegVariant;
import dev.semhash.training.hashing.node2hash.Node2hashSettings;
import dev.semhash.training.hashing.node2hash.Node2hashTrainer;
import dev.semhash.training.hashing.sth.SthSettings;
import dev.semhash.training.hashing.sth.SthTrainer;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import dev.semhash.training.hashing.vdsh.VdshTrainer;
import dev.semhash.training.hashing.vdsh.VdshVariant;
import dev.semhash.training.neighbors.NeighborCache;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.Locale;

/**
 * The hashing methods this build can train, by their command-line names. Each turns a {@link
 * Corpus} into a {@link HashModel}, with its own default settings or with {@link MethodOptions}
 * overriding some of them.
 */
public enum HashingMethod {
  /**
   * Random-hyperplane LSH over the corpus's weighted term vectors ({@link LshTrainer}); its corpus
   * weighs terms by frequency, not TF-IDF, by default ({@link #defaultWeighting()}).
   */
  LSH("lsh", false, Binarization.SIGN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress) {
      CorpusFeatures f = CorpusFeatures.of(corpus);
      return LshTrainer.train(f.analyzer(), f.vocabulary(), f.weighting(), f.normalize(), bits, seed);
    }

    /**
     * Unit-length term frequencies: on validation splits (docs/experiments.md, "LSH's input") they
     * beat TF-IDF by .05 to .06 Prec@100 on Reuters and by .008 to .05 on CiteSeer at every length,
     * and tie on 20 Newsgroups. The hyperplanes estimate the angle between the input vectors, and
     * the frequent words that a topic's stories share, which IDF weighs down, seem to carry it.
     */
    @Override
    public TermWeighting defaultWeighting() {
      return TermWeighting.TF;
    }
  },
  /**
   * Self-taught hashing: Laplacian-eigenmap codes of the TF-IDF cosine k-NN graph, learned by one
   * linear SVM per bit ({@link SthTrainer}).
   */
  STH("sth", false, Binarization.SIGN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
        throws IOException {
      return SthTrainer.train(corpus, bits, seed, SthSettings.DEFAULT, threads, progress);
    }
  },
  /** Variational deep semantic hashing, unsupervised ({@link VdshTrainer}, thesis 3.2.1). */
  VDSH("vdsh", false, Binarization.MEDIAN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
        throws IOException {
      return VdshTrainer.train(
          corpus, VdshVariant.VDSH, bits, options.applyTo(VdshSettings.DEFAULT).withThreads(threads), seed, progress);
    }
  },
  /** VDSH with a label decoder ({@link VdshTrainer}, thesis 3.2.2). */
  VDSH_S("vdsh-s", true, Binarization.MEDIAN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
        throws IOException {
      return VdshTrainer.train(
          corpus, VdshVariant.VDSH_S, bits, options.applyTo(VdshSettings.SUPERVISED_DEFAULT).withThreads(threads), seed, progress);
    }
  },
  /** VDSH-S with a document-private latent variable ({@link VdshTrainer}, thesis 3.2.3). */
  VDSH_SP("vdsh-sp", true, Binarization.MEDIAN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
        throws IOException {
      return VdshTrainer.train(
          corpus, VdshVariant.VDSH_SP, bits, options.applyTo(VdshSettings.SUPERVISED_DEFAULT).withThreads(threads), seed, progress);
    }
  },
  /**
   * VDSH whose code also reconstructs the words of the document's 20 BM25 neighbours ({@link
   * NbrRegTrainer}, thesis 4.2.2).
   */
  NBRREG("nbrreg", false, Binarization.MEDIAN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
        throws IOException {
      return NbrRegTrainer.train(
          corpus, NbrRegVariant.NBRREG, bits, withThreads(options.applyTo(NbrRegSettings.DEFAULT), threads), cache(), seed, progress);
    }
  },
  /** NbrReg with the neighbours' mean-pooled hidden vectors in the encoder (thesis 4.2.5). */
  NBRREG_DOC("nbrreg-doc", false, Binarization.MEDIAN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
        throws IOException {
      return NbrRegTrainer.train(
          corpus, NbrRegVariant.NBRREG_DOC, bits, withThreads(options.applyTo(NbrRegSettings.DEFAULT), threads), cache(), seed, progress);
    }
  },
  /**
   * VDSH that also generates the document's sampled graph neighbourhood: the dataset's links
   * when it has any, else the TF-IDF k-NN graph ({@link Node2hashTrainer}, thesis chapter 5).
   */
  NODE2HASH("node2hash", false, Binarization.MEDIAN) {
    @Override
    HashModel trainWith(Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
        throws IOException {
      return Node2hashTrainer.train(corpus, bits, withThreads(options.applyTo(Node2hashSettings.DEFAULT), threads), seed, progress);
    }
  };

  private final String cliName;
  private final boolean supervised;
  private final Binarization binarization;

  /** A method with {@link Binarization#MEDIAN} thresholds, the thesis's default. */
  HashingMethod(String cliName, boolean supervised) {
    this(cliName, supervised, Binarization.MEDIAN);
  }

  HashingMethod(String cliName, boolean supervised, Binarization binarization) {
    this.cliName = cliName;
    this.supervised = supervised;
    this.binarization = binarization;
  }

  /** Where methods keep neighbourhoods between runs ({@link NeighborCache#defaultDirectory()}). */
  private static NeighborCache cache() {
    return new NeighborCache(NeighborCache.defaultDirectory());
  }

  /**
   * The term weighting of the corpus this method trains on unless the user chooses one ({@code
   * --weighting}): TF-IDF, the thesis's input, for every method but {@link #LSH}.
   */
  public TermWeighting defaultWeighting() {
    return TermWeighting.TFIDF;
  }

  /** How this method's real-valued outputs become bits (as its default settings do). */
  public Binarization binarization() {
    return binarization;
  }

  /**
   * Trains a model of {@code bits} bits on the corpus's training documents, with the method's
   * default settings overridden by {@code options}.
   *
   * <pre class="prettyprint">
   * MethodOptions fast = MethodOptions.builder().maxEpochs(5).build();
   * try (HashModel model = HashingMethod.VDSH.train(corpus, 32, fast, 42L, ProgressReporter.NONE)) {
   *   ...
   * }
   * </pre>
   *
   * @throws IllegalArgumentException when {@code options} sets an option this method does not use
   *     (see {@link MethodOptions#requireApplicableTo})
   */
  public HashModel train(Corpus corpus, int bits, MethodOptions options, long seed, ProgressReporter progress)
      throws IOException {
    return train(corpus, bits, options, seed, Parallel.defaultThreads(), progress);
  }

  /**
   * As {@link #train(Corpus, int, MethodOptions, long, ProgressReporter)}, on at most {@code
   * threads} worker threads of the trainer's own (a command's {@code --threads}). The model does
   * not depend on them.
   */
  public HashModel train(
      Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
      throws IOException {
    options.requireApplicableTo(this);
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    return trainWith(corpus, bits, options, seed, threads, progress);
  }

  private static NbrRegSettings withThreads(NbrRegSettings settings, int threads) {
    return settings.withVdsh(settings.vdsh().withThreads(threads));
  }

  private static Node2hashSettings withThreads(Node2hashSettings settings, int threads) {
    return settings.withVdsh(settings.vdsh().withThreads(threads));
  }

  /** Trains a model of {@code bits} bits on the corpus's training documents, with the defaults. */
  public HashModel train(Corpus corpus, int bits, long seed, ProgressReporter progress) throws IOException {
    return train(corpus, bits, MethodOptions.NONE, seed, progress);
  }

  /** Trains with {@code options}, which {@link #train} has checked this method uses. */
  abstract HashModel trainWith(
      Corpus corpus, int bits, MethodOptions options, long seed, int threads, ProgressReporter progress)
      throws IOException;

  /** The name used on the command line and in reports, such as {@code lsh}. */
  public String cliName() {
    return cliName;
  }

  /** Whether training reads the documents' labels. */
  public boolean supervised() {
    return supervised;
  }

  @Override
  public String toString() {
    return cliName;
  }

  /** Parses a command-line name, listing the choices when it is unknown. */
  public static HashingMethod parse(String name) {
    for (HashingMethod m : values()) {
      if (m.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    StringBuilder choices = new StringBuilder();
    for (HashingMethod m : values()) {
      choices.append(choices.isEmpty() ? "" : ", ").append(m.cliName);
    }
    throw new IllegalArgumentException("unknown hashing method '" + name + "'; choose one of " + choices);
  }
}
