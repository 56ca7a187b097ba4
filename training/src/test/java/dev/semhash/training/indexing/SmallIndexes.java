package dev.semhash.training.indexing;

import dev.semhash.index.HammingCodes;
import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.corpus.CorpusSettings;
import dev.semhash.training.data.Document;
import dev.semhash.training.hashing.LshTrainer;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.FSDirectory;

/** Small topical documents, LSH models over their vocabulary, and a snapshot of an index's codes. */
public final class SmallIndexes {
  private SmallIndexes() {}

  /** {@code n} documents with ids d0, d1, ..., each of one of three topics. */
  public static List<Document> documents(int n) {
    String[][] topics = {
      {"rocket", "orbit", "launch", "satellite", "nasa", "moon", "space", "shuttle"},
      {"engine", "brake", "wheel", "dealer", "sedan", "tire", "car", "transmission"},
      {"church", "faith", "prayer", "bible", "god", "belief", "scripture", "worship"}
    };
    Random random = new Random(7);
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String[] topic = topics[i % 3];
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < 20; w++) {
        text.append(topic[random.nextInt(topic.length)]).append(' ');
      }
      docs.add(new Document("d" + i, "", text.toString().strip(), List.of(), "train"));
    }
    return docs;
  }

  /** An LSH model over the vocabulary of {@code docs}. */
  public static HashModel lsh(List<Document> docs, int bits, long seed) throws IOException {
    try (Corpus corpus = Corpus.build(docs, List.of(), CorpusSettings.DEFAULT, null, 1, ProgressReporter.NONE)) {
      CorpusSettings s = corpus.settings();
      return LshTrainer.train(s.analyzer(), corpus.vocabulary(), s.weighting(), s.normalize(), bits, seed);
    }
  }

  /** Every live document's code of {@code field} by id, and the commit data: all encode may change. */
  public static Map<String, String> snapshot(Path index, String field, int bits) throws IOException {
    Map<String, String> state = new TreeMap<>();
    try (FSDirectory dir = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      reader.getIndexCommit().getUserData().forEach((k, v) -> state.put("commit " + k, v));
      long[] code = new long[(bits + 63) >>> 6];
      for (LeafReaderContext ctx : reader.leaves()) {
        HammingCodes codes = HammingCodes.of(ctx.reader(), field, bits);
        for (int doc = 0; doc < ctx.reader().maxDoc(); doc++) {
          String id = ctx.reader().storedFields().document(doc).get(SemanticIndexBuilder.ID);
          int ord = codes.ordOf(doc);
          if (ord >= 0) {
            codes.readCode(ord, code);
          }
          state.merge("code of " + id, ord < 0 ? "none" : Long.toHexString(code[0]), (a, b) -> a + "," + b);
        }
      }
    }
    return state;
  }
}
