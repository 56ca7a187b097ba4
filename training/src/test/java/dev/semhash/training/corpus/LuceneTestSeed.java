package dev.semhash.training.corpus;

/**
 * Works around the parent POM passing an empty {@code tests.seed} system property to every test
 * JVM: Lucene's {@code StringHelper} parses a non-null {@code tests.seed} as hex when first loaded
 * and fails on the empty string, which breaks every {@code IndexWriter}. Test classes that index
 * call {@link #clearIfEmpty()} from a static initializer, before any Lucene index class loads.
 */
public final class LuceneTestSeed {
  private LuceneTestSeed() {}

  public static void clearIfEmpty() {
    String seed = System.getProperty("tests.seed");
    if (seed != null && seed.isBlank()) {
      System.clearProperty("tests.seed");
    }
  }
}
