package dev.semhash.training.cli;

import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.graph.Traversal;
import dev.semhash.training.hashing.MethodOptions;
import dev.semhash.training.hashing.node2hash.Node2hashSettings;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.DecoderBias;
import dev.semhash.training.hashing.vdsh.DocumentWords;
import dev.semhash.training.hashing.vdsh.EarlyStopping;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The hashing methods' hyperparameters as flags: the neural methods' network and training loop,
 * and node2hash's document graph. An unset flag keeps the method's own default; the defaults
 * named in the help are {@link VdshSettings#DEFAULT}'s and {@link Node2hashSettings#DEFAULT}'s (a
 * test keeps them in step).
 */
final class MethodOptionsMixin {
  @Option(
      names = "--epochs",
      paramLabel = "N",
      description = "Neural methods: at most N passes over the training documents (default: 30).")
  Integer epochs;

  @Option(
      names = "--patience",
      paramLabel = "N",
      description = "Neural methods: stop after N epochs without a better validation loss"
          + " (default: 4; node2hash: 10).")
  Integer patience;

  @Option(
      names = "--min-training-documents",
      paramLabel = "N",
      description = "Neural methods: train on at least N documents, counted over epochs, before early"
          + " stopping may end training; on a small corpus the held-out loss can stall for epochs"
          + " while the codes are still untrained (0: patience alone decides) (default: 50000; vdsh-s and vdsh-sp: 0).")
  Integer minTrainingDocuments;

  @Option(
      names = "--early-stopping",
      paramLabel = "C",
      description = "Neural methods: what the validation split measures to keep the best epoch, elbo (the"
          + " decoders' losses plus the KL term at full weight), reconstruction (the decoders' losses"
          + " alone, whatever the KL annealing has reached) or precision (Prec@100 of the held-out"
          + " training documents' codes, relevant if sharing a label: needs a labelled corpus, whose"
          + " labels then choose the epoch of an unsupervised method without training it) (default:"
          + " reconstruction).")
  String earlyStopping;

  @Option(
      names = "--learning-rate",
      paramLabel = "R",
      description = "Neural methods: Adam's step size (default: 0.001).")
  Double learningRate;

  @Option(
      names = "--hidden",
      paramLabel = "N",
      description = "Neural methods: units of each hidden encoder layer (default: 500; vdsh-s"
          + " and vdsh-sp: 1000).")
  Integer hidden;

  @Option(
      names = "--batch-size",
      paramLabel = "N",
      description = "Neural methods: documents per mini-batch (default: 100).")
  Integer batchSize;

  @Option(
      names = "--kl-anneal-step",
      paramLabel = "S",
      description = "Neural methods: added to the KL term's weight (up to 1) after each"
          + " mini-batch (default: batch size / " + VdshSettings.KL_ANNEAL_DOCUMENTS + ", full weight after"
          + " 5,000 documents as in the thesis authors' code; vdsh and node2hash codes under "
          + VdshSettings.FAST_KL_ANNEAL_MIN_BITS + " bits, nbrreg and nbrreg-doc: 0.0002, the thesis text's rate).")
  Double klAnnealStep;

  @Option(
      names = "--label-weight",
      paramLabel = "W",
      description = "vdsh-s, vdsh-sp: weight of the labels, or balanced: a document's labels"
          + " weigh as much as its words (default: 1000).")
  String labelWeight;

  @Option(
      names = "--keep-probability",
      paramLabel = "P",
      description = "Neural methods: dropout keep probability (default: 0.8).")
  Double keepProbability;

  @Option(
      names = "--binarization",
      paramLabel = "B",
      description = "Neural methods: median (each bit's median over the training documents),"
          + " sign (threshold 0), itq (the outputs centred and rotated by iterative quantization"
          + " so that their signs lose the least, then threshold 0) or two-means (each bit's"
          + " threshold between the two groups of its training values with the least squared"
          + " error). The median is the thesis's, so that our tables compare like with like; itq"
          + " retrieves better in nearly every cell of docs/reproduction, and its model file encodes as"
          + " fast (default: median).")
  String binarization;

  @Option(
      names = "--decoder-bias",
      paramLabel = "B",
      description = "Neural methods: where the softmax decoders' biases start, zero (every word"
          + " equally likely) or log-frequency (each word's, neighbour's or id's log share over the"
          + " training documents, so that the code need not learn how common each word is)."
          + " On our validation splits log-frequency fitted the words better but did not retrieve"
          + " better (docs/experiments.md) (default: zero).")
  String decoderBias;

  @Option(
      names = "--graph",
      paramLabel = "G",
      description = "node2hash graph: links (the dataset's edges.tsv, undirected), knn (TF-IDF"
          + " cosine k-NN) or links+knn (both) (default: links when the dataset has edges, else knn).")
  String graph;

  @Option(
      names = "--knn",
      paramLabel = "K",
      description = "node2hash: neighbours per document of the knn graph (default: 20).")
  Integer knn;

  @Option(
      names = "--traversal",
      paramLabel = "T",
      description = "node2hash neighbourhood sampling: bfs, dfs or walk (default: bfs).")
  String traversal;

  @Option(
      names = "--neighbourhood-size",
      paramLabel = "M",
      description =
          "node2hash: the most documents in a sampled neighbourhood (default: " + Node2hashSettings.KNN_NEIGHBORHOOD
              + " on the knn graph, " + Node2hashSettings.LINKS_NEIGHBORHOOD + " on links and links+knn).")
  Integer neighbourhoodSize;

  @Option(
      names = "--neighbour-weight",
      paramLabel = "W",
      description = "node2hash: weight of the neighbour decoder next to the words' (default: 1).")
  Double neighbourWeight;

  @Option(
      names = "--include-self",
      paramLabel = "BOOL",
      arity = "0..1",
      fallbackValue = "true",
      description = "node2hash: each document is one of its own neighbours, so the neighbour decoder"
          + " also predicts its own id, as in the thesis authors' code (default: true on the knn graph,"
          + " false on links and links+knn).")
  Boolean includeSelf;

  @Option(
      names = "--document-words",
      paramLabel = "W",
      description = "nbrreg, nbrreg-doc, node2hash: what the word decoder reconstructs, unique (each word of"
          + " the document once, as the thesis authors' code) or counts (each word by its count)"
          + " (default: unique).")
  String documentWords;

  /**
   * The flags given, as options for {@link dev.semhash.training.hashing.HashingMethod#train}.
   *
   * @throws IllegalArgumentException for an unknown name or a value out of range, naming the flag
   */
  MethodOptions options() {
    // names are parsed here rather than by picocli converters so that a bad one is an error of the
    // run (exit code 1) with the parser's own message, as it was before these flags moved here
    return MethodOptions.builder()
        .maxEpochs(epochs)
        .patience(patience)
        .minTrainingDocuments(minTrainingDocuments)
        .earlyStopping(parse(earlyStopping, EarlyStopping::parse))
        .learningRate(learningRate)
        .hiddenUnits(hidden)
        .batchSize(batchSize)
        .klAnnealStep(klAnnealStep)
        .labelWeight(parse(labelWeight, MethodOptionsMixin::labelWeight))
        .keepProbability(keepProbability)
        .binarization(parse(binarization, Binarization::parse))
        .decoderBias(parse(decoderBias, DecoderBias::parse))
        .graph(parse(graph, GraphSource::parse))
        .knn(knn)
        .traversal(parse(traversal, Traversal::parse))
        .neighbourhoodSize(neighbourhoodSize)
        .neighbourWeight(neighbourWeight)
        .includeSelf(includeSelf)
        .documentWords(parse(documentWords, DocumentWords::parse))
        .build();
  }

  private static <T> T parse(String value, Function<String, T> parser) {
    return value == null ? null : parser.apply(value);
  }

  private static Double labelWeight(String value) {
    if (value.toLowerCase(Locale.ROOT).equals("balanced")) {
      return VdshSettings.BALANCED_LABEL_WEIGHT;
    }
    double weight;
    try {
      weight = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      weight = Double.NaN;
    }
    // a negative number would pass for the BALANCED_LABEL_WEIGHT sentinel
    if (!(weight >= 0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException(
          "--label-weight must be a finite number >= 0 or balanced, got '" + value + "'");
    }
    return weight;
  }
}
