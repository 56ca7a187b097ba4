package dev.semhash.training.retrieval;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the shared datasets for data-quality tests. */
final class SharedData {
  private SharedData() {}

  /**
   * The parent POM passes {@code tests.seed} as an empty string when none is given, and Lucene's
   * {@code StringHelper} cannot parse an empty seed (its class initialiser fails, so no index can be
   * written). Clear it before any Lucene index class loads.
   */
  static void clearEmptyTestsSeed() {
    if ("".equals(System.getProperty("tests.seed"))) {
      System.clearProperty("tests.seed");
    }
  }

  static Path dataset(String name) {
    String prop = System.getProperty("semhash.shared");
    Path shared = prop != null ? Path.of(prop) : Path.of("../shared");
    if (Files.isDirectory(shared) == false) {
      shared = Path.of("../../shared");
    }
    return shared.resolve("datasets").resolve(name);
  }
}
