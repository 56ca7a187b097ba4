package dev.semhash.training.data;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates {@code shared/datasets} for tests: the {@code semhash.shared} property, else ../shared. */
public final class SharedData {
  private SharedData() {}

  /** The folder of one dataset, such as {@code 20newsgroups}; fails clearly when it is absent. */
  public static Path dataset(String name) {
    String shared = System.getProperty("semhash.shared");
    Path root = shared != null && Files.isDirectory(Path.of(shared)) ? Path.of(shared) : Path.of("../../shared");
    if (Files.isDirectory(root) == false) {
      root = Path.of("../shared");
    }
    Path dir = root.resolve("datasets").resolve(name);
    if (Files.isDirectory(dir) == false) {
      throw new IllegalStateException(
          "dataset " + name + " not found under " + root.toAbsolutePath()
              + "; tests expect the shared/ folder beside the repository (set -Dsemhash.shared=DIR)");
    }
    return dir;
  }
}
