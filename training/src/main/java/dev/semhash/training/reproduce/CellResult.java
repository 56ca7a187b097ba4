package dev.semhash.training.reproduce;

import dev.semhash.training.hashing.vdsh.QueryPrecisionByEpoch;
import dev.semhash.training.eval.HammingEvaluation;
import java.util.List;

/**
 * The figures of one cell of the reproduction (a method at one code length on one dataset), as read
 * from its result file.
 *
 * @param dataset the dataset's key ({@link ReproductionDataset#key()})
 * @param method the method's command-line name
 * @param bits code length
 * @param prec100 Prec@100
 * @param ndcg100 NDCG@100
 * @param precR2 precision within Hamming radius 2
 * @param trainSeconds wall time of training
 * @param epochSeconds wall time of each training epoch; empty for methods without epochs
 * @param epochCpuSeconds CPU time of the process in each epoch (all threads); empty if unknown
 * @param encoderDocsPerCoreSecond documents per second per core of the pure-Java encoder, text to
 *     code, or null if not measured
 * @param encoderLoadAverage the machine's one-minute load average when the encoder was timed, or
 *     null if not recorded (cells computed before 2026-11-26 or on systems without one)
 * @param seed the seed of the run
 * @param command the command line that computed the cell
 * @param machine cores, JDK and heap of the machine that computed it
 * @param predatesEarlyStopping a neural cell computed before the held-out reconstruction loss chose
 *     the epoch (2026-11-25; no {@code early_stopping} in its {@code model_info}): running it again
 *     with today's defaults may give another figure
 * @param readsOwnNeighbourhood a NbrReg+Doc cell whose model read each document as its own single
 *     neighbour, as models exported before 2026-11-27 did, instead of with its BM25 neighbourhood
 * @param prec100ByEpoch the queries' Prec@100 after each training epoch, first epoch first, for a
 *     cell run with {@code --score-every-epoch}; empty otherwise
 * @param labelChosenEpoch the epoch (1 for the first) whose codes retrieved the trainer's held-out
 *     training documents best by their labels, in a scored cell whose training documents carry
 *     labels (since 2026-12-06); 0 otherwise
 * @param tiedPrecision Prec@100 under the worst, a random (expected) and the best order of the
 *     training documents tied at each query's cut-off distance (cells evaluated since 2026-12-07);
 *     null otherwise
 */
public record CellResult(
    String dataset,
    String method,
    int bits,
    double prec100,
    double ndcg100,
    double precR2,
    double trainSeconds,
    List<Double> epochSeconds,
    List<Double> epochCpuSeconds,
    Double encoderDocsPerCoreSecond,
    Double encoderLoadAverage,
    long seed,
    String command,
    String machine,
    boolean predatesEarlyStopping,
    boolean readsOwnNeighbourhood,
    List<Double> prec100ByEpoch,
    int labelChosenEpoch,
    HammingEvaluation.TiedPrecision tiedPrecision) {

  public CellResult {
    epochSeconds = List.copyOf(epochSeconds);
    epochCpuSeconds = List.copyOf(epochCpuSeconds);
    prec100ByEpoch = List.copyOf(prec100ByEpoch);
    if (labelChosenEpoch < 0 || labelChosenEpoch > prec100ByEpoch.size()) {
      throw new IllegalArgumentException(
          "the epoch chosen by held-out labels is " + labelChosenEpoch + " but the cell scored "
              + prec100ByEpoch.size() + " epochs; it must be one of them, or 0 for none");
    }
  }

  /** A cell evaluated without the orders of tied documents (before 2026-12-07). */
  public CellResult(String dataset, String method, int bits, double prec100, double ndcg100, double precR2,
      double trainSeconds, List<Double> epochSeconds, List<Double> epochCpuSeconds, Double encoderDocsPerCoreSecond,
      Double encoderLoadAverage, long seed, String command, String machine, boolean predatesEarlyStopping,
      boolean readsOwnNeighbourhood, List<Double> prec100ByEpoch, int labelChosenEpoch) {
    this(dataset, method, bits, prec100, ndcg100, precR2, trainSeconds, epochSeconds, epochCpuSeconds,
        encoderDocsPerCoreSecond, encoderLoadAverage, seed, command, machine, predatesEarlyStopping,
        readsOwnNeighbourhood, prec100ByEpoch, labelChosenEpoch, null);
  }

  /** A cell without an epoch chosen by held-out labels. */
  public CellResult(String dataset, String method, int bits, double prec100, double ndcg100, double precR2,
      double trainSeconds, List<Double> epochSeconds, List<Double> epochCpuSeconds, Double encoderDocsPerCoreSecond,
      Double encoderLoadAverage, long seed, String command, String machine, boolean predatesEarlyStopping,
      boolean readsOwnNeighbourhood, List<Double> prec100ByEpoch) {
    this(dataset, method, bits, prec100, ndcg100, precR2, trainSeconds, epochSeconds, epochCpuSeconds,
        encoderDocsPerCoreSecond, encoderLoadAverage, seed, command, machine, predatesEarlyStopping,
        readsOwnNeighbourhood, prec100ByEpoch, 0);
  }

  /** A cell not scored after every epoch. */
  public CellResult(String dataset, String method, int bits, double prec100, double ndcg100, double precR2,
      double trainSeconds, List<Double> epochSeconds, List<Double> epochCpuSeconds, Double encoderDocsPerCoreSecond,
      Double encoderLoadAverage, long seed, String command, String machine, boolean predatesEarlyStopping,
      boolean readsOwnNeighbourhood) {
    this(dataset, method, bits, prec100, ndcg100, precR2, trainSeconds, epochSeconds, epochCpuSeconds,
        encoderDocsPerCoreSecond, encoderLoadAverage, seed, command, machine, predatesEarlyStopping,
        readsOwnNeighbourhood, List.of());
  }

  /** A cell of a model that reads neighbourhoods or needs none. */
  public CellResult(String dataset, String method, int bits, double prec100, double ndcg100, double precR2,
      double trainSeconds, List<Double> epochSeconds, List<Double> epochCpuSeconds, Double encoderDocsPerCoreSecond,
      Double encoderLoadAverage, long seed, String command, String machine, boolean predatesEarlyStopping) {
    this(dataset, method, bits, prec100, ndcg100, precR2, trainSeconds, epochSeconds, epochCpuSeconds,
        encoderDocsPerCoreSecond, encoderLoadAverage, seed, command, machine, predatesEarlyStopping, false);
  }

  /** Whether the queries were scored after every epoch ({@code --score-every-epoch}). */
  public boolean scoredEveryEpoch() {
    return prec100ByEpoch.isEmpty() == false;
  }

  /**
   * The epoch whose queries scored the highest Prec@100, the first of equals (1-based), as the
   * thesis authors' code keeps its best; 0 if the cell was not scored every epoch.
   */
  public int bestScoredEpoch() {
    return QueryPrecisionByEpoch.bestEpoch(prec100ByEpoch);
  }

  /** The best epoch's Prec@100 ({@link #bestScoredEpoch()}), or NaN if not scored every epoch. */
  public double prec100BestEpoch() {
    return scoredEveryEpoch() ? prec100ByEpoch.get(bestScoredEpoch() - 1) : Double.NaN;
  }

  /**
   * The queries' Prec@100 at the epoch the held-out training documents' labels rank first ({@link
   * #labelChosenEpoch()}): what a labelled validation set would have kept. NaN if not recorded.
   */
  public double prec100LabelChosenEpoch() {
    return labelChosenEpoch == 0 ? Double.NaN : prec100ByEpoch.get(labelChosenEpoch - 1);
  }

  /** Number of epochs trained (0 for methods without epochs). */
  public int epochs() {
    return epochSeconds.size();
  }

  /** Mean wall time of an epoch, or NaN without epochs. */
  public double meanEpochSeconds() {
    return epochSeconds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  /** Mean CPU time of an epoch, or NaN if unknown. */
  public double meanEpochCpuSeconds() {
    return epochCpuSeconds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }
}
