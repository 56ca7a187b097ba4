package dev.semhash.training.corpus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The distinct labels of a corpus, numbered in sorted name order, so that label sets become small
 * sorted int arrays that evaluation compares quickly.
 *
 * <pre class="prettyprint">
 * LabelSet labels = LabelSet.of(List.of(List.of("sci.space"), List.of("rec.autos")));
 * int[] ids = labels.encode(List.of("sci.space")); // {1}
 * </pre>
 */
public final class LabelSet {
  private final String[] names;
  private final Map<String, Integer> ids = new TreeMap<>();

  private LabelSet(Collection<String> sortedNames) {
    this.names = sortedNames.toArray(new String[0]);
    for (int i = 0; i < names.length; i++) {
      ids.put(names[i], i);
    }
  }

  /** The labels occurring in any of {@code labelLists}. */
  public static LabelSet of(Collection<? extends Collection<String>> labelLists) {
    TreeSet<String> all = new TreeSet<>();
    labelLists.forEach(all::addAll);
    return new LabelSet(all);
  }

  /** Number of distinct labels. */
  public int size() {
    return names.length;
  }

  /** The name of label {@code id}. */
  public String name(int id) {
    return names[id];
  }

  /** The names, by id. */
  public List<String> names() {
    return List.of(names);
  }

  /** The id of {@code name}, or -1 if this set does not hold it. */
  public int id(String name) {
    Integer id = ids.get(name);
    return id == null ? -1 : id;
  }

  /**
   * The ids of {@code labels}, sorted and distinct; a label this set does not hold is left out
   * (a test document's label that no training document has can match nothing).
   */
  public int[] encode(Collection<String> labels) {
    return labels.stream().mapToInt(this::id).filter(i -> i >= 0).sorted().distinct().toArray();
  }

  /** {@link #encode} of each list. */
  public int[][] encodeAll(List<? extends Collection<String>> labelLists) {
    int[][] out = new int[labelLists.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = encode(labelLists.get(i));
    }
    return out;
  }

  /** The names of {@code ids}. */
  public List<String> decode(int[] labelIds) {
    List<String> out = new ArrayList<>(labelIds.length);
    for (int id : labelIds) {
      out.add(names[id]);
    }
    return out;
  }

  @Override
  public String toString() {
    return "LabelSet" + Arrays.toString(names);
  }
}
