package dev.semhash.training.indexing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.index.HammingCodes;
import dev.semhash.model.Activation;
import dev.semhash.model.DenseLayer;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.corpus.VocabularySettings;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.Document;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import dev.semhash.training.neighbors.Bm25NeighborSettings;
import dev.semhash.training.neighbors.Bm25TextNeighbours;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model that reads neighbourhoods (NbrReg+Doc's shape, random weights) through the index-time
 * paths: {@link SemanticIndexBuilder} finds each document's neighbours among the documents it
 * indexes, and its codes are exactly those of each document read with the neighbours BM25 finds
 * for its text in the built index; {@link CodeReencoder}, which searches the index itself, then
 * finds nothing to change.
 */
class NeighbourhoodIndexingTest {
  private static final int HIDDEN = 8;
  private static final int BITS = 16;

  @Test
  void indexTimeCodesReadTheBm25Neighbourhood(@TempDir Path dir) throws IOException {
    List<Document> docs = new DatasetReader(SharedData.dataset("20newsgroups")).documents().stream()
        .filter(Document::isTrain).limit(150).toList();
    CorpusSettings settings = CorpusSettings.DEFAULT.withVocabulary(VocabularySettings.DEFAULT.withMaxTerms(500));
    try (Corpus corpus = Corpus.build(docs, List.of(), settings, null, 2, ProgressReporter.NONE);
        HashModel model = randomNeighbourhoodModel(corpus, new Random(3))) {
      Path index = dir.resolve("index");
      SemanticIndexBuilder.build(docs, model, index, "code", ProgressReporter.NONE);
      Set<String> distinct = new HashSet<>();
      try (FSDirectory d = FSDirectory.open(index);
          DirectoryReader reader = DirectoryReader.open(d)) {
        assertEquals(1, reader.leaves().size());
        LeafReader leaf = reader.leaves().get(0).reader();
        HammingCodes codes = HammingCodes.of(leaf, "code", BITS);
        Bm25TextNeighbours nearest = new Bm25TextNeighbours(
            reader, SemanticIndexBuilder.BODY, model.vectorizer().analyzer(), NeighbourhoodEncoding.settings(model));
        long[] stored = new long[1];
        for (int doc = 0; doc < docs.size(); doc++) {
          String text = leaf.storedFields().document(doc).get(SemanticIndexBuilder.BODY);
          List<String> neighbours =
              CodeReencoder.neighbourTexts(nearest.of(text, doc), leaf.storedFields(), SemanticIndexBuilder.BODY);
          codes.readCode(codes.ordOf(doc), stored);
          assertArrayEquals(model.encode(text, neighbours), stored, "code of document " + doc);
          distinct.add(Long.toHexString(stored[0]));
        }
      }
      assertTrue(distinct.size() > 20, distinct.size() + " distinct codes");
      CodeReencoder.Result again =
          CodeReencoder.reencode(index, model, SemanticIndexBuilder.ID, SemanticIndexBuilder.BODY, "code",
              ProgressReporter.NONE);
      assertEquals(docs.size(), again.skipped());
      assertEquals(0, again.changed());
    }
  }

  /** Block-diagonal layers, as NbrReg+Doc exports them, with random weights and zero thresholds. */
  static HashModel randomNeighbourhoodModel(Corpus corpus, Random random) {
    int terms = corpus.vocabulary().size();
    float[][] columns = new float[terms][2 * HIDDEN];
    for (float[] c : columns) {
      for (int i = 0; i < c.length; i++) {
        c[i] = (float) random.nextGaussian();
      }
    }
    float[][] block = new float[2 * HIDDEN][2 * HIDDEN];
    for (int o = 0; o < 2 * HIDDEN; o++) {
      int from = o < HIDDEN ? 0 : HIDDEN;
      for (int i = 0; i < HIDDEN; i++) {
        block[o][from + i] = (float) random.nextGaussian();
      }
    }
    float[][] last = new float[BITS][2 * HIDDEN];
    for (float[] r : last) {
      for (int i = 0; i < r.length; i++) {
        r[i] = (float) random.nextGaussian();
      }
    }
    float[] bias = new float[BITS];
    for (int j = 0; j < BITS; j++) {
      bias[j] = (float) random.nextGaussian() * 0.1f;
    }
    return new HashModel("nbrreg-doc", Map.of("neighbours", Bm25NeighborSettings.DEFAULT.withK(5).describe()),
        corpus.settings().analyzer(), corpus.vocabulary(), corpus.settings().weighting(), corpus.settings().normalize(),
        new SparseInputLayer(columns, new float[2 * HIDDEN], Activation.RELU),
        List.of(new DenseLayer(block, new float[2 * HIDDEN], Activation.RELU),
            new DenseLayer(last, bias, Activation.IDENTITY)),
        new float[BITS], HIDDEN);
  }
}
