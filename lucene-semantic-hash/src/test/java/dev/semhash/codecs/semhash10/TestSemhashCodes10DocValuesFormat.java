package dev.semhash.codecs.semhash10;

import org.apache.lucene.codecs.Codec;
import org.apache.lucene.tests.index.BaseDocValuesFormatTestCase;
import org.apache.lucene.tests.util.TestUtil;

/** Lucene's conformance suite for doc-values formats, every field written by SemhashCodes10. */
public class TestSemhashCodes10DocValuesFormat extends BaseDocValuesFormatTestCase {
  private final Codec codec = TestUtil.alwaysDocValuesFormat(new SemhashCodes10DocValuesFormat());

  @Override
  protected Codec getCodec() {
    return codec;
  }
}
