package dev.semhash.rerank.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.rerank.model.TinyModels;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

/** Scoring from the stored bytes equals the model's score, bit for bit. Runs in about 1 s. */
class StoredVectorScorerTest {
  private static final String FIELD = "rerank";
  private static final List<String> TEXTS =
      List.of("apple cherry", "banana banana cherry", "", "cherry apple apple", "durian", "banana");

  @Test
  void scoresEqualTheModelsForEveryKind() throws IOException {
    Random r = new Random(5);
    List<RerankModel> models = List.of(TinyModels.ssi(), TinyModels.s2net(), TinyModels.ssiSymmetric(), TinyModels.diagonal(),
        TinyModels.sparse(), TinyModels.full(), TinyModels.randomTermMatrix(r, List.of("apple", "banana", "cherry")));
    for (RerankModel model : models) {
      try (Directory dir = new ByteBuffersDirectory()) {
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
          for (String text : TEXTS) {
            Document doc = new Document();
            doc.add(RerankVectorField.create(FIELD, model, text));
            w.addDocument(doc);
          }
          w.addDocument(new Document()); // no vector
        }
        try (DirectoryReader reader = DirectoryReader.open(dir)) {
          LeafReader leaf = reader.leaves().get(0).reader();
          for (String query : List.of("apple", "banana cherry", "apple banana cherry cherry")) {
            RerankModel.QueryVector q = model.encodeQuery(query);
            StoredVectorScorer scorer = StoredVectorScorer.create(leaf, FIELD, model, q);
            for (int d = 0; d < TEXTS.size(); d++) {
              assertTrue(scorer.advanceExact(d));
              assertEquals(model.score(q, model.encodeDocument(TEXTS.get(d))), scorer.score(), 0f, model + " " + query + " " + d);
            }
            assertFalse(scorer.advanceExact(TEXTS.size()));
          }
        }
      }
    }
  }

  @Test
  void decodeRoundTrips() {
    for (RerankModel model : List.of(TinyModels.ssi(), TinyModels.sparse())) {
      RerankModel.DocumentVector v = model.encodeDocument("cherry apple apple");
      RerankModel.DocumentVector back = RerankVectorField.decode(RerankVectorField.encode(model, v), model, FIELD, 0);
      assertEquals(v.terms(), back.terms());
      assertEquals(v.projected().length, back.projected().length);
    }
  }

  @Test
  void bytesThatAreNotAVectorAreNamed() throws IOException {
    RerankModel model = TinyModels.ssi();
    BytesRef good = RerankVectorField.encode(model, model.encodeDocument("apple"));
    for (BytesRef bad : List.of(new BytesRef(new byte[3]), new BytesRef(java.util.Arrays.copyOf(good.bytes, good.length - 1)))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RerankVectorField.decode(bad, model, FIELD, 7));
      assertTrue(e.getMessage().contains("field 'rerank' of document 7 does not hold a rerank vector"), e.getMessage());
    }
    try (Directory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
        Document doc = new Document();
        doc.add(new BinaryDocValuesField(FIELD, new BytesRef("not a vector at all")));
        w.addDocument(doc);
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        StoredVectorScorer scorer = StoredVectorScorer.create(reader.leaves().get(0).reader(), FIELD, model, model.encodeQuery("apple"));
        assertTrue(scorer.advanceExact(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, scorer::score);
        assertTrue(e.getMessage().contains("does not hold a rerank vector"), e.getMessage());
      }
    }
  }
}
