package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.training.indexing.CodeReencoder;
import dev.semhash.training.indexing.SemanticIndexBuilder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code semhash encode}: rewrites an index's codes in place with a (re)trained model. */
@Command(
    name = "encode",
    header = "Re-encodes an index's codes with a retrained model, in place.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Re-encodes every document of a Lucene index with a model, without reindexing:",
      "the stored text of each document is encoded and its code doc value is updated",
      "in place (Lucene doc-values updates). Every document is checked before the",
      "first update, and all updates are committed together at the end, so a run that",
      "fails or is interrupted leaves the index exactly as it was.",
      "",
      "The index needs a unique stored id field, the stored text, and the code field",
      "itself (updates cannot add a field). The model's code length must equal the",
      "field's. The index records the model, so that search can check it is given",
      "the same one.",
      "",
      "Example (after ./semhash demo and a new training run):",
      "  ./semhash encode --index semhash-work/demo/index \\",
      "      --model new.hashmodel --field code"
    })
final class EncodeCommand implements Callable<Integer> {
  @Option(names = "--index", required = true, paramLabel = "DIR", description = "The Lucene index to update.")
  Path index;

  @Option(names = "--model", required = true, paramLabel = "FILE", description = "Hashing model file (.hashmodel).")
  Path model;

  @Option(names = "--field", defaultValue = "code", paramLabel = "NAME", description = "Code field to rewrite, which the index must have (default: ${DEFAULT-VALUE}).")
  String field;

  @Option(names = "--id-field", defaultValue = SemanticIndexBuilder.ID, paramLabel = "NAME", description = "Unique, stored id field (default: ${DEFAULT-VALUE}).")
  String idField;

  @Option(names = "--text-field", defaultValue = SemanticIndexBuilder.BODY, paramLabel = "NAME", description = "Stored text field to encode (default: ${DEFAULT-VALUE}).")
  String textField;

  @Mixin OutputOptions output;

  @Override
  public Integer call() throws Exception {
    // before the index changes: a report that cannot be written must not follow a re-encoding
    OutputFiles.check("--json", output.json, OutputFiles.Kind.JSON, index, model);
    long start = System.nanoTime();
    try (HashModel m = HashModelFormat.read(model)) {
      CodeReencoder.Result r = CodeReencoder.reencode(index, m, idField, textField, field, output.progress());
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("re-encoded %,d documents of %s with %s in %.1f s: %,d codes changed, %,d unchanged%n",
          r.documents(), index, SemanticIndexBuilder.describe(m), seconds, r.changed(), r.skipped());
      if (output.json != null) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "encode");
        json.put("index", index.toString());
        json.put("model", model.toString());
        json.put("documents", r.documents());
        json.put("changed", r.changed());
        json.put("unchanged", r.skipped());
        json.put("seconds", CommandSupport.round(seconds));
        JsonReport.write(output.json, json);
      }
    }
    return 0;
  }
}
