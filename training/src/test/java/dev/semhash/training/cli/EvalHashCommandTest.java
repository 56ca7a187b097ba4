package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.semhash.model.HashModel;
import dev.semhash.model.HashModelFormat;
import dev.semhash.text.TermWeighting;
import dev.semhash.training.data.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalHashCommandTest {
  @TempDir Path tmp;

  @Test
  void writesTheProtocolKeysAndIsDeterministic() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 60, 10);
    Path a = tmp.resolve("a.json");
    Path b = tmp.resolve("b.json");
    for (Path out : new Path[] {a, b}) {
      CliTestSupport.Outcome r =
          CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
              "--json", out.toString(), "--no-progress", "--seed", "3");
      assertEquals(0, r.exitCode(), r.err());
    }
    JsonNode json = CliTestSupport.json(a);
    for (String key : new String[] {"prec@100", "ndcg@100", "prec@r2"}) {
      double v = json.get(key).asDouble();
      assertTrue(v >= 0 && v <= 1, key + "=" + v);
    }
    assertEquals(3, json.get("seed").asLong());
    assertEquals("lsh", json.get("method").asText());
    assertEquals("sign (threshold 0)", json.get("settings").get("binarization").asText());
    assertEquals(json.get("prec@100").asDouble(), CliTestSupport.json(b).get("prec@100").asDouble(), 0);
    // The topics share few words, so even 16 random hyperplanes find same-topic documents:
    // chance is 1/3, and 60 of the top 100 can share the query's topic at most.
    assertTrue(json.get("prec@100").asDouble() > 0.45, json.toString());
    // The training order's Prec@100 lies within the range over the orders of tied documents.
    JsonNode ties = json.get("prec@100_over_tie_orders");
    double p = json.get("prec@100").asDouble();
    assertTrue(ties.get("worst").asDouble() <= p && p <= ties.get("best").asDouble(), ties.toString());
    assertTrue(ties.get("worst").asDouble() <= ties.get("expected").asDouble()
        && ties.get("expected").asDouble() <= ties.get("best").asDouble(), ties.toString());
  }

  /**
   * Each topic has 60 training documents, so no ranking can put more than 60 relevant ones in the
   * top 100: the ceiling is exactly 0.6, for each label and overall.
   */
  @Test
  void byLabelGivesEachLabelsPrecisionBesideItsCeiling() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 60, 10);
    Path out = tmp.resolve("by-label.json");
    CliTestSupport.Outcome r =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
            "--by-label", "--json", out.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode json = CliTestSupport.json(out);
    assertEquals(0.6, json.get("prec@100_ceiling").asDouble(), 0);
    JsonNode byLabel = json.get("prec@100_by_label");
    assertEquals(List.of("autos", "religion", "space"), fieldNames(byLabel));
    double mean = 0;
    for (JsonNode label : byLabel) {
      assertEquals(10, label.get("queries").asInt());
      assertEquals(0.6, label.get("ceiling").asDouble(), 0);
      mean += label.get("prec@100").asDouble() / 3;
    }
    assertEquals(json.get("prec@100").asDouble(), mean, 1e-6);
  }

  /**
   * --semantic-vectors ranks by the cosine of the real values before binarisation: on three
   * topics with words of their own it finds each query's 60 topic-mates (ceiling 0.6), and a
   * model file gives the same figures as the training run that wrote it.
   */
  @Test
  void semanticVectorsRankByTheValuesBeforeBinarisation() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 60, 10);
    Path trained = tmp.resolve("trained.json");
    CliTestSupport.Outcome r =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
            "--semantic-vectors", "--json", trained.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode vectors = CliTestSupport.json(trained).get("semantic_vectors");
    assertEquals(16, vectors.get("dimensions").asInt());
    assertTrue(vectors.get("prec@100").asDouble() > 0.55 && vectors.get("prec@100").asDouble() <= 0.6, vectors.toString());

    Path model = tmp.resolve("lsh.hashmodel");
    assertEquals(0, CliTestSupport.run("train", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
        "--out", model.toString(), "--no-progress").exitCode());
    Path fromFile = tmp.resolve("from-file.json");
    CliTestSupport.Outcome f =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", model.toString(),
            "--semantic-vectors", "--json", fromFile.toString(), "--no-progress");
    assertEquals(0, f.exitCode(), f.err());
    assertEquals(vectors, CliTestSupport.json(fromFile).get("semantic_vectors"));

    Path plain = tmp.resolve("plain.json");
    CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", model.toString(),
        "--json", plain.toString(), "--no-progress");
    assertFalse(CliTestSupport.json(plain).has("semantic_vectors"), "only when asked");

    Map<String, Object> run = new LinkedHashMap<>();
    run.put("prec@100", 0.42);
    run.put("semantic_vectors", Map.of("dimensions", 32, "prec@100", 0.84, "ndcg@100", 0.9));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    HashRun.printSemanticVectors(run, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertEquals(
        "before binarisation (cosine of the 32 real values): Prec@100 0.8400, NDCG@100 0.9000;"
            + " the codes keep 50.0 % of that Prec@100",
        bytes.toString(StandardCharsets.UTF_8).strip());
  }

  /**
   * --compare-binarizations scores one trained network under every binarisation: the model's
   * own is the run's figures, and each other equals training again at the same seed with that
   * --binarization, since the binarisation does not change the network.
   */
  @Test
  void compareBinarizationsScoresTheSameNetworkAsTrainingWithEach() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 30, 5);
    String[] vdsh = {"eval-hash", "--dataset", data.toString(), "--method", "vdsh", "--bits", "16", "--min-df", "1",
        "--hidden", "16", "--epochs", "3", "--threads", "1", "--no-progress", "--seed", "4"};
    Path compared = tmp.resolve("compared.json");
    CliTestSupport.Outcome r = CliTestSupport.run(concat(vdsh, "--compare-binarizations", "--json", compared.toString()));
    assertEquals(0, r.exitCode(), r.err());
    JsonNode json = CliTestSupport.json(compared);
    JsonNode all = json.get("binarizations");
    assertEquals(List.of("median", "sign", "itq", "two-means"), fieldNames(all));
    assertEquals(json.get("prec@100").asDouble(), all.get("median").get("prec@100").asDouble(), 0);
    for (String b : new String[] {"two-means", "itq"}) {
      Path alone = tmp.resolve(b + ".json");
      CliTestSupport.Outcome t = CliTestSupport.run(concat(vdsh, "--binarization", b, "--json", alone.toString()));
      assertEquals(0, t.exitCode(), t.err());
      JsonNode trained = CliTestSupport.json(alone);
      assertEquals(b, trained.get("model_info").get("binarization").asText());
      for (String key : new String[] {"prec@100", "ndcg@100", "prec@r2"}) {
        assertEquals(trained.get(key).asDouble(), all.get(b).get(key).asDouble(), 0, b + " " + key);
      }
    }

    CliTestSupport.Outcome lsh = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--method", "lsh",
        "--compare-binarizations", "--no-progress");
    assertEquals(1, lsh.exitCode());
    assertTrue(lsh.err().contains("--compare-binarizations: lsh has no real-valued network outputs"), lsh.err());

    // a model file: the same network, so the same figures as training under each binarisation
    Path model = tmp.resolve("vdsh.hashmodel");
    String[] train = {"train", "--dataset", data.toString(), "--method", "vdsh", "--bits", "16", "--min-df", "1",
        "--hidden", "16", "--epochs", "3", "--threads", "1", "--no-progress", "--seed", "4", "--out", model.toString()};
    assertEquals(0, CliTestSupport.run(train).exitCode());
    Path fromFile = tmp.resolve("from-file.json");
    CliTestSupport.Outcome f = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", model.toString(),
        "--compare-binarizations", "--threads", "1", "--no-progress", "--seed", "4", "--json", fromFile.toString());
    assertEquals(0, f.exitCode(), f.err());
    assertEquals(all, CliTestSupport.json(fromFile).get("binarizations"));

    Path lshModel = tmp.resolve("lsh.hashmodel");
    assertEquals(0, CliTestSupport.run("train", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
        "--out", lshModel.toString(), "--no-progress").exitCode());
    CliTestSupport.Outcome lshFile = CliTestSupport.run("eval-hash", "--dataset", data.toString(),
        "--model", lshModel.toString(), "--compare-binarizations", "--no-progress");
    assertEquals(1, lshFile.exitCode());
    assertTrue(lshFile.err().contains("lsh has no real-valued network outputs to threshold anew; leave the option out,"
        + " or give a model file of one of"), lshFile.err());

    Map<String, Object> run = new LinkedHashMap<>();
    run.put("binarizations", Map.of("median", Map.of("prec@100", 0.25)));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    HashRun.printBinarizations(run, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertEquals("the same network's Prec@100 by binarisation: median 0.2500", bytes.toString(StandardCharsets.UTF_8).strip());
  }

  private static String[] concat(String[] head, String... tail) {
    String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  /**
   * Label "a": 10 queries losing 0.9 - 0.5 each, 4 in all; "b": 30 queries losing 0.1 each, 3 in
   * all. So "a" comes first with 4/7 = 57.1 % of the loss, "b" second with 42.9 %.
   */
  @Test
  void byLabelPrintsTheLargestLossFirstWithItsShare() {
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("method", "vdsh");
    run.put("bits", 32);
    run.put("prec@100", 0.7);
    run.put("prec@100_ceiling", 0.9);
    run.put("test_documents", 40);
    Map<String, Object> byLabel = new LinkedHashMap<>();
    byLabel.put("b", Map.of("queries", 30, "prec@100", 0.8, "ceiling", 0.9));
    byLabel.put("a", Map.of("queries", 10, "prec@100", 0.5, "ceiling", 0.9));
    run.put("prec@100_by_label", byLabel);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    HashRun.printByLabel(run, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().map(String::strip).toList();
    assertEquals("vdsh, 32 bits: Prec@100 0.7000 of a possible 0.9000; by the queries' labels, largest loss first:", lines.get(0));
    assertTrue(lines.get(2).matches("a\\s+10\\s+0\\.5000\\s+0\\.9000\\s+57\\.1%"), lines.get(2));
    assertTrue(lines.get(3).matches("b\\s+30\\s+0\\.8000\\s+0\\.9000\\s+42\\.9%"), lines.get(3));
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void severalCodeLengthsGiveOneRunEach() throws Exception {
    JsonNode runs = evalOnTopics("--bits", "8,32").get("runs");
    assertEquals(2, runs.size());
    assertEquals(8, runs.get(0).get("bits").asInt());
    assertEquals(32, runs.get(1).get("bits").asInt());
  }

  @Test
  void severalSeedsGiveOneRunEachAndTheirSpread() throws Exception {
    JsonNode json = evalOnTopics("--bits", "16", "--seeds", "1,2,3");
    JsonNode runs = json.get("runs");
    assertEquals(3, runs.size());
    double sum = 0;
    for (int i = 0; i < 3; i++) {
      assertEquals(i + 1, runs.get(i).get("seed").asLong());
      sum += runs.get(i).get("prec@100").asDouble();
    }
    JsonNode spread = json.get("across_seeds").get(0);
    assertEquals(16, spread.get("bits").asInt());
    assertEquals(3, spread.get("runs").asInt());
    assertEquals(sum / 3, spread.get("prec@100").get("mean").asDouble(), 1e-6);
    // the same seed alone gives the same run: --seeds trains exactly as --seed does
    JsonNode one = evalOnTopics("--bits", "16", "--seed", "2");
    assertEquals(runs.get(1).get("ndcg@100").asDouble(), one.get("ndcg@100").asDouble(), 0);
  }

  /** eval-hash on 20 training and 5 test documents per topic, with {@code args}; its JSON. */
  private JsonNode evalOnTopics(String... args) throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    Path out = Files.createTempFile(tmp, "eval", ".json");
    List<String> all = new ArrayList<>(List.of("eval-hash", "--dataset", data.toString(), "--min-df", "1",
        "--json", out.toString(), "--no-progress"));
    all.addAll(List.of(args));
    CliTestSupport.Outcome r = CliTestSupport.run(all.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.err());
    return CliTestSupport.json(out);
  }

  @Test
  void seedsSayWhatIsWrong() throws Exception {
    String data = CliTestSupport.topicDataset(tmp.resolve("topics"), 5, 2).toString();
    String[][] cases = {
      {"--seeds", "4", "--seeds needs at least two different seeds, such as 1,2,3, got [4]; for one seed use --seed"},
      {"--seeds", "4,4", "--seeds needs at least two different seeds, such as 1,2,3, got [4, 4]"},
      {"--seeds", "1,2", "--model", tmp.resolve("m.hashmodel").toString(),
        "a --model file is already trained: give --method instead"}
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("eval-hash", "--dataset", data, "--no-progress"));
      args.addAll(List.of(c).subList(0, c.length - 1));
      CliTestSupport.Outcome r = CliTestSupport.run(args.toArray(String[]::new));
      assertEquals(1, r.exitCode(), r.err());
      assertTrue(r.err().contains(c[c.length - 1]), r.err());
    }
  }

  @Test
  void badInputsSayWhatIsWrong() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 5, 2);
    CliTestSupport.Outcome bits = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--bits", "12", "--no-progress");
    assertEquals(1, bits.exitCode());
    assertTrue(bits.err().contains("--bits must be a multiple of 8 from 8 to 1024, got 12"), bits.err());
    CliTestSupport.Outcome twice = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--bits", "8,16,8", "--no-progress");
    assertEquals(1, twice.exitCode());
    assertTrue(twice.err().contains("--bits needs different code lengths, such as 16,32, got [8, 16, 8]"), twice.err());
    // an index holds at most 1024 bits: longer codes are refused before any work, in every command
    Path wide = tmp.resolve("wide.hashmodel");
    String[][] runs = {
      {"train", "--dataset", data.toString(), "--bits", "2048", "--out", wide.toString()},
      {"eval-hash", "--dataset", data.toString(), "--bits", "8,2048"},
      {"demo", "--dataset", data.toString(), "--bits", "2048", "--work-dir", tmp.resolve("work").toString()}
    };
    for (String[] run : runs) {
      CliTestSupport.Outcome r = CliTestSupport.run(run);
      assertEquals(1, r.exitCode(), run[0] + ": " + r.err());
      assertTrue(r.err().contains("--bits must be a multiple of 8 from 8 to 1024, got 2048"), run[0] + ": " + r.err());
    }
    assertFalse(Files.exists(wide));
    CliTestSupport.Outcome missing = CliTestSupport.run("eval-hash", "--dataset", tmp.resolve("none").toString());
    assertEquals(1, missing.exitCode());
    assertTrue(missing.err().contains("does not exist"), missing.err());
    CliTestSupport.Outcome method = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--method", "magic");
    assertEquals(2, method.exitCode());
    assertTrue(method.err().contains("Invalid value for option '--method': unknown hashing method 'magic'; choose one of"),
        method.err());
    assertFalse(method.err().contains("cannot convert") || method.err().contains("java.lang"), "no Java wrapper: " + method.err());
    CliTestSupport.Outcome weighting = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--weighting", "magic");
    assertEquals(2, weighting.exitCode());
    assertTrue(weighting.err().contains("Invalid value for option '--weighting': unknown term weighting 'magic'"),
        weighting.err());
    assertFalse(weighting.err().contains("java.lang"), weighting.err());
    for (String command : new String[] {"train", "eval-hash", "demo", "reproduce", "neighbors", "binarize", "eval-references"}) {
      CliTestSupport.Outcome threads = CliTestSupport.run(command, "--dataset", data.toString(), "--threads", "0");
      assertEquals(2, threads.exitCode(), command + ": " + threads.err());
      assertTrue(threads.err().contains("Invalid value for option '--threads': --threads must be at least 1, got 0"),
          command + ": " + threads.err());
    }
  }

  @Test
  void bitsThatDisagreeWithTheModelFileAreRefused() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 10, 2);
    Path model = tmp.resolve("lsh16.hashmodel");
    assertEquals(0, CliTestSupport.run("train", "--dataset", data.toString(), "--bits", "16", "--min-df", "1",
        "--out", model.toString(), "--no-progress").exitCode());
    for (String bits : new String[] {"64", "16,32"}) {
      CliTestSupport.Outcome r = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model",
          model.toString(), "--bits", bits, "--no-progress");
      assertEquals(1, r.exitCode(), r.err());
      assertTrue(r.err().contains(model + " makes 16-bit codes, so --bits " + bits
          + " cannot apply to it: leave --bits out, or train with --method instead"), r.err());
    }
    Path json = tmp.resolve("same.json");
    CliTestSupport.Outcome same = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model",
        model.toString(), "--bits", "16", "--json", json.toString(), "--no-progress");
    assertEquals(0, same.exitCode(), same.err());
    assertEquals(16, CliTestSupport.json(json).get("bits").asInt());
  }

  /** The topic dataset with the first {@code unlabelled} test documents' labels removed (all if negative). */
  private Path withUnlabelledTests(String name, int unlabelled) throws Exception {
    Path dir = CliTestSupport.topicDataset(tmp.resolve(name), 10, 3);
    Path docs = dir.resolve("docs.jsonl.gz");
    StringBuilder out = new StringBuilder();
    int removed = 0;
    try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(
        new java.util.zip.GZIPInputStream(Files.newInputStream(docs)), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.contains("\"split\": \"test\"") && (unlabelled < 0 || removed < unlabelled)) {
          line = line.replaceFirst("\"labels\": \\[[^\\]]*\\]", "\"labels\": []");
          removed++;
        }
        out.append(line).append('\n');
      }
    }
    try (var o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(docs))) {
      o.write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  @Test
  void unlabelledTestDocumentsFailOrWarn() throws Exception {
    Path none = withUnlabelledTests("none", -1);
    Path model = tmp.resolve("lsh.hashmodel");
    assertEquals(0, CliTestSupport.run("train", "--dataset", none.toString(), "--bits", "16", "--min-df", "1",
        "--out", model.toString(), "--no-progress").exitCode());
    String[][] runs = {{"--bits", "16", "--min-df", "1"}, {"--model", model.toString()}};
    for (String[] how : runs) {
      List<String> args = new ArrayList<>(List.of("eval-hash", "--dataset", none.toString(), "--no-progress"));
      args.addAll(List.of(how));
      CliTestSupport.Outcome r = CliTestSupport.run(args.toArray(String[]::new));
      assertEquals(1, r.exitCode(), r.err());
      assertTrue(r.err().contains("no test document of none has a label that a training document has (they have"
          + " none, or only others), so no query could find a relevant document and every figure would be 0; label"
          + " the test documents, or measure on labelled training documents with --validation 0.2"), r.err());
    }

    Path some = withUnlabelledTests("some", 2);
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      for (String[] how : runs) {
        Path json = tmp.resolve("some-" + how[0].substring(2) + ".json");
        List<String> args = new ArrayList<>(
            List.of("eval-hash", "--dataset", some.toString(), "--no-progress", "--json", json.toString()));
        args.addAll(List.of(how));
        CliTestSupport.Outcome r = CliTestSupport.run(args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(2, CliTestSupport.json(json).get("unlabelled_queries").asInt());
      }
    } finally {
      System.setErr(err);
    }
    String warnings = captured.toString(StandardCharsets.UTF_8);
    assertEquals(2, warnings.split("warning: 2 of 9 test documents have no label that a training document has;"
        + " they count as queries with precision 0", -1).length - 1, warnings);
  }

  @Test
  void node2hashOptionsSayWhatIsWrong() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 5, 2);
    CliTestSupport.Outcome links =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--method", "node2hash", "--graph", "links",
            "--min-df", "1", "--no-progress");
    assertEquals(1, links.exitCode());
    assertTrue(links.err().contains("no links between documents"), links.err());
    CliTestSupport.Outcome other =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--traversal", "bfs", "--no-progress");
    assertEquals(1, other.exitCode());
    assertTrue(other.err().contains("--traversal applies to --method node2hash only, not lsh"), other.err());
    CliTestSupport.Outcome traversal =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--method", "node2hash", "--traversal", "zigzag",
            "--min-df", "1", "--no-progress");
    assertEquals(1, traversal.exitCode());
    assertTrue(traversal.err().contains("unknown traversal 'zigzag'; choose one of bfs, dfs, walk"), traversal.err());
  }

  /** Runs eval-hash on {@code data} (with --min-df 1), expects success and returns its JSON. */
  private JsonNode evalHash(Path data, String... flags) throws Exception {
    Path out = Files.createTempFile(tmp, "eval-hash", ".json");
    List<String> args = new ArrayList<>(List.of("eval-hash", "--dataset", data.toString(), "--min-df", "1"));
    args.addAll(List.of(flags));
    args.addAll(List.of("--json", out.toString(), "--no-progress"));
    CliTestSupport.Outcome r = CliTestSupport.run(args.toArray(String[]::new));
    assertEquals(0, r.exitCode(), r.err());
    return CliTestSupport.json(out);
  }

  /**
   * Every test document is labelled "unseen", which no training document has: a run that ranked
   * for the test documents would find nothing relevant, so it is refused instead of reporting 0.
   * Validation ranks for held-out training documents instead.
   */
  @Test
  void validationHoldsOutTrainingDocumentsAndNeverUsesTheTestSplit() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 40, 10, "unseen");
    CliTestSupport.Outcome test = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--min-df", "1",
        "--bits", "16", "--no-progress");
    assertEquals(1, test.exitCode(), test.err());
    assertTrue(test.err().contains("no test document of topics has a label that a training document has"), test.err());

    JsonNode json = evalHash(data, "--bits", "16", "--validation", "0.25");
    assertEquals("validation", json.get("evaluated_on").asText());
    assertEquals(0.25, json.get("validation_fraction").asDouble(), 0);
    int queries = (int) Math.round(0.25 * 120);
    assertEquals(queries, json.get("test_documents").asInt());
    assertEquals(queries, json.get("split_queries").asInt());
    assertEquals(120 - queries, json.get("train_documents").asInt());
    assertEquals(120 - queries, json.get("split_train_documents").asInt());
    // the queries' topics are found (at most 30 relevant of 90), which "unseen" never would be
    assertTrue(json.get("prec@100").asDouble() > 0.2, json.toString());
  }

  /** A random split pools the 120 training and 30 "unseen" test documents and draws 30 queries. */
  @Test
  void randomSplitPoolsBothSplitsAndRefusesValidationBesideIt() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 40, 10, "unseen");
    JsonNode json = evalHash(data, "--bits", "16", "--random-split", "0.2");
    assertEquals("random_split", json.get("evaluated_on").asText());
    assertEquals(0.2, json.get("random_split_fraction").asDouble(), 0);
    assertEquals(30, json.get("test_documents").asInt());
    assertEquals(120, json.get("train_documents").asInt());
    // "unseen" documents now sit on both sides, so every query can find its own label
    assertTrue(json.get("prec@100").asDouble() > 0.2, json.toString());

    CliTestSupport.Outcome r =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--validation", "0.2",
            "--random-split", "0.1", "--no-progress");
    assertEquals(1, r.exitCode());
    assertTrue(r.err().contains("--validation and --random-split each choose the queries; give one of them"), r.err());
  }

  @Test
  void badValidationFractionsSayWhatIsWrong() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 5, 2);
    for (String fraction : new String[] {"0", "1", "1.5", "-0.2"}) {
      CliTestSupport.Outcome r =
          CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--validation=" + fraction,
              "--min-df", "1", "--no-progress");
      assertEquals(1, r.exitCode(), fraction);
      assertTrue(r.err().contains("--validation must be a fraction in (0, 1), such as 0.2, got "
          + Double.parseDouble(fraction)), r.err());
    }
    CliTestSupport.Outcome random =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--random-split", "1",
            "--min-df", "1", "--no-progress");
    assertEquals(1, random.exitCode());
    assertTrue(random.err().contains("--random-split must be a fraction in (0, 1), such as 0.1 (the thesis's), got 1.0"),
        random.err());
    CliTestSupport.Outcome tiny =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--validation", "0.01",
            "--min-df", "1", "--no-progress");
    assertEquals(1, tiny.exitCode());
    assertTrue(tiny.err().contains("of the 15 training documents leaves no queries"), tiny.err());
    CliTestSupport.Outcome model =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model", tmp.resolve("m").toString(),
            "--validation", "0.2", "--no-progress");
    assertEquals(1, model.exitCode());
    assertTrue(model.err().contains("a --model file is already trained (on the whole training split),"
        + " so --validation cannot apply to it"), model.err());
  }

  @Test
  void neuralOptionsReachTheTrainerAndTheReport() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    JsonNode json =
        evalHash(data, "--method", "vdsh", "--bits", "8", "--epochs", "2", "--hidden", "16",
            "--batch-size", "10", "--binarization", "sign");
    assertTrue(json.get("epochs").asInt() <= 2, json.toString());
    assertEquals("sign", json.get("settings").get("binarization").asText());
    assertEquals(2, json.get("method_options").get("--epochs").asInt());
    assertEquals(16, json.get("method_options").get("--hidden").asInt());
    assertEquals("sign", json.get("method_options").get("--binarization").asText());

    CliTestSupport.Outcome lsh =
        CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--epochs", "2", "--patience", "1",
            "--no-progress");
    assertEquals(1, lsh.exitCode());
    assertTrue(lsh.err().contains("--epochs and --patience apply to the neural methods (vdsh, vdsh-s,"
        + " vdsh-sp, nbrreg, nbrreg-doc, node2hash), not lsh"), lsh.err());
  }

  /**
   * LSH's corpus weighs terms by frequency unless --weighting names another weighting; the other
   * methods' corpora use TF-IDF. The model file records the weighting its vectors were made with.
   */
  @Test
  void lshWeighsTermsByFrequencyUnlessToldOtherwise() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 60, 10);
    String[][] cases = {
      {"lsh", null, "TF"}, {"lsh", "tfidf", "TFIDF"}, {"lsh", "binary", "BINARY"}, {"sth", null, "TFIDF"}
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("--dataset", data.toString(), "--method", c[0], "--bits", "16",
          "--min-df", "1", "--no-progress"));
      if (c[1] != null) {
        args.addAll(List.of("--weighting", c[1]));
      }
      Path model = tmp.resolve(c[0] + "-" + c[1] + ".hashmodel");
      List<String> train = new ArrayList<>(List.of("train", "--out", model.toString()));
      train.addAll(args);
      CliTestSupport.Outcome t = CliTestSupport.run(train.toArray(String[]::new));
      assertEquals(0, t.exitCode(), t.err());
      try (HashModel m = HashModelFormat.read(model)) {
        assertEquals(TermWeighting.valueOf(c[2]), m.weighting(), String.join(" ", c[0], String.valueOf(c[1])));
      }
      Path json = tmp.resolve(c[0] + "-" + c[1] + ".json");
      List<String> eval = new ArrayList<>(List.of("eval-hash", "--json", json.toString()));
      eval.addAll(args);
      CliTestSupport.Outcome e = CliTestSupport.run(eval.toArray(String[]::new));
      assertEquals(0, e.exitCode(), e.err());
      assertEquals(c[2].toLowerCase(Locale.ROOT), CliTestSupport.json(json).get("settings").get("weighting").asText());
      // the model file, read back, vectorises text as the training corpus did: the same codes
      Path fromFile = tmp.resolve(c[0] + "-" + c[1] + "-file.json");
      CliTestSupport.Outcome f = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--model",
          model.toString(), "--json", fromFile.toString(), "--no-progress");
      assertEquals(0, f.exitCode(), f.err());
      assertEquals(CliTestSupport.json(json).get("prec@100").asDouble(),
          CliTestSupport.json(fromFile).get("prec@100").asDouble(), 0, String.join(" ", c[0], String.valueOf(c[1])));
    }
  }

  /**
   * At 8 bits the supervised variants anneal the KL term to full weight after 5,000 documents
   * (batch 100: a step of 0.02), while VDSH keeps the thesis text's 1/5000 per mini-batch.
   */
  @Test
  void supervisedVariantsAnnealFastAtEveryLength() throws Exception {
    Path data = CliTestSupport.topicDataset(tmp.resolve("topics"), 20, 5);
    for (String[] c : new String[][] {{"vdsh-s", "0.02"}, {"vdsh-sp", "0.02"}, {"vdsh", "2.0E-4"}}) {
      Path json = tmp.resolve(c[0] + ".json");
      CliTestSupport.Outcome r = CliTestSupport.run("eval-hash", "--dataset", data.toString(), "--method", c[0],
          "--bits", "8", "--epochs", "1", "--hidden", "8", "--min-df", "1", "--json", json.toString(), "--no-progress");
      assertEquals(0, r.exitCode(), r.err());
      assertEquals(c[1], CliTestSupport.json(json).get("model_info").get("kl_anneal_step").asText(), c[0]);
    }
  }

  /** The thesis's LSH row on 20 Newsgroups (table 3.1: .0578 .0597 .0666 .0770 .0949). */
  @Test
  void lshOnTwentyNewsgroupsLandsInTheThesisRange() throws Exception {
    Path out = tmp.resolve("lsh.json");
    CliTestSupport.Outcome r =
        CliTestSupport.run("eval-hash", "--dataset", SharedData.dataset("20newsgroups").toString(),
            "--bits", "32", "--json", out.toString(), "--no-progress");
    assertEquals(0, r.exitCode(), r.err());
    double p = CliTestSupport.json(out).get("prec@100").asDouble();
    assertTrue(p > 0.055 && p < 0.085, "LSH prec@100 at 32 bits = " + p);
  }
}
