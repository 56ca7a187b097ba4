package dev.semhash.training.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./semhash}. */
@Command(
    name = "semhash",
    mixinStandardHelpOptions = true,
    versionProvider = SemhashCommand.Version.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Learned semantic retrieval for Apache Lucene: train text-hashing and",
      "reranking models, evaluate them on the datasets in ../shared/datasets,",
      "and use them on Lucene indexes.",
      "",
      "Start with './semhash demo' (needs no data), then 'semhash eval-hash --help'."
    },
    commandListHeading = "%nCommands:%n",
    subcommands = {
      DemoCommand.class,
      TrainCommand.class,
      BinarizeCommand.class,
      EvalHashCommand.class,
      EvalRerankCommand.class,
      EvalReferencesCommand.class,
      NeighborsCommand.class,
      EncodeCommand.class,
      SearchCommand.class,
      InspectCommand.class,
      MakeCodesCommand.class,
      BenchHammingCommand.class,
      BenchRerankCommand.class,
      TrainRerankCommand.class,
      ReproduceCommand.class,
      CommandLine.HelpCommand.class
    },
    footer = {
      "",
      "Every command takes --help. Results print as a table; --json FILE also",
      "writes them as one JSON object. Runs are deterministic: each command",
      "that makes a random choice takes --seed and reports the seed it used."
    })
public final class SemhashCommand implements Runnable {
  // Held so the logger, and its level, are not garbage-collected.
  private static final java.util.logging.Logger LUCENE_LOGGER =
      java.util.logging.Logger.getLogger("org.apache.lucene");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  public static void main(String[] args) {
    // Lucene announces its SIMD support through java.util.logging at INFO; users need not see it.
    LUCENE_LOGGER.setLevel(java.util.logging.Level.WARNING);
    int status;
    try {
      status = commandLine().execute(args);
    } catch (OutOfMemoryError e) {
      // picocli hands only Exceptions to the handler below; an Error would print a bare stack trace
      System.err.println("error: " + outOfMemory(e));
      status = 1;
    }
    System.exit(status);
  }

  /** Says that the heap ran out and how to give more: every default JVM setting, since the variable replaces them all. */
  static String outOfMemory(OutOfMemoryError e) {
    return "out of memory (" + e.getMessage() + "); give Java more with SEMHASH_JAVA_OPTS, which replaces all"
        + " four default settings, so give them all, for instance SEMHASH_JAVA_OPTS=\"-Xmx16g -Xmn128m"
        + " -Dorg.bytedeco.javacpp.maxbytes=4g -Dorg.bytedeco.javacpp.maxphysicalbytes=14g\" (a larger -Xmx than the"
        + " default 8g), or ask for less, such as a smaller --vocabulary-size";
  }

  /** The configured command line, also used by tests. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new SemhashCommand());
    // --method VDSH is accepted as vdsh; every other name option should be as forgiving
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    // a query text or path starting with @ is the text or path, not a file of arguments to read
    cli.setExpandAtFiles(false);
    // a mistyped option gets its error, a suggestion and where to look, not 100 lines of usage
    cli.setParameterExceptionHandler(
        (e, args) -> {
          CommandLine c = e.getCommandLine();
          PrintWriter err = c.getErr();
          // a mistyped required option (--datset) leaves the real one missing: name the typo, not the gap
          String unknown = e instanceof CommandLine.MissingParameterException ? unknownOption(c, args) : null;
          CommandLine.ParameterException shown =
              unknown == null ? e : new CommandLine.UnmatchedArgumentException(c, List.of(unknown));
          // picocli's own messages for argument groups already start with "Error: "
          err.println(c.getColorScheme().errorText("error: " + shown.getMessage().replaceFirst("^Error: ", "")));
          CommandLine.UnmatchedArgumentException.printSuggestions(shown, err);
          err.println("see './semhash " + c.getCommandSpec().qualifiedName(" ").replaceFirst("^semhash ?", "")
              + (c.getCommandSpec().qualifiedName().equals("semhash") ? "" : " ") + "--help'");
          err.flush();
          return c.getCommandSpec().exitCodeOnInvalidInput();
        });
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          PrintWriter err = commandLine.getErr();
          err.println(
              commandLine.getColorScheme().errorText("error: " + describe(e)));
          if (System.getenv("SEMHASH_DEBUG") != null) {
            e.printStackTrace(err);
          } else if (isInputError(e) == false) {
            err.println("(set SEMHASH_DEBUG=1 to see the stack trace)");
          }
          err.flush();
          return 1;
        });
    return cli;
  }

  /**
   * Whether {@code e} reports a bad input in a message that says what to do: the stack trace of such
   * an error shows nothing more, so the hint to see it would only be noise.
   */
  /** The first argument that looks like an option ({@code --name}) but is none of {@code c}'s. */
  static String unknownOption(CommandLine c, String[] args) {
    for (String a : args) {
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (name.startsWith("--") && name.length() > 2 && c.getCommandSpec().findOption(name) == null) {
        return name;
      }
    }
    return null;
  }

  static boolean isInputError(Throwable e) {
    return e instanceof IllegalArgumentException
        || e instanceof dev.semhash.training.data.DatasetFormatException
        || e instanceof dev.semhash.model.ModelFormatException
        || e instanceof dev.semhash.rerank.model.ModelFormatException
        || e instanceof java.nio.file.NoSuchFileException;
  }

  static String describe(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof OutOfMemoryError oom) { // thrown in a worker thread, it arrives wrapped
        return outOfMemory(oom);
      }
    }
    String message = e.getMessage();
    if (e instanceof java.nio.file.NoSuchFileException nsf) {
      return "no such file: " + nsf.getFile() + (nsf.getReason() != null ? " (" + nsf.getReason() + ")" : "");
    }
    return message == null ? e.getClass().getSimpleName() : message;
  }

  /** Reports the version from the jar manifest, or "development" when run from classes. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = SemhashCommand.class.getPackage().getImplementationVersion();
      return new String[] {
        "semhash " + (v == null ? "0.1.0-SNAPSHOT" : v),
        "Lucene " + org.apache.lucene.util.Version.LATEST + ", Java " + Runtime.version()
      };
    }
  }
}
