package dev.semhash.training.hashing;

import dev.semhash.training.graph.GraphSource;
import dev.semhash.training.graph.Traversal;
import dev.semhash.training.hashing.nbrreg.NbrRegSettings;
import dev.semhash.training.hashing.node2hash.Node2hashSettings;
import dev.semhash.training.hashing.vdsh.Binarization;
import dev.semhash.training.hashing.vdsh.DecoderBias;
import dev.semhash.training.hashing.vdsh.DocumentWords;
import dev.semhash.training.hashing.vdsh.EarlyStopping;
import dev.semhash.training.hashing.vdsh.EpochScorer;
import dev.semhash.training.hashing.vdsh.VdshSettings;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Overrides of a hashing method's hyperparameters: each component is {@code null} to keep the
 * method's own default (so node2hash keeps its patience of 10 and VDSH its 4 unless {@link
 * #patience} is set). Each option is named after its command-line flag, which error messages and
 * {@link #given()} use. {@link HashingMethod#train(dev.semhash.training.corpus.Corpus, int,
 * MethodOptions, long, dev.semhash.training.progress.ProgressReporter)} rejects an option the
 * method does not use, rather than ignoring it.
 *
 * <pre class="prettyprint">
 * MethodOptions options = MethodOptions.builder().maxEpochs(5).learningRate(0.003).build();
 * HashModel model = HashingMethod.VDSH.train(corpus, 32, options, 42L, ProgressReporter.NONE);
 * </pre>
 *
 * @param maxEpochs {@code --epochs}: {@link VdshSettings#maxEpochs()}
 * @param patience {@code --patience}: {@link VdshSettings#patience()}
 * @param minTrainingDocuments {@code --min-training-documents}: {@link
 *     VdshSettings#minTrainingDocuments()}
 * @param earlyStopping {@code --early-stopping}: {@link VdshSettings#earlyStopping()}
 * @param learningRate {@code --learning-rate}: {@link VdshSettings#learningRate()}
 * @param hiddenUnits {@code --hidden}: {@link VdshSettings#hiddenUnits()}
 * @param batchSize {@code --batch-size}: {@link VdshSettings#batchSize()}
 * @param klAnnealStep {@code --kl-anneal-step}: {@link VdshSettings#klAnnealStep()}
 * @param labelWeight {@code --label-weight}: {@link VdshSettings#labelWeight()}, possibly {@link
 *     VdshSettings#BALANCED_LABEL_WEIGHT}; VDSH-S and VDSH-SP only
 * @param keepProbability {@code --keep-probability}: {@link VdshSettings#keepProbability()}
 * @param binarization {@code --binarization}: {@link VdshSettings#binarization()}
 * @param decoderBias {@code --decoder-bias}: {@link VdshSettings#decoderBias()}
 * @param graph {@code --graph}: {@link Node2hashSettings#graph()}
 * @param knn {@code --knn}: {@link Node2hashSettings#knnNeighbors()}
 * @param traversal {@code --traversal}: {@link Node2hashSettings#traversal()}
 * @param neighbourhoodSize {@code --neighbourhood-size}: {@link Node2hashSettings#neighborhoodSize()}
 * @param neighbourWeight {@code --neighbour-weight}: {@link Node2hashSettings#neighborWeight()}
 * @param includeSelf {@code --include-self}: {@link Node2hashSettings#includeSelf()}
 * @param documentWords {@code --document-words}: {@link Node2hashSettings#documentWords()} or {@link
 *     NbrRegSettings#documentWords()}
 * @param epochScorer not a flag of its own: {@link VdshSettings#epochScorer()}, set by {@link
 *     #withEpochScorer} for one training run (such as {@code eval-hash --score-every-epoch}); left
 *     out of {@link #given()}
 */
public record MethodOptions(
    Integer maxEpochs,
    Integer patience,
    Integer minTrainingDocuments,
    EarlyStopping earlyStopping,
    Double learningRate,
    Integer hiddenUnits,
    Integer batchSize,
    Double klAnnealStep,
    Double labelWeight,
    Double keepProbability,
    Binarization binarization,
    DecoderBias decoderBias,
    GraphSource graph,
    Integer knn,
    Traversal traversal,
    Integer neighbourhoodSize,
    Double neighbourWeight,
    Boolean includeSelf,
    DocumentWords documentWords,
    EpochScorer epochScorer) {

  /** No override: every method trains with its defaults. */
  public static final MethodOptions NONE = builder().build();

  /** Which methods use an option, and how an error message names them. */
  private enum Scope {
    NEURAL(
        EnumSet.of(
            HashingMethod.VDSH,
            HashingMethod.VDSH_S,
            HashingMethod.VDSH_SP,
            HashingMethod.NBRREG,
            HashingMethod.NBRREG_DOC,
            HashingMethod.NODE2HASH),
        "the neural methods"),
    LABELLED(EnumSet.of(HashingMethod.VDSH_S, HashingMethod.VDSH_SP), "the supervised methods"),
    NEIGHBOURS(
        EnumSet.of(HashingMethod.NBRREG, HashingMethod.NBRREG_DOC, HashingMethod.NODE2HASH),
        "the methods with a neighbour decoder"),
    NODE2HASH(EnumSet.of(HashingMethod.NODE2HASH), null);

    final Set<HashingMethod> methods;
    final String what;

    Scope(Set<HashingMethod> methods, String what) {
      this.methods = methods;
      this.what = what;
    }

    String describe() {
      if (what == null) {
        // the wording users of the former node2hash-only graph options know
        return "--method " + methods.iterator().next().cliName() + " only";
      }
      return what + " (" + methods.stream().map(HashingMethod::cliName).collect(Collectors.joining(", ")) + ")";
    }
  }

  /** One option that was set: its flag, its value as the command line spells it, its methods. */
  private record Given(String flag, Object value, Scope scope) {}

  public MethodOptions {
    atLeastOne(maxEpochs, "--epochs");
    atLeastOne(patience, "--patience");
    if (minTrainingDocuments != null && minTrainingDocuments < 0) {
      throw new IllegalArgumentException(
          "--min-training-documents must be at least 0 (0: patience alone decides), got " + minTrainingDocuments);
    }
    atLeastOne(hiddenUnits, "--hidden");
    atLeastOne(batchSize, "--batch-size");
    atLeastOne(knn, "--knn");
    atLeastOne(neighbourhoodSize, "--neighbourhood-size");
    if (learningRate != null && (!(learningRate > 0) || Double.isInfinite(learningRate))) {
      throw new IllegalArgumentException("--learning-rate must be a positive number, got " + learningRate);
    }
    inUnitInterval(klAnnealStep, "--kl-anneal-step");
    inUnitInterval(keepProbability, "--keep-probability");
    if (labelWeight != null && labelWeight != VdshSettings.BALANCED_LABEL_WEIGHT) {
      finiteNonNegative(labelWeight, "--label-weight", " or balanced");
    }
    finiteNonNegative(neighbourWeight, "--neighbour-weight", "");
  }

  private static void atLeastOne(Integer value, String flag) {
    if (value != null && value < 1) {
      throw new IllegalArgumentException(flag + " must be at least 1, got " + value);
    }
  }

  private static void inUnitInterval(Double value, String flag) {
    if (value != null && !(value > 0 && value <= 1)) {
      throw new IllegalArgumentException(flag + " must be in (0, 1], got " + value);
    }
  }

  private static void finiteNonNegative(Double value, String flag, String alternative) {
    if (value != null && (!(value >= 0) || Double.isInfinite(value))) {
      throw new IllegalArgumentException(
          flag + " must be a finite number >= 0" + alternative + ", got " + value);
    }
  }

  /** A builder whose options all start unset. */
  public static Builder builder() {
    return new Builder();
  }

  /** These options with {@code scorer} called after every epoch of a neural method's training. */
  public MethodOptions withEpochScorer(EpochScorer scorer) {
    return new MethodOptions(maxEpochs, patience, minTrainingDocuments, earlyStopping, learningRate, hiddenUnits,
        batchSize, klAnnealStep, labelWeight, keepProbability, binarization, decoderBias, graph, knn, traversal, neighbourhoodSize,
        neighbourWeight, includeSelf, documentWords, scorer);
  }

  /** {@code defaults} with the network and training-loop overrides applied. */
  public VdshSettings applyTo(VdshSettings defaults) {
    VdshSettings s = defaults;
    s = maxEpochs == null ? s : s.withMaxEpochs(maxEpochs);
    s = patience == null ? s : s.withPatience(patience);
    s = minTrainingDocuments == null ? s : s.withMinTrainingDocuments(minTrainingDocuments);
    s = earlyStopping == null ? s : s.withEarlyStopping(earlyStopping);
    s = learningRate == null ? s : s.withLearningRate(learningRate);
    s = hiddenUnits == null ? s : s.withHiddenUnits(hiddenUnits);
    s = batchSize == null ? s : s.withBatchSize(batchSize);
    s = klAnnealStep == null ? s : s.withKlAnnealStep(klAnnealStep);
    s = labelWeight == null ? s : s.withLabelWeight(labelWeight);
    s = keepProbability == null ? s : s.withKeepProbability(keepProbability);
    s = decoderBias == null ? s : s.withDecoderBias(decoderBias);
    s = epochScorer == null ? s : s.withEpochScorer(epochScorer);
    return binarization == null ? s : s.withBinarization(binarization);
  }

  /** {@code defaults} with the overrides applied to its VDSH settings. */
  public NbrRegSettings applyTo(NbrRegSettings defaults) {
    NbrRegSettings s = defaults.withVdsh(applyTo(defaults.vdsh()));
    return documentWords == null ? s : s.withDocumentWords(documentWords);
  }

  /** {@code defaults} with the graph overrides, and the others applied to its VDSH settings. */
  public Node2hashSettings applyTo(Node2hashSettings defaults) {
    Node2hashSettings s = defaults.withVdsh(applyTo(defaults.vdsh()));
    s = graph == null ? s : s.withGraph(graph);
    s = knn == null ? s : s.withKnnNeighbors(knn);
    s = traversal == null ? s : s.withTraversal(traversal);
    s = neighbourhoodSize == null ? s : s.withNeighborhoodSize(neighbourhoodSize);
    s = neighbourWeight == null ? s : s.withNeighborWeight(neighbourWeight);
    s = documentWords == null ? s : s.withDocumentWords(documentWords);
    return includeSelf == null ? s : s.withIncludeSelf(includeSelf);
  }

  /**
   * The options that are set, by flag (such as {@code --epochs}) in declaration order, with
   * values as the command line spells them: what a report records so a result says how it was
   * made. Empty for {@link #NONE}.
   */
  public Map<String, Object> given() {
    Map<String, Object> map = new LinkedHashMap<>();
    for (Given g : set()) {
      map.put(g.flag(), g.value());
    }
    return map;
  }

  /** Whether no option is set. */
  public boolean isEmpty() {
    return set().isEmpty();
  }

  /**
   * Fails unless {@code method} uses every option that is set.
   *
   * @throws IllegalArgumentException naming each option the method does not use and the methods
   *     that do, such as "--epochs applies to the neural methods (vdsh, ...), not lsh"
   */
  public void requireApplicableTo(HashingMethod method) {
    Map<Scope, List<String>> misplaced = new LinkedHashMap<>();
    for (Given g : set()) {
      if (g.scope().methods.contains(method) == false) {
        misplaced.computeIfAbsent(g.scope(), s -> new ArrayList<>()).add(g.flag());
      }
    }
    if (misplaced.isEmpty() == false) {
      throw new IllegalArgumentException(
          misplaced.entrySet().stream()
              .map(e -> list(e.getValue()) + (e.getValue().size() == 1 ? " applies" : " apply")
                  + " to " + e.getKey().describe() + ", not " + method.cliName())
              .collect(Collectors.joining("; ")));
    }
  }

  /** "the neural methods (vdsh, vdsh-s, ...)": the methods that train in epochs, for messages. */
  public static String describeNeural() {
    return Scope.NEURAL.describe();
  }

  /** Whether {@code method} trains in epochs, so that {@code --epochs} and the other neural options apply. */
  public static boolean isNeural(HashingMethod method) {
    return Scope.NEURAL.methods.contains(method);
  }

  /** "a", "a and b", "a, b and c". */
  private static String list(List<String> flags) {
    int last = flags.size() - 1;
    return last == 0 ? flags.get(0) : String.join(", ", flags.subList(0, last)) + " and " + flags.get(last);
  }

  private List<Given> set() {
    List<Given> set = new ArrayList<>();
    add(set, "--epochs", maxEpochs, Scope.NEURAL);
    add(set, "--patience", patience, Scope.NEURAL);
    add(set, "--min-training-documents", minTrainingDocuments, Scope.NEURAL);
    add(set, "--early-stopping", earlyStopping == null ? null : earlyStopping.cliName(), Scope.NEURAL);
    add(set, "--learning-rate", learningRate, Scope.NEURAL);
    add(set, "--hidden", hiddenUnits, Scope.NEURAL);
    add(set, "--batch-size", batchSize, Scope.NEURAL);
    add(set, "--kl-anneal-step", klAnnealStep, Scope.NEURAL);
    add(set, "--label-weight",
        labelWeight != null && labelWeight == VdshSettings.BALANCED_LABEL_WEIGHT ? "balanced" : labelWeight,
        Scope.LABELLED);
    add(set, "--keep-probability", keepProbability, Scope.NEURAL);
    add(set, "--binarization", binarization == null ? null : binarization.cliName(), Scope.NEURAL);
    add(set, "--decoder-bias", decoderBias == null ? null : decoderBias.cliName(), Scope.NEURAL);
    add(set, "--graph", graph == null ? null : graph.cliName(), Scope.NODE2HASH);
    add(set, "--knn", knn, Scope.NODE2HASH);
    add(set, "--traversal", traversal == null ? null : traversal.cliName(), Scope.NODE2HASH);
    add(set, "--neighbourhood-size", neighbourhoodSize, Scope.NODE2HASH);
    add(set, "--neighbour-weight", neighbourWeight, Scope.NODE2HASH);
    add(set, "--include-self", includeSelf, Scope.NODE2HASH);
    add(set, "--document-words", documentWords == null ? null : documentWords.cliName(), Scope.NEIGHBOURS);
    return set;
  }

  private static void add(List<Given> set, String flag, Object value, Scope scope) {
    if (value != null) {
      set.add(new Given(flag, value, scope));
    }
  }

  /** Collects options one by one; unset ones keep the method's defaults. */
  public static final class Builder {
    private Integer maxEpochs;
    private Integer patience;
    private Integer minTrainingDocuments;
    private EarlyStopping earlyStopping;
    private Double learningRate;
    private Integer hiddenUnits;
    private Integer batchSize;
    private Double klAnnealStep;
    private Double labelWeight;
    private Double keepProbability;
    private Binarization binarization;
    private DecoderBias decoderBias;
    private GraphSource graph;
    private Integer knn;
    private Traversal traversal;
    private Integer neighbourhoodSize;
    private Boolean includeSelf;
    private Double neighbourWeight;
    private DocumentWords documentWords;

    private Builder() {}

    public Builder maxEpochs(Integer v) {
      maxEpochs = v;
      return this;
    }

    public Builder patience(Integer v) {
      patience = v;
      return this;
    }

    public Builder minTrainingDocuments(Integer v) {
      minTrainingDocuments = v;
      return this;
    }

    public Builder earlyStopping(EarlyStopping v) {
      earlyStopping = v;
      return this;
    }

    public Builder learningRate(Double v) {
      learningRate = v;
      return this;
    }

    public Builder hiddenUnits(Integer v) {
      hiddenUnits = v;
      return this;
    }

    public Builder batchSize(Integer v) {
      batchSize = v;
      return this;
    }

    public Builder klAnnealStep(Double v) {
      klAnnealStep = v;
      return this;
    }

    /** A weight, or {@link VdshSettings#BALANCED_LABEL_WEIGHT}. */
    public Builder labelWeight(Double v) {
      labelWeight = v;
      return this;
    }

    public Builder keepProbability(Double v) {
      keepProbability = v;
      return this;
    }

    public Builder binarization(Binarization v) {
      binarization = v;
      return this;
    }

    public Builder decoderBias(DecoderBias v) {
      decoderBias = v;
      return this;
    }

    public Builder graph(GraphSource v) {
      graph = v;
      return this;
    }

    public Builder knn(Integer v) {
      knn = v;
      return this;
    }

    public Builder traversal(Traversal v) {
      traversal = v;
      return this;
    }

    public Builder neighbourhoodSize(Integer v) {
      neighbourhoodSize = v;
      return this;
    }

    public Builder neighbourWeight(Double v) {
      neighbourWeight = v;
      return this;
    }

    public Builder includeSelf(Boolean v) {
      includeSelf = v;
      return this;
    }

    public Builder documentWords(DocumentWords v) {
      documentWords = v;
      return this;
    }

    /**
     * The options collected so far.
     *
     * @throws IllegalArgumentException when a value is out of range, naming its flag
     */
    public MethodOptions build() {
      return new MethodOptions(
          maxEpochs,
          patience,
          minTrainingDocuments,
          earlyStopping,
          learningRate,
          hiddenUnits,
          batchSize,
          klAnnealStep,
          labelWeight,
          keepProbability,
          binarization,
          decoderBias,
          graph,
          knn,
          traversal,
          neighbourhoodSize,
          neighbourWeight,
          includeSelf,
          documentWords,
          null);
    }
  }
}
