package dev.semhash.training.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.document.BinaryCodeField;
import dev.semhash.model.HashModel;
import dev.semhash.text.AnalyzerSettings;
import dev.semhash.text.TermWeighting;
import dev.semhash.text.Vocabulary;
import java.util.List;
import org.junit.jupiter.api.Test;

class LshTrainerTest {
  private static final Vocabulary VOCABULARY =
      new Vocabulary(List.of("space", "car", "god"), new long[] {1, 1, 1}, 3, 2.0);

  private static HashModel train(int bits) {
    return LshTrainer.train(AnalyzerSettings.DEFAULT, VOCABULARY, TermWeighting.TF, true, bits, 1);
  }

  @Test
  void codesLongerThanAnIndexHoldsAreRefusedBeforeAllocating() {
    try (HashModel widest = train(BinaryCodeField.MAX_BITS)) {
      assertEquals(BinaryCodeField.MAX_BITS, widest.bits());
    }
    // a million bits ran out of memory allocating vocabulary x bits floats instead of saying why
    for (int bits : new int[] {BinaryCodeField.MAX_BITS + 8, 1 << 20, 12, 0}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> train(bits));
      assertTrue(e.getMessage().contains("multiple of 8 between 8 and 1024 bits"), e.getMessage());
    }
  }
}
