package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code make-codes} writes its files and replaces nothing it was not asked to. */
class MakeCodesCommandTest {
  @TempDir Path tmp;

  private CliTestSupport.Outcome makeCodes(Path out, String... more) {
    String[] args = {"make-codes", "--n", "50", "--bits", "16", "--out", out.toString()};
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return CliTestSupport.run(all);
  }

  @Test
  void writesNRowsOfBitsOverEightBytesAndTheSameForTheSameSeed() throws Exception {
    Path a = tmp.resolve("a.bin");
    Path b = tmp.resolve("b.bin");
    assertEquals(0, makeCodes(a).exitCode());
    assertEquals(0, makeCodes(b).exitCode());
    assertEquals(50 * 2, Files.size(a));
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
  }

  @Test
  void anExistingFileIsReplacedOnlyWithOverwrite() throws Exception {
    Path model = tmp.resolve("m.hashmodel");
    byte[] precious = "a trained model".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Files.write(model, precious);
    CliTestSupport.Outcome refused = makeCodes(model);
    assertEquals(1, refused.exitCode());
    assertTrue(refused.err().contains("error: --out " + model + " exists; raw code files have no header, so"
        + " make-codes cannot tell it from a file of another kind: give --overwrite to replace it"), refused.err());
    assertArrayEquals(precious, Files.readAllBytes(model));

    assertEquals(0, makeCodes(model, "--overwrite").exitCode());
    assertEquals(100, Files.size(model));
  }

  @Test
  void codesAndQueriesInOneFileAreRefused() throws Exception {
    Path out = tmp.resolve("c.bin");
    CliTestSupport.Outcome outcome = makeCodes(out, "--queries", "5", "--queries-out", out.toString());
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("--out and --queries-out are the same file"), outcome.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void aMissingFolderOrAFolderAsTheFileIsNamed() throws Exception {
    Path missing = tmp.resolve("nosuch/c.bin");
    CliTestSupport.Outcome outcome = makeCodes(missing);
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("the folder " + tmp.resolve("nosuch") + " does not exist"), outcome.err());

    outcome = makeCodes(tmp);
    assertEquals(1, outcome.exitCode());
    assertTrue(outcome.err().contains("--out " + tmp + " is a folder; give a file path such as "
        + tmp.resolve("codes.bin")), outcome.err());
  }
}
