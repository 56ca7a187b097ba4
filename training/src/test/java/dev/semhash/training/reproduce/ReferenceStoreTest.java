package dev.semhash.training.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceStoreTest {
  @TempDir Path tmp;

  @Test
  void readsTheKeysEvalReferencesWrites() throws Exception {
    ReferenceStore store = new ReferenceStore(tmp.resolve("references"));
    assertEquals(Map.of(), store.readAll(), "no folder: no references");
    Files.createDirectories(store.file("reuters").getParent());
    Files.writeString(
        store.file("reuters"),
        """
        {"command": "./semhash eval-references --dataset D", "seed": 7, "prec@100_ceiling": 0.9402,
         "cosine": {"prec@100": 0.7095, "ndcg@100": 0.74},
         "label_posterior": {"prec@100": 0.9123, "ndcg@100": 0.95, "top_label_accuracy": 0.943},
         "settings": {"weighting": "bm25"}}
        """);
    assertTrue(store.has("reuters"));
    assertEquals(
        Map.of("reuters", new ReferenceResult("reuters", 0.9402, 0.7095, "bm25", 0.9123, 0.943, 7, "./semhash eval-references --dataset D")),
        store.readAll());
  }

  @Test
  void aFileWithoutAKeyOrNotJsonIsNamedWithWhatToDo() throws Exception {
    Path missing = tmp.resolve("citeseer.json");
    Files.writeString(missing, "{\"seed\": 1, \"prec@100_ceiling\": 1.0, \"cosine\": {}}");
    assertEquals(
        "reference rankings " + missing + " have no number under \"cosine.prec@100\"; delete the file and run"
            + " reproduce again to recompute it",
        assertThrows(IllegalArgumentException.class, () -> ReferenceStore.read(missing)).getMessage());
    Path broken = tmp.resolve("reuters.json");
    Files.writeString(broken, "{\"seed\": ");
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> ReferenceStore.read(broken))
            .getMessage()
            .startsWith("cannot read reference rankings " + broken + ": "));
  }
}
