package dev.semhash.codecs.semhash10;

import dev.semhash.index.HammingCodes;
import dev.semhash.index.SubstringIndex;
import org.apache.lucene.tests.util.LuceneTestCase;
import org.apache.lucene.util.BytesRef;

public class TestSubstringLayout extends LuceneTestCase {

  public void testTargetWidthIsClampedLog2() {
    assertEquals(8, SubstringLayout.targetWidth(0));
    assertEquals(8, SubstringLayout.targetWidth(1));
    assertEquals(8, SubstringLayout.targetWidth(300));
    assertEquals(10, SubstringLayout.targetWidth(1000)); // log2 = 9.97
    assertEquals(17, SubstringLayout.targetWidth(100_000)); // 16.6
    assertEquals(20, SubstringLayout.targetWidth(1_000_000)); // 19.93
    assertEquals(23, SubstringLayout.targetWidth(10_000_000)); // 23.25
    assertEquals(30, SubstringLayout.targetWidth(Integer.MAX_VALUE));
  }

  public void testLayoutByHand() {
    // 64 bits, 10^6 codes: t = 20, m = ceil(64 / 20) = 4 runs of 16 bits
    SubstringLayout layout = SubstringLayout.forCodes(64, 1_000_000);
    assertEquals(4, layout.substrings());
    for (int i = 0; i < 4; i++) {
      assertEquals(16 * i, layout.start(i));
      assertEquals(16, layout.width(i));
    }
    // 128 bits, 100k codes: t = 17, m = 8 runs of 16
    assertEquals(8, SubstringLayout.forCodes(128, 100_000).substrings());
    // 72 bits, 1000 codes: t = 10, m = 8, 72 = 8 * 9
    SubstringLayout l72 = SubstringLayout.forCodes(72, 1000);
    assertEquals(8, l72.substrings());
    assertEquals(9, l72.width(7));
    // 20 bits, tiny segment: t = 8, m = 3, widths 7, 7, 6
    SubstringLayout l20 = SubstringLayout.forCodes(20, 3);
    assertEquals(3, l20.substrings());
    assertEquals(7, l20.width(0));
    assertEquals(7, l20.width(1));
    assertEquals(6, l20.width(2));
    assertEquals(14, l20.start(2));
    // 8 bits: one run
    assertEquals(1, SubstringLayout.forCodes(8, 1_000_000).substrings());
  }

  public void testExtractByHand() {
    BytesRef code = new BytesRef(new byte[] {(byte) 0b1010_0000, (byte) 0b0000_1111});
    assertEquals(0b101, SubstringLayout.extract(code, 0, 3));
    assertEquals(0, SubstringLayout.extract(code, 3, 6)); // bits 3..8
    assertEquals(0x80, SubstringLayout.extract(code, 2, 8)); // bits 2..9
    assertEquals(0b011, SubstringLayout.extract(code, 11, 3)); // bits 11..13
    assertEquals(0b1111, SubstringLayout.extract(code, 12, 4));
    assertEquals(0xA00F, SubstringLayout.extract(code, 0, 16));
  }

  public void testExtractMatchesWordExtraction() {
    for (int iter = 0; iter < 1000; iter++) {
      int bytes = 1 + random().nextInt(40);
      byte[] code = new byte[bytes];
      random().nextBytes(code);
      int width = 1 + random().nextInt(Math.min(32, bytes * 8));
      int start = random().nextInt(bytes * 8 - width + 1);
      long[] words = HammingCodes.toWords(code, 0, bytes);
      assertEquals(
          SubstringIndex.extractBits(words, start, width),
          SubstringLayout.extract(new BytesRef(code), start, width));
    }
  }
}
