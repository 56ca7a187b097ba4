package dev.semhash.training.eval;

import org.apache.lucene.util.IntroSorter;

/**
 * Sorts candidate ordinals by decreasing score, ties by increasing ordinal, without boxing. Reused
 * per thread.
 */
final class ScoreOrder extends IntroSorter {
  private double[] scores;
  private int[] order;
  private double pivotScore;
  private int pivotDoc;

  /** Sorts {@code order[0..size)} (candidate ordinals) by their {@code scores}. */
  void sort(double[] scores, int[] order, int size) {
    this.scores = scores;
    this.order = order;
    sort(0, size);
  }

  @Override
  protected void swap(int i, int j) {
    int t = order[i];
    order[i] = order[j];
    order[j] = t;
  }

  @Override
  protected void setPivot(int i) {
    pivotDoc = order[i];
    pivotScore = scores[pivotDoc];
  }

  @Override
  protected int comparePivot(int j) {
    int doc = order[j];
    int c = Double.compare(scores[doc], pivotScore);
    return c != 0 ? c : Integer.compare(pivotDoc, doc);
  }

  @Override
  protected int compare(int i, int j) {
    int a = order[i];
    int b = order[j];
    int c = Double.compare(scores[b], scores[a]);
    return c != 0 ? c : Integer.compare(a, b);
  }
}
