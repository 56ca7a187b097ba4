package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.rerank.text.TermVector;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TrainingPairsTest {

  @Test
  void perEpochCountsThePairsOfEveryEpoch() {
    // Progress bars count training in pairs, so perEpoch must be what each epoch really returns,
    // for any mix of queries with few and many relevant documents.
    Random random = new Random(20261207L);
    for (int iter = 0; iter < 50; iter++) {
      List<RerankExamples.Example> examples = new ArrayList<>();
      int queries = 1 + random.nextInt(30);
      for (int q = 0; q < queries; q++) {
        int[] positives = random.ints(random.nextInt(12), 0, 1000).distinct().sorted().toArray();
        examples.add(new RerankExamples.Example("q" + q, "", TermVector.EMPTY, positives, new int[0], new float[0]));
      }
      if (examples.stream().allMatch(e -> e.positives().length == 0)) {
        continue; // TrainingPairs refuses a set without a pair
      }
      int maxPositives = random.nextInt(6);
      TrainingPairs pairs = new TrainingPairs(examples, maxPositives);
      for (int epoch = 0; epoch < 3; epoch++) {
        assertEquals(pairs.perEpoch(), pairs.epoch(random).size(), "max positives " + maxPositives);
      }
    }
  }
}
