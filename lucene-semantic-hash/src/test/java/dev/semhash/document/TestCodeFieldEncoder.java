package dev.semhash.document;

import dev.semhash.index.HammingCodes;
import dev.semhash.model.Activation;
import dev.semhash.model.HashModel;
import dev.semhash.model.SparseInputLayer;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.util.LuceneTestCase;

public class TestCodeFieldEncoder extends LuceneTestCase {
  private static HashModel model(int bits) {
    Vocabulary vocabulary = new Vocabulary(List.of("space", "car"), new long[] {1, 1}, 2, 1);
    float[][] columns = new float[2][bits];
    for (int j = 0; j < bits; j++) {
      columns[0][j] = j % 2 == 0 ? 1 : -1;
      columns[1][j] = j % 3 == 0 ? 1 : -1;
    }
    return new HashModel(
        "test", Map.of(), AnalyzerSettings.DEFAULT, vocabulary, TermWeighting.TF, false,
        new SparseInputLayer(columns, new float[bits], Activation.IDENTITY), List.of(), new float[bits]);
  }

  public void testIndexedCodeEqualsQueryTimeCode() throws Exception {
    try (Directory dir = newDirectory();
        IndexWriter writer = new IndexWriter(dir, newIndexWriterConfig());
        HashModel model = model(16)) {
      CodeFieldEncoder encoder = new CodeFieldEncoder("code", model, new CodeFieldSchema());
      for (String text : List.of("space", "car", "space car", "nothing")) {
        Document doc = new Document();
        doc.add(encoder.field(text));
        writer.addDocument(doc);
      }
      writer.forceMerge(1);
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        LeafReader leaf = getOnlyLeafReader(reader);
        HammingCodes codes = HammingCodes.of(leaf, "code", 16);
        long[] stored = new long[1];
        String[] texts = {"space", "car", "space car", "nothing"};
        for (int ord = 0; ord < 4; ord++) {
          codes.readCode(ord, stored);
          assertArrayEquals(texts[ord], model.encode(texts[ord]), stored);
        }
      }
    }
  }

  public void testModelOfAnotherLengthIsRejectedBeforeIndexing() {
    CodeFieldSchema schema = new CodeFieldSchema();
    schema.declare("code", 32);
    try (HashModel model = model(16)) {
      IllegalArgumentException e =
          expectThrows(IllegalArgumentException.class, () -> new CodeFieldEncoder("code", model, schema));
      assertTrue(e.getMessage(), e.getMessage().contains("holds 32-bit codes"));
    }
  }
}
