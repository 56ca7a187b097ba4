package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.search.HammingRadiusQuery;
import dev.semhash.search.HammingTopKQuery;
import dev.semhash.training.indexing.ExistingIndex;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash search}: encodes a text and searches an index by Hamming distance. */
@Command(
    name = "search",
    header = "Encodes a text and prints the nearest documents of an index.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Encodes --text with the model and prints the documents of the index nearest to",
      "it in Hamming distance: the k nearest (--k, default 10) or all within --radius.",
      "",
      "The model must be the one the index was encoded with (the index records it when",
      "it is built or re-encoded), and the text must have words of its vocabulary.",
      "",
      "Example (after ./semhash demo):",
      "  ./semhash search --index semhash-work/demo/index \\",
      "      --model semhash-work/demo/vdsh-64.hashmodel \\",
      "      --text \"fishing quotas\" --k 5"
    })
final class SearchCommand implements Callable<Integer> {
  @Option(names = "--index", required = true, paramLabel = "DIR", description = "Lucene index with a code field.")
  Path index;

  @Option(names = "--model", required = true, paramLabel = "FILE", description = "The model the index was encoded with.")
  Path model;

  @Option(names = "--text", required = true, paramLabel = "TEXT", description = "Query text.")
  String text;

  @Option(names = "--field", defaultValue = "code", paramLabel = "NAME", description = "Code field (default: ${DEFAULT-VALUE}).")
  String field;

  @ArgGroup(exclusive = true)
  Mode mode = new Mode();

  static final class Mode {
    @Option(names = "--k", paramLabel = "K", description = "Return the K nearest documents (default 10).")
    int k = 10;

    @Option(names = "--radius", paramLabel = "R", description = "Return every document within Hamming distance R instead.")
    Integer radius;
  }

  @Mixin OutputOptions output;

  @Override
  public Integer call() throws Exception {
    OutputFiles.check("--json", output.json, OutputFiles.Kind.JSON, index, model);
    try (HashModel m = HashModelFormat.read(model);
        Directory dir = ExistingIndex.open(index);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      checkModel(reader, m);
      ExistingIndex.checkCodeField(reader, field, index);
      checkVocabulary(m);
      long[] code = SemanticIndexBuilder.queryCode(m, reader, text);
      if (m.readsNeighbourhood()) {
        System.out.printf("query read with its BM25 neighbourhood in the index (%s)%n", m.info().get("neighbours"));
      }
      byte[] bytes = dev.semhash.index.HammingCodes.toBytes(code, m.bits());
      Query query =
          mode.radius != null
              ? new HammingRadiusQuery(field, code, m.bits(), mode.radius)
              : new HammingTopKQuery(field, code, m.bits(), mode.k, null);
      IndexSearcher searcher = new IndexSearcher(reader);
      int n = mode.radius != null ? Math.max(1, reader.maxDoc()) : mode.k;
      long start = System.nanoTime();
      TopDocs top = searcher.search(query, n);
      double ms = (System.nanoTime() - start) / 1e6;
      System.out.printf("query code %s (%d bits); %d hits in %.2f ms%n", HexFormat.of().formatHex(bytes), m.bits(), top.scoreDocs.length, ms);
      List<Map<String, Object>> hits = new ArrayList<>();
      for (ScoreDoc sd : top.scoreDocs) {
        var doc = reader.storedFields().document(sd.doc);
        int distance = Math.round(m.bits() - sd.score * m.bits());
        String id = doc.get(SemanticIndexBuilder.ID);
        String title = doc.get(SemanticIndexBuilder.TITLE);
        String body = doc.get(SemanticIndexBuilder.BODY);
        String shown = title != null && title.isEmpty() == false ? title : body == null ? "" : body;
        shown = shown.replaceAll("\\s+", " ").strip();
        System.out.printf("  d=%3d  %-24s %s%n", distance, id, shown.length() > 80 ? shown.substring(0, 79) + "…" : shown);
        Map<String, Object> hit = new LinkedHashMap<>();
        hit.put("id", id);
        hit.put("distance", distance);
        hit.put("title", title);
        hits.add(hit);
      }
      if (output.json != null) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "search");
        json.put("query_code", HexFormat.of().formatHex(bytes));
        json.put("bits", m.bits());
        json.put("hits", hits);
        json.put("milliseconds", CommandSupport.round(ms));
        JsonReport.write(output.json, json);
      }
    }
    return 0;
  }

  /** Codes of another model are not comparable: refuses a model other than the index records. */
  private void checkModel(DirectoryReader reader, HashModel m) throws java.io.IOException {
    Map<String, String> data = reader.getIndexCommit().getUserData();
    String recorded = data.get(SemanticIndexBuilder.MODEL_KEY);
    // An index built by user code may record nothing; it is then taken on trust.
    if (recorded != null && recorded.equals(SemanticIndexBuilder.describe(m)) == false) {
      throw new IllegalArgumentException("the index " + index + " was encoded with " + recorded + ", but " + model
          + " is " + SemanticIndexBuilder.describe(m) + "; give that model, or run encode with this one first");
    }
    String fingerprint = data.get(SemanticIndexBuilder.MODEL_FINGERPRINT_KEY);
    if (fingerprint != null && fingerprint.equals(SemanticIndexBuilder.fingerprint(m)) == false) {
      throw new IllegalArgumentException("the index " + index + " was encoded with another training of " + recorded
          + " (model fingerprint " + fingerprint + "; " + model + " has " + SemanticIndexBuilder.fingerprint(m)
          + "); give the model it was encoded with, or run encode with this one first");
    }
  }

  /** A text with no vocabulary term gets the same code as every such text: its hits mean nothing. */
  private void checkVocabulary(HashModel m) {
    if (m.vectorizer().vectorize(text).size() == 0) {
      String shown = text.length() > 60 ? text.substring(0, 59) + "…" : text;
      throw new IllegalArgumentException("no term of the text '" + shown + "' is in the model's vocabulary ("
          + m.vocabulary().size() + " terms; stop words and words the training documents lacked are left out),"
          + " so its code would not depend on it; give words of the documents' subject");
    }
  }
}
