package dev.semhash.training.hashing.nbrreg;

import static dev.semhash.training.hashing.nbrreg.TwentyNewsgroupsSlice.BITS;
import static dev.semhash.training.hashing.nbrreg.TwentyNewsgroupsSlice.SEED;
import static dev.semhash.training.hashing.nbrreg.TwentyNewsgroupsSlice.SMALL;
import static dev.semhash.training.hashing.nbrreg.TwentyNewsgroupsSlice.precisionAt100;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.model.HashModel;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.hashing.vdsh.NeighbourEncoder;
import dev.semhash.training.progress.ProgressReporter;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * NbrReg+Doc on the {@link TwentyNewsgroupsSlice}: the exported encoder, which needs no
 * neighbours, still retrieves far better than LSH (0.0636 on this slice) and VDSH (0.1164, see
 * {@link NbrRegTrainerTest}). About 30 s of CPU on the project's 2-core machine.
 */
class NbrRegDocTrainerTest {
  @Test
  void exportedEncoderWithoutNeighboursRetrievesWell() throws IOException {
    try (Corpus corpus = TwentyNewsgroupsSlice.build();
        HashModel m =
            NbrRegTrainer.train(corpus, NbrRegVariant.NBRREG_DOC, BITS, NbrRegSettings.DEFAULT.withVdsh(SMALL), SEED,
                ProgressReporter.NONE)) {
      double p = precisionAt100(m, corpus);
      System.out.printf("20NG slice, 32 bits: NbrReg+Doc Prec@100 %.4f%n", p);
      // measured (seed 42): 0.2338
      assertTrue(p > 0.17, "NbrReg+Doc Prec@100 " + p);
      assertEquals("nbrreg-doc", m.method());
      assertEquals(NeighbourEncoder.QUERY_TIME, m.info().get("neighbour_encoder"));
      assertEquals(2 * SMALL.hiddenUnits(), m.inputLayer().outputs());
    }
  }
}
