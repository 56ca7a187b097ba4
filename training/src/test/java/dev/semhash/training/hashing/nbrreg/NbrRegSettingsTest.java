package dev.semhash.training.hashing.nbrreg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.semhash.training.hashing.vdsh.VdshSettings;
import org.junit.jupiter.api.Test;

/** NbrReg's own KL annealing rule, however its settings are built. */
class NbrRegSettingsTest {

  @Test
  void automaticAnnealingTakesTheThesisTextRateAtEveryLength() {
    // built as the class javadoc shows: the VDSH defaults ask for the automatic step, which for
    // VDSH would reach full weight after 5,000 documents at 32 bits and more
    NbrRegSettings s = NbrRegSettings.DEFAULT.withVdsh(VdshSettings.DEFAULT.withMaxEpochs(10));
    for (int bits : new int[] {8, 32, 128}) {
      assertEquals(NbrRegSettings.KL_ANNEAL_STEP, s.vdsh().klAnnealStep(bits), bits + " bits");
      assertEquals(NbrRegSettings.KL_ANNEAL_STEP, NbrRegSettings.DEFAULT.vdsh().klAnnealStep(bits), bits + " bits");
    }
    assertEquals(10, s.vdsh().maxEpochs(), "the other VDSH settings are kept");
  }

  @Test
  void anExplicitStepIsKept() {
    NbrRegSettings s = NbrRegSettings.DEFAULT.withVdsh(VdshSettings.DEFAULT.withKlAnnealStep(0.02));
    assertEquals(0.02, s.vdsh().klAnnealStep(32));
  }
}
