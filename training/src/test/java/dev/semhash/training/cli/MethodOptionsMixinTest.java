package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.nbrreg.NbrRegSettings;
import dev.semhash.training.hashing.node2hash.Node2hashSettings;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.DecoderBias;
import dev.semhash.training.hashing.vdsh.DocumentWords;
import dev.semhash.training.hashing.vdsh.EarlyStopping;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The method-option flags: what they parse to, and help texts that name the real defaults. */
class MethodOptionsMixinTest {
  private static MethodOptions parse(String... flags) {
    CommandLine cli = new CommandLine(new EvalHashCommand());
    String[] args = new String[flags.length + 2];
    args[0] = "--dataset";
    args[1] = "unused";
    System.arraycopy(flags, 0, args, 2, flags.length);
    cli.parseArgs(args);
    return ((EvalHashCommand) cli.getCommand()).methodOptions.options();
  }

  /** The help's "(default: ...)" spelling of a number. */
  private static String plain(double v) {
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  @Test
  void helpNamesTheSettingsRecordsDefaults() {
    VdshSettings v = VdshSettings.DEFAULT;
    Node2hashSettings n = Node2hashSettings.DEFAULT;
    assertNull(n.graph(), "the help says links when the dataset has edges, else knn");
    assertEquals(VdshSettings.THESIS_KL_ANNEAL_STEP, NbrRegSettings.KL_ANNEAL_STEP,
        "the help says nbrreg anneals at the thesis text's rate");
    Map<String, String> defaults =
        Map.ofEntries(
            Map.entry("--epochs", "" + v.maxEpochs()),
            Map.entry("--patience", v.patience() + "; node2hash: " + n.vdsh().patience()),
            Map.entry("--min-training-documents", v.minTrainingDocuments() + "; vdsh-s and vdsh-sp: "
                + VdshSettings.SUPERVISED_DEFAULT.minTrainingDocuments()),
            Map.entry("--learning-rate", plain(v.learningRate())),
            Map.entry("--hidden", v.hiddenUnits() + "; vdsh-s and vdsh-sp: " + VdshSettings.SUPERVISED_DEFAULT.hiddenUnits()),
            Map.entry("--batch-size", "" + v.batchSize()),
            Map.entry("--kl-anneal-step", "batch size / " + VdshSettings.KL_ANNEAL_DOCUMENTS
                + ", full weight after 5,000 documents as in the thesis authors' code; vdsh and node2hash codes under "
                + VdshSettings.FAST_KL_ANNEAL_MIN_BITS + " bits, nbrreg and nbrreg-doc: "
                + plain(NbrRegSettings.KL_ANNEAL_STEP) + ", the thesis text's rate"),
            Map.entry("--label-weight", plain(v.labelWeight())),
            Map.entry("--keep-probability", plain(v.keepProbability())),
            Map.entry("--binarization", v.binarization().cliName()),
            Map.entry("--decoder-bias", v.decoderBias().cliName()),
            Map.entry("--knn", "" + n.knnNeighbors()),
            Map.entry("--traversal", n.traversal().cliName()),
            Map.entry("--neighbourhood-size", n.neighborhoodSize(GraphSource.KNN) + " on the knn graph, "
                + n.neighborhoodSize(GraphSource.LINKS) + " on links and links+knn"),
            Map.entry("--neighbour-weight", plain(n.neighborWeight())));
    int commands = 0;
    for (CommandLine cli : SemhashCommand.commandLine().getSubcommands().values()) {
      if (cli.getCommandSpec().mixins().containsKey("methodOptions") == false) {
        continue;
      }
      commands++;
      defaults.forEach(
          (flag, value) -> {
            String description = String.join(" ", cli.getCommandSpec().findOption(flag).description());
            assertEquals(
                "(default: " + value + ").",
                description.substring(description.lastIndexOf("(default: ")),
                cli.getCommandName() + " " + flag);
          });
    }
    assertEquals(3, commands, "train, eval-hash and reproduce");
  }

  @Test
  void flagsBecomeMethodOptions() {
    assertEquals(MethodOptions.NONE, parse());
    MethodOptions o =
        parse("--epochs", "5", "--label-weight", "Balanced", "--binarization", "SIGN", "--graph", "knn",
            "--learning-rate", "0.01");
    assertEquals(
        MethodOptions.builder()
            .maxEpochs(5)
            .labelWeight(VdshSettings.BALANCED_LABEL_WEIGHT)
            .binarization(Binarization.SIGN)
            .graph(GraphSource.KNN)
            .learningRate(0.01)
            .build(),
        o);
    assertEquals(2.5, parse("--label-weight", "2.5").labelWeight());
    assertEquals(Boolean.TRUE, parse("--include-self").includeSelf());
    assertEquals(Boolean.FALSE, parse("--include-self=false").includeSelf());
    assertEquals(Map.of("--include-self", true), parse("--include-self").given());
    assertTrue(parse("--include-self").applyTo(Node2hashSettings.DEFAULT).includeSelf());
    assertEquals(null, Node2hashSettings.DEFAULT.includeSelf());
    assertEquals(Boolean.FALSE, parse("--include-self=false").applyTo(Node2hashSettings.DEFAULT).includeSelf());
    assertEquals(DocumentWords.UNIQUE, parse("--document-words", "UNIQUE").applyTo(Node2hashSettings.DEFAULT).documentWords());
    assertEquals(DocumentWords.COUNTS,
        parse("--document-words", "counts").applyTo(dev.semhash.training.hashing.nbrreg.NbrRegSettings.DEFAULT).documentWords());
    assertEquals(Map.of("--document-words", "counts"), parse("--document-words", "counts").given());
  }

  @Test
  void earlyStoppingIsANeuralOptionWithAKnownName() {
    assertEquals(EarlyStopping.RECONSTRUCTION,
        parse("--early-stopping", "Reconstruction").applyTo(VdshSettings.DEFAULT.withEarlyStopping(EarlyStopping.ELBO))
            .earlyStopping());
    assertEquals(EarlyStopping.RECONSTRUCTION, VdshSettings.DEFAULT.earlyStopping());
    assertEquals(EarlyStopping.ELBO,
        parse("--early-stopping", "elbo").applyTo(VdshSettings.DEFAULT.withEarlyStopping(EarlyStopping.RECONSTRUCTION))
            .earlyStopping());
    assertEquals(Map.of("--early-stopping", "elbo"), parse("--early-stopping", "elbo").given());
    assertEquals(
        "'loss' is not an early-stopping criterion; choose elbo, reconstruction or precision",
        assertThrows(IllegalArgumentException.class, () -> parse("--early-stopping", "loss")).getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> parse("--early-stopping", "elbo").requireApplicableTo(dev.semhash.training.hashing.HashingMethod.LSH));
  }

  @Test
  void decoderBiasIsANeuralOptionWithAKnownName() {
    assertEquals(DecoderBias.ZERO, VdshSettings.DEFAULT.decoderBias());
    assertEquals(DecoderBias.LOG_FREQUENCY,
        parse("--decoder-bias", "Log-Frequency").applyTo(VdshSettings.DEFAULT).decoderBias());
    assertEquals(DecoderBias.LOG_FREQUENCY,
        parse("--decoder-bias", "log-frequency").applyTo(Node2hashSettings.DEFAULT).vdsh().decoderBias());
    assertEquals(Map.of("--decoder-bias", "log-frequency"), parse("--decoder-bias", "log-frequency").given());
    assertEquals(
        "'average' is not a decoder bias start; choose zero or log-frequency",
        assertThrows(IllegalArgumentException.class, () -> parse("--decoder-bias", "average")).getMessage());
    assertEquals(
        "--decoder-bias applies to the neural methods (vdsh, vdsh-s, vdsh-sp, nbrreg, nbrreg-doc, node2hash), not sth",
        assertThrows(IllegalArgumentException.class,
            () -> parse("--decoder-bias", "zero").requireApplicableTo(dev.semhash.training.hashing.HashingMethod.STH))
            .getMessage());
  }

  @Test
  void documentWordsNeedANeighbourDecoderAndAKnownName() {
    assertEquals(
        "--document-words applies to the methods with a neighbour decoder (nbrreg, nbrreg-doc, node2hash), not vdsh",
        assertThrows(IllegalArgumentException.class,
            () -> parse("--document-words", "unique").requireApplicableTo(dev.semhash.training.hashing.HashingMethod.VDSH))
            .getMessage());
    assertEquals(
        "'bigrams' is not a choice of document words; choose unique or counts",
        assertThrows(IllegalArgumentException.class, () -> parse("--document-words", "bigrams")).getMessage());
  }

  @Test
  void badValuesSayWhatIsWrong() {
    assertEquals(
        "--label-weight must be a finite number >= 0 or balanced, got '-1'",
        assertThrows(IllegalArgumentException.class, () -> parse("--label-weight=-1")).getMessage());
    assertEquals(
        "--label-weight must be a finite number >= 0 or balanced, got 'heavy'",
        assertThrows(IllegalArgumentException.class, () -> parse("--label-weight", "heavy")).getMessage());
    assertEquals(
        "unknown binarization 'mean'; choose one of median, sign, itq, two-means",
        assertThrows(IllegalArgumentException.class, () -> parse("--binarization", "mean")).getMessage());
    assertEquals(
        "--batch-size must be at least 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> parse("--batch-size", "0")).getMessage());
  }
}
