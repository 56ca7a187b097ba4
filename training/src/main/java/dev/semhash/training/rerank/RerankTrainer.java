package dev.semhash.training.rerank;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;

/**
 * Trains a {@link RerankModel} epoch by epoch on (query, relevant documents, first-stage
 * candidates) examples, telling a listener after each epoch so that the caller can pick the best
 * epoch on validation queries.
 */
public interface RerankTrainer {
  /** Told after every epoch. */
  interface EpochListener {
    /**
     * @param epoch 1-based epoch number
     * @param meanLoss mean training loss over the epoch's tuples
     * @param violatedFraction share of tuples ranked wrongly (SSI: with a positive margin loss)
     * @param trainer the trainer, whose {@link #snapshot()} is the current model
     */
    void afterEpoch(int epoch, double meanLoss, double violatedFraction, RerankTrainer trainer) throws IOException;
  }

  /**
   * Does the unsupervised work that precedes the first epoch (DSE's RBM pretraining), so that
   * {@link #snapshot()} is the starting point of fine-tuning; {@link #train} calls it if not done.
   */
  default void prepare(ProgressReporter progress) {}

  /** Trains for the configured number of epochs and returns the final model. */
  RerankModel train(List<RerankExamples.Example> examples, EpochListener listener, ProgressReporter progress) throws IOException;

  /** The current model (a copy of the weights). */
  RerankModel snapshot();
}
