package dev.semhash.training.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.semhash.training.hashing.vdsh.Binarization;
import org.junit.jupiter.api.Test;

/** Names and reported binarisation of the registered methods. */
class HashingMethodTest {
  @Test
  void nbrRegMethodsAreRegisteredWithMedianThresholds() {
    assertEquals(HashingMethod.NBRREG, HashingMethod.parse("nbrreg"));
    assertEquals(HashingMethod.NBRREG_DOC, HashingMethod.parse("NbrReg-Doc"));
    for (HashingMethod m : new HashingMethod[] {HashingMethod.NBRREG, HashingMethod.NBRREG_DOC}) {
      assertEquals(Binarization.MEDIAN, m.binarization());
      assertFalse(m.supervised());
    }
  }

  @Test
  void binarisationMatchesEachTrainer() {
    assertEquals(Binarization.SIGN, HashingMethod.LSH.binarization());
    assertEquals(Binarization.SIGN, HashingMethod.STH.binarization());
    assertEquals(Binarization.MEDIAN, HashingMethod.VDSH.binarization());
    assertEquals(Binarization.MEDIAN, HashingMethod.VDSH_S.binarization());
    assertEquals(Binarization.MEDIAN, HashingMethod.VDSH_SP.binarization());
    assertEquals("sign (threshold 0)", Binarization.SIGN.describe());
  }
}
