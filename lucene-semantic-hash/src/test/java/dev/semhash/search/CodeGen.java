package dev.semhash.search;

import dev.semhash.index.HammingCodes;
import java.util.Random;

/** Random codes for tests: clustered around a few centres, so every radius finds something. */
final class CodeGen {
  private CodeGen() {}

  static long[] randomCode(Random random, int bits) {
    byte[] bytes = new byte[bits / 8];
    random.nextBytes(bytes);
    return HammingCodes.toWords(bytes, 0, bytes.length);
  }

  /** {@code code} with {@code flips} distinct random bits flipped. */
  static long[] flip(Random random, long[] code, int bits, int flips) {
    long[] out = code.clone();
    int done = 0;
    while (done < Math.min(flips, bits)) {
      int bit = random.nextInt(bits);
      long mask = 1L << (63 - (bit & 63));
      if (((out[bit >>> 6] ^ code[bit >>> 6]) & mask) == 0) {
        out[bit >>> 6] ^= mask;
        done++;
      }
    }
    return out;
  }

  /** {@code n} codes, each a random centre (of {@code centres}) with a few random flips. */
  static long[][] clustered(Random random, int n, int bits, long[][] centres) {
    long[][] codes = new long[n][];
    for (int i = 0; i < n; i++) {
      long[] centre = centres[random.nextInt(centres.length)];
      codes[i] = flip(random, centre, bits, random.nextInt(Math.max(1, bits / 4) + 1));
    }
    return codes;
  }

  static long[][] centres(Random random, int count, int bits) {
    long[][] centres = new long[count][];
    for (int i = 0; i < count; i++) {
      centres[i] = randomCode(random, bits);
    }
    return centres;
  }

  static int randomBits(Random random) {
    int[] choices = {8, 16, 24, 32, 48, 64, 72, 96, 128, 256};
    return choices[random.nextInt(choices.length)];
  }
}
