package dev.semhash.training.hashing.nbrreg;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.SparseMatrix;
import dev.semhash.training.hashing.vdsh.BagDecoder;
import dev.semhash.training.hashing.vdsh.NeighbourEncoder;
import dev.semhash.training.hashing.vdsh.VdshSpec;
import dev.semhash.training.hashing.vdsh.VdshTrainer;
import dev.semhash.training.hashing.vdsh.VdshVariant;
import dev.semhash.training.neighbors.Bm25NeighborSettings;
import dev.semhash.training.neighbors.CorpusNeighbors;
import dev.semhash.training.neighbors.NeighborCache;
import dev.semhash.training.neighbors.Neighbors;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Trains NbrReg or NbrReg+Doc (thesis chapter 4) and exports the encoder as a {@link HashModel}.
 *
 * <p>Weak supervision: the k nearest training documents of every training document by BM25
 * ({@link CorpusNeighbors#bm25}, k = 20 as the thesis). The model is VDSH (same encoder, word
 * decoder, KL annealing, early stopping; see {@link VdshTrainer}) with a second softmax decoder
 * from the latent vector over the unique words of the neighbourhood ({@link NeighbourhoodWords},
 * eq. 4.1-4.2). NbrReg+Doc adds a {@link NeighbourEncoder}: the neighbours' own hidden vectors,
 * mean-pooled and added to the document's (eq. 4.7-4.9).
 *
 * <p>Encoding. Codes come from the posterior mean (4.2.6), median-thresholded over the training
 * documents. NbrReg's encoder reads the document alone. NbrReg+Doc's reads the neighbourhood too
 * ({@link dev.semhash.model.HashModel#readsNeighbourhood()}): each training document with the
 * neighbours it was trained with, a new document with its k nearest documents by BM25 in the
 * collection (the thesis gives no rule for a new document; this is the weak supervision's own
 * rule), found by {@code NeighbourhoodEncoding} for a corpus, by {@code SemanticIndexBuilder} and
 * {@code CodeReencoder} in the collection being indexed, and by {@code search} in the index. The
 * model records the neighbour settings under {@code neighbours}.
 *
 * <p>Measured on 20 Newsgroups (bydate split, 10,000-term vocabulary, seed 42, 32 bits, {@link
 * NbrRegSettings#DEFAULT}): NbrReg Prec@100 0.5731, NDCG@100 0.5785, precision within Hamming
 * radius 2 0.4261 (thesis table 4.1: 0.4644), 30 epochs in 262 s (8.4 s per epoch), with {@code
 * ./semhash reproduce --datasets 20newsgroups --methods nbrreg --bits 32}; all 30 epochs ran (the
 * validation loss still fell). NbrReg+Doc at 64 bits (thesis 0.5118): Prec@100 0.6162 reading
 * neighbourhoods, against 0.5657 when the same network read each document as its own single
 * neighbour, with {@code ./semhash reproduce --datasets 20newsgroups --methods nbrreg-doc --bits 64}
 * (2,267 s of training beside another job). Cost: NbrReg+Doc's encoder runs every neighbour through its own branch, 21
 * documents per training document, so its epochs cost about four times NbrReg's CPU (55-65 s
 * against about 13 s on 20 Newsgroups).
 *
 * <pre class="prettyprint">
 * try (HashModel model =
 *     NbrRegTrainer.train(corpus, NbrRegVariant.NBRREG, 32, NbrRegSettings.DEFAULT, 42L, progress)) {
 *   long[] code = model.encode("Which graphics card runs X11 best?"); // NbrReg: the text alone
 * }
 * </pre>
 */
public final class NbrRegTrainer {
  private NbrRegTrainer() {}

  /**
   * Finds the BM25 neighbourhoods and trains on the corpus's training documents.
   *
   * @throws IllegalArgumentException for a corpus with no more training documents than k, a
   *     training document without any BM25 neighbour, and the errors of {@link VdshTrainer}
   * @throws IllegalStateException when training diverges
   */
  public static HashModel train(
      Corpus corpus, NbrRegVariant variant, int bits, NbrRegSettings settings, long seed, ProgressReporter progress)
      throws IOException {
    return train(corpus, variant, bits, settings, null, seed, progress);
  }

  /**
   * As {@link #train(Corpus, NbrRegVariant, int, NbrRegSettings, long, ProgressReporter)}, reading
   * and keeping the neighbourhoods in {@code cache} ({@code null}: always compute).
   */
  public static HashModel train(
      Corpus corpus, NbrRegVariant variant, int bits, NbrRegSettings settings, NeighborCache cache, long seed,
      ProgressReporter progress)
      throws IOException {
    int n = corpus.train().numRows();
    int k = settings.neighbours().k();
    if (n <= k) {
      throw new IllegalArgumentException(
          variant.cliName() + " needs more training documents than the k = " + k
              + " BM25 neighbours it finds for each, got " + n
              + "; give it at least " + (k + 1) + " training documents");
    }
    int threads = settings.vdsh().threads();
    Neighbors neighbours = CorpusNeighbors.bm25(corpus.index(), settings.neighbours(), cache, threads, progress);
    SparseMatrix counts = VdshTrainer.rawCounts(corpus, threads, progress);
    VdshSpec spec = spec(variant, settings, counts, neighbours, corpus.trainIds());
    return VdshTrainer.train(corpus, spec, bits, settings.vdsh(), seed, progress);
  }

  /**
   * The VDSH spec of the variant.
   *
   * @param counts the training documents' raw term counts
   * @param neighbours their BM25 neighbours (rows of {@code counts})
   * @param ids the training documents' ids, for error messages
   */
  static VdshSpec spec(
      NbrRegVariant variant, NbrRegSettings settings, SparseMatrix counts, Neighbors neighbours, List<String> ids) {
    int[][] lists = new int[neighbours.size()][];
    int none = 0;
    int first = -1;
    for (int d = 0; d < lists.length; d++) {
      lists[d] = neighbours.of(d);
      if (lists[d].length == 0) {
        none++;
        first = first < 0 ? d : first;
      }
    }
    if (none > 0) {
      throw new IllegalArgumentException(
          none + " training document(s) have no BM25 neighbour, for instance '" + ids.get(first)
              + "' (it shares no indexed term with another training document, or has no text); "
              + variant.cliName() + " learns from every document's neighbourhood, so remove such documents"
              + " from the training set");
    }
    Bm25NeighborSettings b = settings.neighbours();
    VdshSpec.Builder spec =
        VdshSpec.builder(variant.cliName())
            .variant(VdshVariant.VDSH)
            .decoder(new BagDecoder("neighbourhood", NeighbourhoodWords.of(counts, neighbours),
                settings.neighbourhoodWeight()))
            .info("neighbours", b.describe())
            .info("neighbourhood_target", "unique words of the neighbours")
            .info("document_words", settings.documentWords().name().toLowerCase(Locale.ROOT));
    spec.wordTargets(settings.documentWords().targets(counts));
    if (variant == NbrRegVariant.NBRREG_DOC) {
      spec.neighbourEncoder(NeighbourEncoder.meanPooled(lists));
    }
    return spec.build();
  }
}
