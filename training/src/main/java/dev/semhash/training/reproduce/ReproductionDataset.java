package dev.semhash.training.reproduce;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The datasets of the thesis's tables, by the key the reproduction uses, with the folder that holds
 * each under the data root ({@code ../shared/datasets}).
 *
 * <pre class="prettyprint">
 * Path dir = ReproductionDataset.parse("reuters").folder(Path.of("../shared/datasets"));
 * </pre>
 */
public enum ReproductionDataset {
  TWENTY_NEWSGROUPS("20newsgroups", "20newsgroups", "20 Newsgroups"),
  REUTERS("reuters", "reuters21578", "Reuters"),
  CITESEER("citeseer", "citeseer", "CiteSeer");

  private final String key;
  private final String folderName;
  private final String title;

  ReproductionDataset(String key, String folderName, String title) {
    this.key = key;
    this.folderName = folderName;
    this.title = title;
  }

  /** The name on the command line, in result file names and in the thesis-numbers file. */
  public String key() {
    return key;
  }

  /** The dataset's name as a heading. */
  public String title() {
    return title;
  }

  /** The dataset's folder under {@code dataRoot}. */
  public Path folder(Path dataRoot) {
    return dataRoot.resolve(folderName);
  }

  /** Parses a key (case-insensitive), listing the choices when it is unknown. */
  public static ReproductionDataset parse(String key) {
    String name = key.strip().toLowerCase(Locale.ROOT);
    for (ReproductionDataset d : values()) {
      // the folder's name too: every other command is given the folder (reuters21578)
      if (d.key.equals(name) || d.folderName.equals(name)) {
        return d;
      }
    }
    throw new IllegalArgumentException(
        "unknown dataset '"
            + key
            + "'; choose one of "
            + Arrays.stream(values())
                .map(d -> d.key.equals(d.folderName) ? d.key : d.key + " (or " + d.folderName + ")")
                .collect(Collectors.joining(", ")));
  }
}
