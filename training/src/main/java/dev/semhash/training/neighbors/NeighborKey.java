package dev.semhash.training.neighbors;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything that determined a set of {@link Neighbors}: the method and its parameters, including
 * the corpus's identity (its content digest) and the analysis and vocabulary settings. Two
 * computations with equal keys give equal neighbours, so the key names a cache entry.
 *
 * <pre class="prettyprint">
 * NeighborKey key = NeighborKey.of("bm25", Map.of("k", 20, "corpus", index.digest()));
 * </pre>
 *
 * @param method short method name, letters, digits and dashes
 * @param parameters parameter name to value, in name order
 */
public record NeighborKey(String method, SortedMap<String, String> parameters) {

  public NeighborKey {
    if (method.matches("[A-Za-z0-9-]+") == false) {
      throw new IllegalArgumentException(
          "method must be letters, digits and dashes, got \"" + method + "\"");
    }
    TreeMap<String, String> copy = new TreeMap<>();
    for (Map.Entry<String, String> e : parameters.entrySet()) {
      if (e.getKey().isEmpty() || e.getKey().contains("=") || e.getKey().contains("\n")
          || e.getValue().contains("\n")) {
        throw new IllegalArgumentException(
            "parameter names must be non-empty without '=' or newlines, values without newlines: "
                + e.getKey() + "=" + e.getValue());
      }
      copy.put(e.getKey(), e.getValue());
    }
    parameters = Collections.unmodifiableSortedMap(copy);
  }

  /** A key with every value turned into a string with {@link String#valueOf(Object)}. */
  public static NeighborKey of(String method, Map<String, ?> parameters) {
    TreeMap<String, String> values = new TreeMap<>();
    parameters.forEach((name, value) -> values.put(name, String.valueOf(value)));
    return new NeighborKey(method, values);
  }

  /** The canonical text: {@code method=...} then one {@code name=value} line per parameter. */
  public String canonical() {
    StringBuilder sb = new StringBuilder("method=").append(method);
    parameters.forEach((name, value) -> sb.append('\n').append(name).append('=').append(value));
    return sb.toString();
  }

  /** A file name for this key: the method and a digest of the canonical text. */
  public String fileName() {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(canonical().getBytes(StandardCharsets.UTF_8));
      return method + "-" + HexFormat.of().formatHex(digest, 0, 10) + ".nbrs";
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK has SHA-256", e);
    }
  }
}
