package dev.semhash.training.data;

import java.util.ArrayList;
import java.util.List;

/**
 * A corpus document.
 *
 * @param id unique identifier within its dataset
 * @param title title, or the empty string when the dataset has none
 * @param text body text
 * @param labels class labels (empty when unlabelled)
 * @param split {@code train}, {@code test}, or the empty string when the dataset has no split
 */
public record Document(String id, String title, String text, List<String> labels, String split) {
  public Document {
    labels = List.copyOf(labels);
  }

  /** Title and text joined by a blank line, as indexed into the body field. */
  public String fullText() {
    return title.isEmpty() ? text : title + "\n\n" + text;
  }

  public boolean isTrain() {
    return "train".equals(split);
  }

  public boolean isTest() {
    return "test".equals(split);
  }

  /**
   * The training documents of a dataset, in order: those of split {@code train}, or all of them
   * when no document has a split (a retrieval corpus is all training).
   */
  public static List<Document> training(List<Document> documents) {
    List<Document> train = new ArrayList<>();
    boolean anySplit = false;
    for (Document d : documents) {
      anySplit |= d.split().isEmpty() == false;
      if (d.isTrain()) {
        train.add(d);
      }
    }
    return anySplit ? train : new ArrayList<>(documents);
  }
}
