package dev.semhash.training.data;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Parses one line of a JSON Lines file into an object, strictly: exactly one JSON object per line,
 * and errors in the user's terms (file, line, field) rather than the JSON library's.
 */
final class JsonLine {
  /**
   * No string length limit: the line is already a Java string in memory, so a value cannot be
   * larger than it, and a long document is a document (Jackson's default stops at 20 MB).
   */
  private static final ObjectMapper JSON =
      new ObjectMapper(
          JsonFactory.builder()
              .streamReadConstraints(
                  StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
              .build());

  private JsonLine() {}

  /** The object on line {@code number} of {@code path}; fails on anything else on that line. */
  static JsonNode parseObject(Path path, long number, String line) throws DatasetFormatException {
    JsonNode node;
    int trailing; // column where a second value starts, 0 if none
    try (JsonParser parser = JSON.createParser(line)) {
      node = JSON.readTree(parser);
      // readTree stops after the first value: a second one would otherwise be lost unseen.
      trailing = parser.nextToken() == null ? 0 : parser.currentTokenLocation().getColumnNr();
    } catch (JsonProcessingException e) {
      throw new DatasetFormatException(path, number, "not valid JSON: " + describe(e), e);
    } catch (IOException e) {
      throw new AssertionError("reading a string cannot fail", e);
    }
    if (node != null && trailing > 0) {
      throw new DatasetFormatException(
          path,
          number,
          "a second JSON value starts at column " + trailing
              + ", after the first object ends; put each document on a line of its own");
    }
    if (node == null || node.isObject() == false) {
      throw new DatasetFormatException(path, number, "expected a JSON object, found " + line.strip());
    }
    return node;
  }

  /** The library's message without its advice to library users, with the field it was in. */
  private static String describe(JsonProcessingException e) {
    String message = e.getOriginalMessage();
    String field = e instanceof StreamReadException s ? field(s.getProcessor()) : null;
    if (message.startsWith("Non-standard token")) {
      // NaN and Infinity: Jackson suggests a parser feature, the user needs a valid file.
      String token = message.replaceFirst("^Non-standard token '([^']*)'.*$", "$1");
      return (field == null ? "a value" : "field \"" + field + "\"") + " holds " + token
          + ", which JSON does not allow (numbers must be finite); write it as a string or remove it";
    }
    message = message.replaceAll("\\s*\\(?(: )?(enable|disable) `[^`]*` to allow\\)?", "");
    return field == null ? message : message + " (in field \"" + field + "\")";
  }

  /** The innermost field name the parser was in, or null at the top level. */
  private static String field(JsonParser parser) {
    if (parser == null) {
      return null;
    }
    for (JsonStreamContext c = parser.getParsingContext(); c != null; c = c.getParent()) {
      if (c.getCurrentName() != null) {
        return c.getCurrentName();
      }
    }
    return null;
  }
}
